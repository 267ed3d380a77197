/**
 * The menus' data for this build, one static file named by its digest (src/components/header/header-data.ts); the copy
 * at a fixed address for the build now served is src/pages/header-data.json.ts.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { headerDataFile, headerDataResponse } from '../../components/header/header-data.ts';

export const getStaticPaths = (async () => {
  const { version, json } = await headerDataFile();
  return [{ params: { version }, props: { json } }];
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ json: string }> = ({ props }) => headerDataResponse(props.json);
