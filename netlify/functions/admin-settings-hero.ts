/**
 * GET /api/admin/settings/hero → { hero, updatedAt }: the home hero as stored.
 * PUT the same path { type: 'image', url, alt } | { type: 'color', color } | { type: 'none' } → the saved value,
 * then a rebuild is requested so the home page shows it. Admin only: 401 without a session, 403 for other roles;
 * 403 cross-site, 415 not JSON, 400 not parseable, 422 with the first broken rule.
 */
import { heroSettingInputSchema, heroTexts } from '../../src/domain/admin/hero.ts';
import { readHeroSetting, saveHeroSetting } from '../../src/server/admin/hero.ts';
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { guardStateChange, json, methodNotAllowed, readJson, requireJson } from '../../src/server/http.ts';
import { requestRebuild } from '../../src/server/rebuild.ts';
import { requireAdmin } from '../../src/server/request-user.ts';

export const config = { path: '/api/admin/settings/hero' };

export default async (request: Request, context?: { waitUntil?: (promise: Promise<unknown>) => void }): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL });
  if (refused) return refused;
  const auth = await requireAdmin(request);
  if ('response' in auth) return auth.response;
  if (request.method === 'GET') return json(await readHeroSetting(getDatabase()));

  const unsupported = requireJson(request);
  if (unsupported) return unsupported;
  const input = await readJson(request, heroSettingInputSchema, { title: heroTexts.saveFailed });
  if (input instanceof Response) return input;
  const saved = await saveHeroSetting(getDatabase(), input);
  // The row is written before the answer either way; with a build hook the call itself may wait for its window.
  const rebuild = requestRebuild('hero image changed');
  if (context?.waitUntil) context.waitUntil(rebuild);
  else await rebuild;
  return json(saved);
};
