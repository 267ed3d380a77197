/** A category's search text (description blocks) as compact JSON, loaded only when a shopper searches. */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { SearchShardFile } from '../../../../domain/catalogue/data-format.ts';
import { builtCatalogue } from '../../_catalogue.ts';

export const getStaticPaths = (async () => {
  const { version, searchFiles } = await builtCatalogue();
  return [...searchFiles].map(([shard, file]) => ({ params: { version, shard }, props: { file } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: SearchShardFile }> = ({ props }) =>
  new Response(JSON.stringify(props.file), { headers: { 'content-type': 'application/json; charset=utf-8' } });
