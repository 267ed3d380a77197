/**
 * GET /api/admin/settings/hero → { hero, updatedAt }: the home hero as stored.
 * PUT the same path { type: 'image', url, alt } | { type: 'color', color } | { type: 'none' } → the saved value,
 * then a rebuild is requested so the home page shows it. Admin only: 401 without a session, 403 for other roles;
 * 403 cross-site, 415 not JSON, 400 not parseable, 422 with the first broken rule.
 */
import { heroSettingInputSchema, heroTexts } from '../../src/domain/admin/hero.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { readHeroSetting, saveHeroSetting } from '../../src/server/admin/hero.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/settings/hero' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') return json(await readHeroSetting(getDatabase()));

  const input = await readJson(request, heroSettingInputSchema, { title: heroTexts.saveFailed });
  if (input instanceof Response) return input;
  const saved = await saveHeroSetting(getDatabase(), admin.actor, input);
  await afterAdminWrite(context, 'hero image changed');
  return json(saved);
};
