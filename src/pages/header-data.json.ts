/**
 * The menus' data of this build, at a fixed address (src/components/header/header-data.ts). Not cached without asking
 * (public/_headers), since its content changes with every build that changes the menus.
 */
import type { APIRoute } from 'astro';
import { headerDataJson } from '../components/header/header-data.ts';

export const GET: APIRoute = async () =>
  new Response(await headerDataJson(), { headers: { 'content-type': 'application/json; charset=utf-8' } });
