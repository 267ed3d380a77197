/**
 * POST /api/admin/revenue/report/import { network, headers, mapping?, rows } (1 to 200 rows)
 * → { rows: [{ rowNumber, outcome: created | updated | unchanged | failed, productId, reason? }], counts }: one batch
 * of a network report, each row through the conversions' one idempotent write path (issue 14, point 4), so a batch
 * sent again changes nothing. An audit entry when something changed. Revenue is not content: no rebuild. Admin only,
 * with the write guards; 413 past 2 MB; 422 naming a malformed body.
 */
import { MAX_REPORT_BODY_BYTES, reportImportRequestSchema, reportImportTexts } from '../../src/domain/admin/revenue-report.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { importReportRows } from '../../src/server/admin/report-import.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue/report/import', method: ['POST'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, reportImportRequestSchema, { title: reportImportTexts.importFailed, maxBytes: MAX_REPORT_BODY_BYTES });
  if (body instanceof Response) return body;
  return json(await importReportRows(getDatabase(), admin.actor, body));
};
