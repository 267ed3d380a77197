/**
 * GET /api/admin/link-health/settings → { autoMarkOutOfStock, updatedAt } (off until set).
 * PUT the same path { autoMarkOutOfStock } → the saved value, with an audit entry. When on, a link found out of stock
 * twice in a row marks its product out of stock and requests a rebuild; when off it is only flagged. Admin only.
 */
import { linkHealthSettingsInputSchema, linkHealthTexts } from '../../src/domain/admin/link-health/api.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { readLinkHealthSettings, saveLinkHealthSettings } from '../../src/server/admin/link-health.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/link-health/settings', method: ['GET', 'PUT'] };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') return json(await readLinkHealthSettings(getDatabase()));
  const input = await readJson(request, linkHealthSettingsInputSchema, { title: linkHealthTexts.settingsFailed });
  if (input instanceof Response) return input;
  return json(await saveLinkHealthSettings(getDatabase(), admin.actor, input));
};
