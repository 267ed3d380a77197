/**
 * GET /api/admin/categories → { categories }: every category with its product counts, by name with uncategorized last.
 * POST the same path { name, description?, showInNavigation? } → 201 with the new category, then a rebuild is
 * requested so the catalogue lists it. Admin only: 401 without a session, 403 for other roles; 403 cross-site,
 * 415 not JSON, 400 not parseable, 422 with the first broken rule, 409 when the name's slug is taken.
 */
import { categoryCreateSchema, categoryTexts } from '../../src/domain/admin/categories.ts';
import { CategoryRefusal, createCategory, listAdminCategories } from '../../src/server/admin/categories.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/categories' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'POST'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') return json({ categories: await listAdminCategories(getDatabase()) });

  const input = await readJson(request, categoryCreateSchema, { title: categoryTexts.createFailed });
  if (input instanceof Response) return input;
  try {
    const created = await createCategory(getDatabase(), admin.actor, input);
    await afterAdminWrite(context, 'category created');
    return json(created, { status: 201 });
  } catch (error) {
    if (error instanceof CategoryRefusal) return jsonError(error.status, categoryTexts.createFailed, error.description);
    throw error;
  }
};
