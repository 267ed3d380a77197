/**
 * DELETE /api/admin/products/:id → { id, name, undoJobId }: deletes the product, its analytics rows first (spec
 * section 7), with its audit entry, then requests the rebuild that takes its page down. The product is kept a day so
 * POST /api/admin/undo/:undoJobId can bring it back.
 * Admin only: 401, 403; 403 cross-site; 404 for an id that is not a product.
 * GET and PUT on the same path belong to the product editor's function.
 */
import { bulkTexts } from '../../src/domain/admin/product-bulk.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { BulkInputError, deleteProduct } from '../../src/server/admin/product-bulk.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/:id', method: ['DELETE'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['DELETE'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context);
  if (id === undefined) return jsonError(404, bulkTexts.productNotFound, bulkTexts.productNotFoundDescription);
  let deleted;
  try {
    deleted = await deleteProduct(getDatabase(), admin.actor, id);
  } catch (error) {
    if (error instanceof BulkInputError) return jsonError(error.status, bulkTexts.productNotFound, error.message);
    throw error;
  }
  await afterAdminWrite(context, 'product deleted');
  return json(deleted);
};
