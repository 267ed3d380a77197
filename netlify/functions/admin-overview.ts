/**
 * GET /api/admin/overview[?range=7|30|90 | ?from=&to=] → the admin overview: figures, build state, recent activity,
 * latest messages. Clicks, conversions and revenue cover the range (the analytics dashboard's default, 30 days, when
 * none is given). Admin only; 400 naming the field for a bad range.
 */
import { analyticsTexts, parseRangeQuery } from '../../src/domain/admin/analytics.ts';
import { utcDay } from '../../src/domain/revenue/figures.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { getAdminOverview } from '../../src/server/admin/overview.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/overview' };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const range = parseRangeQuery(new URL(request.url).searchParams, utcDay(Date.now()));
  if (!range.ok) return jsonError(400, analyticsTexts.loadFailed, range.message);
  return json(await getAdminOverview(getDatabase(), range.value));
};
