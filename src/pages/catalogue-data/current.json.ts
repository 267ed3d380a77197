/**
 * The current build's catalogue manifest at a fixed address (domain/catalogue/data-format.ts CatalogueManifestFile):
 * a page built by an earlier deploy, whose data files are gone, reads it to find this build's (deploy-recovery.ts).
 * public/_headers keeps it from being cached without revalidation.
 */
import type { APIRoute } from 'astro';
import { encodeManifest } from '../../domain/catalogue/data-format.ts';
import { builtCatalogue } from './_catalogue.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(encodeManifest(await builtCatalogue())), { headers: { 'content-type': 'application/json; charset=utf-8' } });
