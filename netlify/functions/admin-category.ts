/**
 * PUT /api/admin/categories/:id { name, description, showInNavigation } → the saved category.
 * DELETE /api/admin/categories/:id → { deleted, movedProducts }: its products move to 'uncategorized' first.
 * Each write requests a rebuild. Admin only, with the write guards of every admin function; 404 for an unknown id,
 * 409 for a name whose slug is taken, 422 for bad input or for renaming or deleting 'uncategorized'.
 * /api/admin/categories/order is admin-categories-order.ts: excluded here, so ':id' never swallows it.
 */
import { categoryTexts, categoryUpdateSchema } from '../../src/domain/admin/categories.ts';
import { CategoryRefusal, deleteCategory, updateCategory } from '../../src/server/admin/categories.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/categories/:id', excludedPath: '/api/admin/categories/order' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['PUT', 'DELETE'] });
  if ('response' in admin) return admin.response;
  const title = request.method === 'PUT' ? categoryTexts.updateFailed : categoryTexts.deleteFailed;
  const id = idParam(context);
  if (id === undefined) return jsonError(404, title, categoryTexts.notFound);

  try {
    if (request.method === 'DELETE') {
      const deleted = await deleteCategory(getDatabase(), admin.actor, id);
      await afterAdminWrite(context, 'category deleted');
      return json(deleted);
    }
    const input = await readJson(request, categoryUpdateSchema, { title });
    if (input instanceof Response) return input;
    const { category, changed } = await updateCategory(getDatabase(), admin.actor, id, input);
    if (changed) await afterAdminWrite(context, 'category updated');
    return json(category);
  } catch (error) {
    if (error instanceof CategoryRefusal) return jsonError(error.status, title, error.description);
    throw error;
  }
};
