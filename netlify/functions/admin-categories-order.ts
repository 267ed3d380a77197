/**
 * PUT /api/admin/categories/order { ids } → { categories }: the header navigation's categories, first to last, get
 * navigation_order 1..n; the others follow in their previous order. Then a rebuild is requested. Admin only, with
 * the write guards of every admin function; 422 for a malformed list, 404 when an id no longer exists.
 */
import { categoryTexts, navigationOrderSchema } from '../../src/domain/admin/categories.ts';
import { CategoryRefusal, reorderNavigation } from '../../src/server/admin/categories.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/categories/order' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['PUT'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, navigationOrderSchema, { title: categoryTexts.reorderFailed });
  if (input instanceof Response) return input;
  try {
    const categories = await reorderNavigation(getDatabase(), admin.actor, input.ids);
    await afterAdminWrite(context, 'navigation reordered');
    return json({ categories });
  } catch (error) {
    if (error instanceof CategoryRefusal) return jsonError(error.status, categoryTexts.reorderFailed, error.description);
    throw error;
  }
};
