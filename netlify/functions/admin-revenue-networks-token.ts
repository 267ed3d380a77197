/**
 * POST /api/admin/revenue-networks/:network/token {} → revenueNetworkTokenSchema: creates the network's postback
 * token, or rotates it (the old URL answers 404 at once). The plain token is in this answer only; the database keeps
 * its hash and the audit log that it was made. No rebuild: nothing public changes. Admin only.
 */
import { revenueNetworkParamSchema, revenueNetworkTexts, revenueNetworkWriteInputSchema } from '../../src/domain/admin/revenue-networks.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { issueRevenueNetworkToken, postbackSiteUrl } from '../../src/server/admin/revenue-networks.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/revenue-networks/:network/token', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const network = revenueNetworkParamSchema.safeParse(context?.params?.network);
  if (!network.success) return jsonError(404, revenueNetworkTexts.notFound, revenueNetworkTexts.notFoundDescription);
  const input = await readJson(request, revenueNetworkWriteInputSchema, { title: revenueNetworkTexts.tokenFailed });
  if (input instanceof Response) return input;
  return json(await issueRevenueNetworkToken(getDatabase(), admin.actor, postbackSiteUrl(request), network.data));
};
