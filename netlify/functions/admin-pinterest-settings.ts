/**
 * GET /api/admin/pinterest/settings → PinterestState: is a token configured, did Pinterest accept it, the pace, the
 * Trial access notice, the last run. PUT { pinsPerHour } → PinterestState (one transaction with its audit entry).
 */
import { pinterestSettingsRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { appendAudit } from '../../src/server/admin/audit.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';
import { countDuePins } from '../../src/server/jobs/pinterest-publisher.ts';
import { readPinterestState, writePinsPerHour } from '../../src/server/pinterest/state.ts';

export const config = { path: '/api/admin/pinterest/settings', method: ['GET', 'PUT'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT'] });
  if ('response' in admin) return admin.response;
  const database = getDatabase();
  if (request.method === 'PUT') {
    const input = await readJson(request, pinterestSettingsRequestSchema, { title: 'Error saving Pinterest settings' });
    if (input instanceof Response) return input;
    await database.run((db) =>
      db.transaction(async (tx) => {
        await writePinsPerHour(tx, input.pinsPerHour);
        await appendAudit(tx, admin.actor, { action: 'pinterest.settings', entityType: 'setting', entityId: 'pinterest.settings', summary: `Pinterest pace set to ${input.pinsPerHour} pins an hour` });
      }),
    );
  }
  return json(await readPinterestState(database, await countDuePins(database)));
};

