/**
 * GET /api/admin/products/:id → { product }: one product as the editor shows it, whatever its status.
 * PUT the same path { …the product form, renameSlug? } → { product }: saved in one transaction with its audit entry
 * (attributes the form does not edit are kept; the slug changes only with renameSlug and a new name), then a rebuild
 * is requested. 404 'Product not found' for an unknown id; the guards and 422s of POST /api/admin/products.
 * DELETE on this path is another function's (the products list), hence the method restriction; GET
 * /api/admin/products/export is the CSV export's, hence the excluded path.
 */
import { productTexts, productUpdateSchema } from '../../src/domain/admin/product-form.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { productWriteErrorResponse, readProductInput } from '../../src/server/admin/product-request.ts';
import { readProductForEditing, updateProduct } from '../../src/server/admin/product-writes.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/:id', excludedPath: ['/api/admin/products/export'], method: ['GET', 'PUT'] };

const notFound = () => jsonError(404, productTexts.notFound, productTexts.notFoundDescription);

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context);
  if (id === undefined) return notFound();

  if (request.method === 'GET') {
    const product = await readProductForEditing(getDatabase(), id);
    return product ? json({ product }) : notFound();
  }

  const input = await readProductInput(request, productUpdateSchema, productTexts.updateFailed);
  if (input instanceof Response) return input;
  let product;
  try {
    product = await updateProduct(getDatabase(), admin.actor, id, input);
  } catch (error) {
    return productWriteErrorResponse(error);
  }
  if (!product) return notFound();
  await afterAdminWrite(context, 'product updated');
  return json({ product });
};
