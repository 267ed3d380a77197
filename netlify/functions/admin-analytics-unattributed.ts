/**
 * GET /api/admin/analytics/unattributed?page=&pageSize= → unattributedPageSchema: every conversion without a product,
 * newest first, to reconcile (POST …/conversions/:id/assign). Admin only; 400 for a bad page.
 */
import { analyticsTexts, parseUnattributedQuery } from '../../src/domain/admin/analytics.ts';
import { unattributedConversions } from '../../src/server/admin/analytics.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/analytics/unattributed', method: ['GET'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const query = parseUnattributedQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonError(400, analyticsTexts.loadFailed, query.message);
  return json(await unattributedConversions(getDatabase(), query.value.page, query.value.pageSize));
};
