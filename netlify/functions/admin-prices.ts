/**
 * GET /api/admin/prices → priceOverviewSchema: how many prices are stale or failing, the stale limit and when the price
 * refresh last ran (null: never). PUT the same path { staleAfterHours } (a whole number of hours, 1 to 24) → the
 * figures under the new limit, with an audit entry; a rebuild is requested, since pages decide with the limit.
 * Admin only: 401 without a session, 403 for other roles or cross-site, 415 not JSON, 422 with the rule broken.
 */
import { priceSettingsInputSchema, priceTexts } from '../../src/domain/admin/prices.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';
import { readPriceOverview, savePriceSettings } from '../../src/server/prices/price-settings.ts';

export const config = { path: '/api/admin/prices', method: ['GET', 'PUT'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') return json(await readPriceOverview(getDatabase()));
  const input = await readJson(request, priceSettingsInputSchema, { title: priceTexts.settingsFailed });
  if (input instanceof Response) return input;
  await savePriceSettings(getDatabase(), admin.actor, input);
  await afterAdminWrite(context, 'price stale limit changed');
  return json(await readPriceOverview(getDatabase()));
};
