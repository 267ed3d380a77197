/**
 * POST /api/admin/products/import/finish { importId }
 * → { importId, batches, counts, linksCompleted, untitledProductIds, scrapesStarted, rebuildRequested, amazonNotice }: the end of a
 * CSV import (issue 11, point 6). The import's links become 'completed', ONE rebuild is requested for the whole import
 * (when it changed anything, the first time it is finished), and the products created without a title are scraped in
 * the background (Amazon's from the Creators API, never scraped; amazonNotice says when it is not configured). 404 when no batch of the import was received. Admin only, with the write guards.
 */
import { csvImportFinishRequestSchema, type CsvImportFinishAnswer } from '../../src/domain/admin/csv/contract.ts';
import { csvTexts } from '../../src/domain/admin/csv/texts.ts';
import { finishCsvImport } from '../../src/server/admin/csv-import.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { amazonImportNotice } from '../../src/server/admin/import-amazon.ts';
import { scrapeImportedProducts } from '../../src/server/admin/import-scrapes.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';
import { requestRebuild } from '../../src/server/rebuild.ts';

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

  // The products created without a title are scraped after the answer (spec section 7: failures ignored). Their
  // pages may take seconds each, so the import does not wait; scraped products are public only if the CSV made them
  // so, and then one more (coalesced) rebuild brings their scraped fields live.
  const scrapesStarted = finished.firstFinish ? finished.untitledProductIds.length : 0;
  if (scrapesStarted > 0) {
    const scrapes = scrapeImportedProducts(getDatabase(), finished.untitledProductIds, { actor: admin.actor })
      .then(async ({ scraped }) => {
        if (scraped > 0) await requestRebuild('imported products scraped');
      })
      .catch((error: unknown) => console.error('import scrapes failed', error));
    if (context?.waitUntil) context.waitUntil(scrapes);
  }

  const answer: CsvImportFinishAnswer = {
    importId: body.importId,
    batches: finished.batches,
    counts: finished.counts,
    linksCompleted: finished.linksCompleted,
    untitledProductIds: finished.untitledProductIds,
    scrapesStarted,
    rebuildRequested,
    amazonNotice: finished.firstFinish ? await amazonImportNotice(getDatabase(), finished.untitledProductIds) : null,
  };
  return json(answer);
};
