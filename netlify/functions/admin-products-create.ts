/**
 * POST /api/admin/products { name, affiliateUrl, … every field of the product form } → 201 { product }: the product,
 * its affiliate link (status active, platform from the URL) and an audit entry in one transaction, then a rebuild is
 * requested so /product/{slug} appears. Admin only: 401 without a session, 403 for other roles; 403 cross-site,
 * 415 not JSON, 400 not parseable, 413 too large, 422 'Missing required fields' or 'Error creating product' with
 * the broken rule. GET on this path (the products list) is another function's.
 */
import { productInputSchema, productTexts } from '../../src/domain/admin/product-form.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { productWriteErrorResponse, readProductInput } from '../../src/server/admin/product-request.ts';
import { createProduct } from '../../src/server/admin/product-writes.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readProductInput(request, productInputSchema, productTexts.createFailed);
  if (input instanceof Response) return input;

  let product;
  try {
    product = await createProduct(getDatabase(), admin.actor, input);
  } catch (error) {
    return productWriteErrorResponse(error);
  }
  await afterAdminWrite(context, 'product created');
  return json({ product }, { status: 201 });
};
