/** The menus' data for this build, one static file named by its digest (src/components/header/header-data.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { headerDataFile } from '../../components/header/header-data.ts';

export const getStaticPaths = (async () => {
  const { version, json } = await headerDataFile();
  return [{ params: { version }, props: { json } }];
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ json: string }> = ({ props }) =>
  new Response(props.json, { headers: { 'content-type': 'application/json; charset=utf-8' } });
