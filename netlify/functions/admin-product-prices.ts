/**
 * GET /api/admin/products/:id/prices → priceHistorySchema: the product's last price check (when, by what, whether it
 * is stale or failing) and its last 30 checks, newest first. 404 'Product not found' for an unknown id. Admin only.
 */
import { priceTexts } from '../../src/domain/admin/prices.ts';
import { authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';
import { readProductPrices } from '../../src/server/prices/price-history.ts';

export const config = { path: '/api/admin/products/:id/prices', method: ['GET'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context, 'id');
  const history = id === undefined ? null : await readProductPrices(getDatabase(), id);
  if (!history) return jsonError(404, priceTexts.productNotFound, priceTexts.productNotFoundDescription);
  return json(history);
};
