/**
 * POST /api/admin/link-health/:productId/acknowledge { class, finalUrl } → the product's linkHealthRowSchema, now
 * acknowledged: the result stops being reported until the class or final URL changes. The body repeats the result
 * the screen showed; 409 when it has changed since. 404 for an unknown product or one never checked. Admin only.
 */
import { linkHealthAcknowledgeInputSchema, linkHealthTexts } from '../../src/domain/admin/link-health/api.ts';
import { authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { acknowledgeLinkHealth } from '../../src/server/admin/link-health.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/link-health/:productId/acknowledge', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context, 'productId');
  if (id === undefined) return jsonError(404, linkHealthTexts.productNotFound, linkHealthTexts.productNotFoundDescription);
  const input = await readJson(request, linkHealthAcknowledgeInputSchema, { title: linkHealthTexts.acknowledgeFailed });
  if (input instanceof Response) return input;
  const outcome = await acknowledgeLinkHealth(getDatabase(), admin.actor, id, input);
  if (outcome.ok) return json(outcome.row);
  if (outcome.reason === 'not-found') return jsonError(404, linkHealthTexts.productNotFound, linkHealthTexts.productNotFoundDescription);
  if (outcome.reason === 'not-checked') return jsonError(404, linkHealthTexts.notChecked, linkHealthTexts.notCheckedDescription);
  return jsonError(409, linkHealthTexts.acknowledgeFailed, linkHealthTexts.resultChanged);
};
