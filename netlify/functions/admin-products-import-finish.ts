/**
 * POST /api/admin/products/import/finish { importId }
 * → { importId, batches, counts, linksCompleted, untitledProductIds, scrapesStarted, rebuildRequested }: the end of a
 * CSV import (issue 11, point 6). The import's links become 'completed', ONE rebuild is requested for the whole import
 * (when it changed anything, the first time it is finished), and the products created without a title are scraped in
 * the background. 404 when no batch of the import was received. Admin only, with the write guards.
 */
import { csvImportFinishRequestSchema, type CsvImportFinishAnswer } from '../../src/domain/admin/csv/contract.ts';
import { csvTexts } from '../../src/domain/admin/csv/texts.ts';
import { finishCsvImport } from '../../src/server/admin/csv-import.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/import/finish', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, csvImportFinishRequestSchema, { title: csvTexts.importFailed });
  if (body instanceof Response) return body;

  const finished = await finishCsvImport(getDatabase(), admin.actor, body.importId);
  if (!finished) return jsonError(404, csvTexts.importFailed, csvTexts.unknownImport);
  const rebuildRequested = finished.firstFinish && finished.changedAnything;
  if (rebuildRequested) await afterAdminWrite(context, 'products imported');

  // SCRAPE CALL SITE (issue 11, point 6): the lead wires add-by-link's scraper here when merging, e.g.
  //   const scrapes = scrapeImportedProducts(getDatabase(), finished.untitledProductIds, { concurrency: 3 });
  //   if (context?.waitUntil) context.waitUntil(scrapes); else void scrapes;   // failures are ignored (spec section 8)
  //   scrapesStarted = finished.firstFinish ? finished.untitledProductIds.length : 0;
  const scrapesStarted = 0;

  const answer: CsvImportFinishAnswer = {
    importId: body.importId,
    batches: finished.batches,
    counts: finished.counts,
    linksCompleted: finished.linksCompleted,
    untitledProductIds: finished.untitledProductIds,
    scrapesStarted,
    rebuildRequested,
  };
  return json(answer);
};
