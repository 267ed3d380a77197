/** A category's cards as compact JSON (domain/catalogue/data-format.ts), one static file per shard and build. */
import type { APIRoute, GetStaticPaths } from 'astro';
import type { CardShardFile } from '../../../domain/catalogue/data-format.ts';
import { builtCatalogue } from '../_catalogue.ts';

export const getStaticPaths = (async () => {
  const { version, cardFiles } = await builtCatalogue();
  return [...cardFiles].map(([shard, file]) => ({ params: { version, shard }, props: { file } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ file: CardShardFile }> = ({ props }) =>
  new Response(JSON.stringify(props.file), { headers: { 'content-type': 'application/json; charset=utf-8' } });
