/**
 * GET /api/admin/analytics/tables/:table?range…&sort=&dir=&page=&pageSize= → analyticsTableSchema: a page of the top
 * products, categories or pages of the range, sorted on the server by any of the table's columns. Admin only; 400 with
 * the message for a bad parameter, 404 for an unknown table.
 */
import { analyticsTables, analyticsTexts, parseTableQuery, type AnalyticsTable } from '../../src/domain/admin/analytics.ts';
import { utcDay } from '../../src/domain/revenue/figures.ts';
import { analyticsTablePage } from '../../src/server/admin/analytics.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/analytics/tables/:table', method: ['GET'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const table = context?.params?.table;
  if (!analyticsTables.includes(table as AnalyticsTable)) return jsonError(404, analyticsTexts.loadFailed, analyticsTexts.tableInvalid);
  const query = parseTableQuery(table as AnalyticsTable, new URL(request.url).searchParams, utcDay(Date.now()));
  if (!query.ok) return jsonError(400, analyticsTexts.loadFailed, query.message);
  return json(await analyticsTablePage(getDatabase(), table as AnalyticsTable, query.value));
};
