/**
 * GET /api/admin/link-health/:productId → linkHealthHistorySchema: the product, its current link state (or null
 * before its first check) and its checks, newest first. 404 'Product not found' for an unknown id. Admin only.
 */
import { linkHealthTexts } from '../../src/domain/admin/link-health/api.ts';
import { authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { readLinkHealthHistory } from '../../src/server/admin/link-health.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = {
  path: '/api/admin/link-health/:productId',
  excludedPath: ['/api/admin/link-health/settings', '/api/admin/link-health/check'],
  method: ['GET'],
};

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context, 'productId');
  const history = id === undefined ? undefined : await readLinkHealthHistory(getDatabase(), id);
  if (!history) return jsonError(404, linkHealthTexts.productNotFound, linkHealthTexts.productNotFoundDescription);
  return json(history);
};
