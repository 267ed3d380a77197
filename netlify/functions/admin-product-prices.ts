/**
 * GET /api/admin/products/:id/prices → priceHistorySchema: the product's last price check (when, by what, whether it
 * is stale or failing), the values it holds and its last 30 checks, newest first.
 * POST the same path priceConfirmSchema (the price, sale price and stock the admin saw) → priceHistorySchema: the admin
 * checked the retailer and the price is still right, so it is stamped now (by 'admin') and a rebuild is requested;
 * 409 when the stored values changed since, 422 for a malformed body.
 * 404 'Product not found' for an unknown id. Admin only.
 */
import { priceConfirmSchema, priceTexts } from '../../src/domain/admin/prices.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';
import { confirmProductPrice, readProductPrices } from '../../src/server/prices/price-history.ts';

export const config = { path: '/api/admin/products/:id/prices', method: ['GET', 'POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'POST'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context, 'id');
  const notFound = () => jsonError(404, priceTexts.productNotFound, priceTexts.productNotFoundDescription);
  if (id === undefined) return notFound();
  if (request.method === 'POST') {
    const seen = await readJson(request, priceConfirmSchema, { title: priceTexts.confirmFailed });
    if (seen instanceof Response) return seen;
    const outcome = await confirmProductPrice(getDatabase(), admin.actor, id, seen);
    if (outcome === 'not-found') return notFound();
    if (outcome === 'changed') return jsonError(409, priceTexts.confirmFailed, priceTexts.confirmChanged);
    await afterAdminWrite(context, 'price confirmed');
  }
  const history = await readProductPrices(getDatabase(), id);
  return history ? json(history) : notFound();
};
