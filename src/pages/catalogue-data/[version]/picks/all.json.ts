/** Top Picks for every scope as cards (domain/catalogue/data-format.ts PicksFile), so the Top Picks view loads a few kilobytes. */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { PicksFile } from '../../../../domain/catalogue/data-format.ts';
import { builtCatalogue } from '../../_catalogue.ts';

export const getStaticPaths = (async () => {
  const { version, picksFile } = await builtCatalogue();
  return [{ params: { version }, props: { file: picksFile } }];
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: PicksFile }> = ({ props }) =>
  new Response(JSON.stringify(props.file), { headers: { 'content-type': 'application/json; charset=utf-8' } });
