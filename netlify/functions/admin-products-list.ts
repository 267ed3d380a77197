/**
 * GET /api/admin/products?search=&category=&status=&stock=&featured=&price=stale|failing&sort=&dir=&page=&pageSize=
 * → { rows, total, page, pageSize }: every product whatever its status, a page at a time (issue 10, point 3).
 * Admin only: 401 without a session, 403 for other roles; 422 naming the parameter that is wrong.
 */
import { parseProductListQuery, productListTexts } from '../../src/domain/admin/product-list.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { listAdminProducts } from '../../src/server/admin/product-list.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products', method: ['GET'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const query = parseProductListQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonError(422, productListTexts.invalidQuery, query.message);
  return json(await listAdminProducts(getDatabase(), query.value));
};
