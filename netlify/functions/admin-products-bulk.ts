/**
 * POST /api/admin/products/bulk { action, ids | allMatching, categoryId? } → { action, matched, changed, unchanged,
 * missing, title, description }: one action on many products, in one transaction with one audit entry, then one
 * rebuild request when anything changed (issue 10, points 3 and 8).
 * Admin only: 401, 403; 403 cross-site, 415 not JSON, 400 not parseable, 413 too large, 422 with the broken rule.
 */
import { BULK_MAX_BYTES, bulkRequestSchema, bulkTexts } from '../../src/domain/admin/product-bulk.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { applyBulkAction, BulkInputError } from '../../src/server/admin/product-bulk.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/bulk', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, bulkRequestSchema, { title: bulkTexts.failed, maxBytes: BULK_MAX_BYTES });
  if (input instanceof Response) return input;
  try {
    const result = await applyBulkAction(getDatabase(), admin.actor, input);
    if (result.changed > 0) await afterAdminWrite(context, `products bulk ${input.action}`);
    return json(result);
  } catch (error) {
    if (error instanceof BulkInputError) return jsonError(error.status, bulkTexts.failed, error.message);
    throw error;
  }
};
