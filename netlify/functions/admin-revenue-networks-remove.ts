/**
 * DELETE /api/admin/revenue-networks/:network → revenueNetworkSchema (now not configured): the token and secret are
 * deleted, so the network's postbacks answer 404; the conversions it sent stay. 404 when it was not configured.
 * No rebuild: nothing public changes. Admin only.
 */
import { revenueNetworkParamSchema, revenueNetworkTexts } from '../../src/domain/admin/revenue-networks.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { postbackSiteUrl, removeRevenueNetwork } from '../../src/server/admin/revenue-networks.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue-networks/:network', method: ['DELETE'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['DELETE'] });
  if ('response' in admin) return admin.response;
  const network = revenueNetworkParamSchema.safeParse(context?.params?.network);
  if (!network.success) return jsonError(404, revenueNetworkTexts.notFound, revenueNetworkTexts.notFoundDescription);
  const removed = await removeRevenueNetwork(getDatabase(), admin.actor, postbackSiteUrl(request), network.data);
  return removed ? json(removed) : jsonError(404, revenueNetworkTexts.notConfigured, revenueNetworkTexts.notConfiguredDescription);
};
