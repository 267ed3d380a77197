/** GET /api/admin/categories → { categories }: every category with its product count. Admin only. */
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { listAdminCategories } from '../../src/server/admin/categories.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { path: '/api/admin/categories' };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  return json({ categories: await listAdminCategories(getDatabase()) });
};
