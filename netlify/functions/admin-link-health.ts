/**
 * GET /api/admin/link-health?view=problems|all&class=&page=&pageSize= → linkHealthListSchema: link problems worst
 * first (flagged and not acknowledged, and links the retailer blocked), the overview's counts by class, the open and
 * the last run. Admin only: 401 without a session, 403 for other roles; 400 with the message for a bad parameter.
 */
import { linkHealthListQuerySchema, linkHealthTexts } from '../../src/domain/admin/link-health/api.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { listLinkHealth } from '../../src/server/admin/link-health.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/link-health', method: ['GET'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const query = linkHealthListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const issue = query.error.issues[0];
    const message = issue?.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}.` : (issue?.message ?? linkHealthTexts.listFailed);
    return jsonError(400, linkHealthTexts.listFailed, message);
  }
  return json(await listLinkHealth(getDatabase(), query.data));
};
