/**
 * POST /api/admin/products/batch { products: [entry, …] } (1 to 50 entries) → { created, failed, results }: Multi-Product.
 * Each entry is checked and created on its own, all or nothing (its product, affiliate link and audit entry in one
 * transaction); a bad entry is answered { ok: false, reason } beside the others. One rebuild is requested when any
 * was created. Admin only, with the same guards as every admin write; 422 for a body without entries.
 */
import { batchRequestSchema, batchTexts, MAX_BATCH_BODY_BYTES } from '../../src/domain/admin/product-batch.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { createProductBatch } from '../../src/server/admin/product-writes.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/batch', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, batchRequestSchema, { title: batchTexts.failed, maxBytes: MAX_BATCH_BODY_BYTES });
  if (body instanceof Response) return body;

  const outcome = await createProductBatch(getDatabase(), admin.actor, body.products);
  if (outcome.created > 0) await afterAdminWrite(context, 'products created');
  return json(outcome);
};
