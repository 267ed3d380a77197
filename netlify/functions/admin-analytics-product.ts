/**
 * GET /api/admin/analytics/products/:productId?range… → productDrillDownSchema: one product's figures and daily series
 * for the range and its newest conversions. 404 'Product not found' for an unknown id; 400 for a bad range. Admin only.
 */
import { analyticsTexts, parseRangeQuery } from '../../src/domain/admin/analytics.ts';
import { utcDay } from '../../src/domain/revenue/figures.ts';
import { productDrillDown } from '../../src/server/admin/analytics.ts';
import { authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/analytics/products/:productId', method: ['GET'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const range = parseRangeQuery(new URL(request.url).searchParams, utcDay(Date.now()));
  if (!range.ok) return jsonError(400, analyticsTexts.loadFailed, range.message);
  const id = idParam(context, 'productId');
  const drillDown = id === undefined ? undefined : await productDrillDown(getDatabase(), id, range.value);
  if (!drillDown) return jsonError(404, analyticsTexts.productNotFound, analyticsTexts.productNotFoundDescription);
  return json(drillDown);
};
