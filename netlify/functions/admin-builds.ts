/**
 * GET /api/admin/builds → the site's build state (the overview polls it while a build runs).
 * POST /api/admin/builds {} → 202 with the new state: 'Rebuild now'. Admin only.
 */
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { MANUAL_REBUILD_REASON, recordManualRebuild } from '../../src/server/admin/builds.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';
import { rebuildRequestSchema, rebuildTexts } from '../../src/domain/admin/overview.ts';
import { getBuildStatus } from '../../src/server/rebuild.ts';

export const config = { path: '/api/admin/builds' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'POST'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'POST') {
    const input = await readJson(request, rebuildRequestSchema, { title: rebuildTexts.failed });
    if (input instanceof Response) return input;
    await recordManualRebuild(getDatabase(), admin.actor);
    await afterAdminWrite(context, MANUAL_REBUILD_REASON);
    return json(await getBuildStatus(10, getDatabase()), { status: 202 });
  }
  return json(await getBuildStatus(10, getDatabase()));
};
