/** GET /api/admin/overview → the admin overview: figures, build state, recent activity, latest messages. Admin only. */
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { getAdminOverview } from '../../src/server/admin/overview.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { path: '/api/admin/overview' };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  return json(await getAdminOverview(getDatabase()));
};
