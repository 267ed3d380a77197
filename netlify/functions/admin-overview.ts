/** GET /api/admin/overview → the admin overview's figures. Admin only. */
import { getAdminOverview } from '../../src/server/admin-overview.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, methodNotAllowed } from '../../src/server/http.ts';
import { requireAdmin } from '../../src/server/request-user.ts';

export const config = { path: '/api/admin/overview' };

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'GET') return methodNotAllowed(['GET']);
  const auth = await requireAdmin(request);
  if ('response' in auth) return auth.response;
  return json(await getAdminOverview(getDatabase()));
};
