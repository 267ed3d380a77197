/**
 * POST /api/admin/products/import/preview { rows: [{ rowNumber, values }] } (1 to 500 rows)
 * → { rows: [{ rowNumber, outcome: 'new' | 'update' | 'delete' | 'error', productId?, reason? }] }: what each CSV row
 * would do (issue 11, point 6). Nothing is written. Admin only, with the write guards; 422 naming a malformed body.
 */
import { csvPreviewRequestSchema, MAX_IMPORT_BODY_BYTES, type CsvPreviewAnswer } from '../../src/domain/admin/csv/contract.ts';
import { csvTexts } from '../../src/domain/admin/csv/texts.ts';
import { previewCsvRows } from '../../src/server/admin/csv-import.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/import/preview', method: ['POST'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, csvPreviewRequestSchema, { title: csvTexts.processingFailed, maxBytes: MAX_IMPORT_BODY_BYTES });
  if (body instanceof Response) return body;
  const answer: CsvPreviewAnswer = { rows: await previewCsvRows(getDatabase(), body.rows) };
  return json(answer);
};
