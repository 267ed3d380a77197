/**
 * POST /api/admin/pins/publish { ids } → PublishReport: 'Publish now' for the chosen pins through the same service as
 * the scheduler (within the hourly cap). Without a token: 200 with stoppedBecause 'not-configured' and nothing changed.
 */
import { PIN_BODY_MAX_BYTES, publishNowRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { publishNow } from '../../src/server/admin/pin-publish.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/pins/publish', method: ['POST'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, publishNowRequestSchema, { title: pinTexts.publishFailed, maxBytes: PIN_BODY_MAX_BYTES });
  if (input instanceof Response) return input;
  return json(await publishNow(getDatabase(), admin.actor, input.ids));
};
