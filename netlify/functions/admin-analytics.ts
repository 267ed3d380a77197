/**
 * GET /api/admin/analytics?range=7|30|90 | ?from=YYYY-MM-DD&to=YYYY-MM-DD → analyticsSummarySchema: the totals of the
 * range (UTC days) and of the previous period of equal length, the change, and the daily series. Admin only: 401
 * without a session, 403 for other roles; 400 naming the field for a bad range.
 */
import { analyticsTexts, parseRangeQuery } from '../../src/domain/admin/analytics.ts';
import { utcDay } from '../../src/domain/revenue/figures.ts';
import { analyticsSummary } from '../../src/server/admin/analytics.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/analytics', method: ['GET'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const range = parseRangeQuery(new URL(request.url).searchParams, utcDay(Date.now()));
  if (!range.ok) return jsonError(400, analyticsTexts.loadFailed, range.message);
  return json(await analyticsSummary(getDatabase(), range.value));
};
