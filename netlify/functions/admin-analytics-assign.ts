/**
 * POST /api/admin/analytics/conversions/:conversionId/assign { productId } → assignedConversionSchema: an unattributed
 * conversion gets its product, which is credited its count and commission once (src/server/revenue/conversions.ts).
 * 409 when the conversion already has a product, 404 for an unknown conversion or product. Admin only, audited.
 */
import { analyticsTexts, assignInputSchema } from '../../src/domain/admin/analytics.ts';
import { assignConversion } from '../../src/server/admin/analytics-assign.ts';
import { authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/analytics/conversions/:conversionId/assign', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context, 'conversionId');
  if (id === undefined) return jsonError(404, analyticsTexts.conversionNotFound, analyticsTexts.conversionNotFoundDescription);
  const input = await readJson(request, assignInputSchema, { title: analyticsTexts.assignFailed });
  if (input instanceof Response) return input;
  const outcome = await assignConversion(getDatabase(), admin.actor, id, input.productId);
  if (outcome.ok) return json(outcome.assigned);
  if (outcome.reason === 'not-found') return jsonError(404, analyticsTexts.conversionNotFound, analyticsTexts.conversionNotFoundDescription);
  if (outcome.reason === 'no-product') return jsonError(404, analyticsTexts.productNotFound, analyticsTexts.productNotFoundDescription);
  return jsonError(409, analyticsTexts.assignFailed, analyticsTexts.alreadyAttributed);
};
