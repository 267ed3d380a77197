/**
 * GET /api/admin/revenue-networks → revenueNetworkListSchema: every network that can send conversion postbacks,
 * configured or not, with when its token was made and rotated, whether it signs, and its postback URL template.
 * Admin only.
 */
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { listRevenueNetworks, postbackSiteUrl } from '../../src/server/admin/revenue-networks.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue-networks', method: ['GET'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  return json({ networks: await listRevenueNetworks(getDatabase(), postbackSiteUrl(request)) });
};
