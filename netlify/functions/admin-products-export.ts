/**
 * GET /api/admin/products/export?search=&category=&status=&stock=&featured= → text/csv attachment
 * repwell-products-YYYY-MM-DD.csv (issue 11, point 7): every product matching the Manage list's filter (its sort and
 * paging parameters are accepted and ignored), with the template's columns and the formula guard, streamed.
 * Admin only: 401 without a session, 403 for other roles; 422 naming a wrong parameter.
 */
import { exportFileName } from '../../src/domain/admin/csv/export-row.ts';
import { csvTexts } from '../../src/domain/admin/csv/texts.ts';
import { filterOf, parseProductListQuery } from '../../src/domain/admin/product-list.ts';
import { exportProductsCsv } from '../../src/server/admin/csv-export.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { attachment, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/export', method: ['GET'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const query = parseProductListQuery(new URL(request.url).searchParams);
  if (!query.ok) return jsonError(422, csvTexts.exportFailed, query.message);

  return attachment(exportProductsCsv(getDatabase(), filterOf(query.value)), exportFileName(new Date()), 'text/csv; charset=utf-8');
};
