/**
 * GET /api/admin/analytics/export?table=daily|products|categories|pages|unattributed|conversions[&product=]&range…&sort=&dir=
 * → a CSV download of the whole table in the screen's order (src/domain/admin/analytics-csv.ts: every cell guarded
 * against formula injection). Admin only; 400 with the message for a bad parameter.
 */
import { analyticsTexts, exportFileName, parseExportQuery } from '../../src/domain/admin/analytics.ts';
import { utcDay } from '../../src/domain/revenue/figures.ts';
import { exportAnalyticsCsv } from '../../src/server/admin/analytics-export.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { attachment, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/analytics/export', method: ['GET'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const query = parseExportQuery(new URL(request.url).searchParams, utcDay(Date.now()));
  if (!query.ok) return jsonError(400, analyticsTexts.exportFailed, query.message);
  const body = await exportAnalyticsCsv(getDatabase(), query.value);
  const name = query.value.table === 'conversions' ? `product-${query.value.productId}-conversions` : query.value.table;
  return attachment(body, exportFileName(name, 'range' in query.value ? query.value.range : null), 'text/csv; charset=utf-8');
};
