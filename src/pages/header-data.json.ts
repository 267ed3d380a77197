/**
 * The menus' data of the build now served, at a fixed address (src/components/header/header-data.ts): a page left open
 * across a deploy names its build's file, which the deploy removed, and reads this one instead (header-data-client.ts).
 * Not cached without asking (public/_headers), since its content changes with every build that changes the menus.
 */
import type { APIRoute } from 'astro';
import { headerDataFile, headerDataResponse } from '../components/header/header-data.ts';

export const GET: APIRoute = async () => headerDataResponse((await headerDataFile()).json);
