/**
 * POST /api/admin/revenue-networks/:network/secret {} → revenueNetworkSecretSchema: a new HMAC-SHA256 secret made on
 * the server and shown once; from now on the network's postbacks must carry a matching signature.
 * DELETE the same path → revenueNetworkSchema: signatures are no longer required.
 * 404 for a network without a token. No rebuild: nothing public changes. Admin only.
 */
import { revenueNetworkParamSchema, revenueNetworkTexts, revenueNetworkWriteInputSchema } from '../../src/domain/admin/revenue-networks.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { clearRevenueNetworkSecret, issueRevenueNetworkSecret, postbackSiteUrl } from '../../src/server/admin/revenue-networks.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue-networks/:network/secret', method: ['POST', 'DELETE'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST', 'DELETE'] });
  if ('response' in admin) return admin.response;
  const network = revenueNetworkParamSchema.safeParse(context?.params?.network);
  if (!network.success) return jsonError(404, revenueNetworkTexts.notFound, revenueNetworkTexts.notFoundDescription);
  const siteUrl = postbackSiteUrl(request);
  if (request.method === 'DELETE') {
    const cleared = await clearRevenueNetworkSecret(getDatabase(), admin.actor, siteUrl, network.data);
    return cleared ? json(cleared) : jsonError(404, revenueNetworkTexts.notConfigured, revenueNetworkTexts.notConfiguredDescription);
  }
  const input = await readJson(request, revenueNetworkWriteInputSchema, { title: revenueNetworkTexts.secretFailed });
  if (input instanceof Response) return input;
  const issued = await issueRevenueNetworkSecret(getDatabase(), admin.actor, siteUrl, network.data);
  return issued ? json(issued) : jsonError(404, revenueNetworkTexts.notConfigured, revenueNetworkTexts.notConfiguredDescription);
};
