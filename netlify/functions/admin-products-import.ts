/**
 * POST /api/admin/products/import { importId, batchIndex, rows: [{ rowNumber, values }] } (1 to 200 rows)
 * → { importId, batchIndex, rows: [{ rowNumber, outcome, productId?, reason?, changed? }], counts }: one batch of a
 * CSV import, in one transaction with its audit entry (issue 11, point 6). The same (importId, batchIndex) again
 * changes nothing and answers as the first time, with `x-import-replay: true`. No rebuild here: the finish call
 * requests one for the whole import. Admin only, with the write guards; 413 past 2 MB; 422 naming a malformed body.
 */
import { csvImportBatchRequestSchema, MAX_IMPORT_BODY_BYTES } from '../../src/domain/admin/csv/contract.ts';
import { csvTexts } from '../../src/domain/admin/csv/texts.ts';
import { importCsvBatch } from '../../src/server/admin/csv-import.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/import', method: ['POST'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, csvImportBatchRequestSchema, { title: csvTexts.importFailed, maxBytes: MAX_IMPORT_BODY_BYTES });
  if (body instanceof Response) return body;
  const { answer, replayed } = await importCsvBatch(getDatabase(), admin.actor, body);
  return json(answer, { headers: replayed ? { 'x-import-replay': 'true' } : {} });
};
