/**
 * GET /api/admin/pins?status=&board=&source=&page=&pageSize= → PinList: pins newest first, a page at a time, with
 * counts per status (issue 12, point 1).
 * POST /api/admin/pins PinCreateRequest → { pin, publish? }: a pin from a product or post; texts, link and image
 * default to the source's; publish 'now' runs the publisher for it at once.
 * Admin only: 401, 403; 403 cross-site, 415 not JSON, 400 unparseable, 422 with the broken rule (src/domain/admin/pinterest/api.ts).
 */
import { parsePinListQuery, PIN_BODY_MAX_BYTES, pinCreateRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { publishNow } from '../../src/server/admin/pin-publish.ts';
import { createPin, PinInputError } from '../../src/server/admin/pin-writes.ts';
import { getPin, listPins } from '../../src/server/admin/pins.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/pins', method: ['GET', 'POST'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'POST'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') {
    const query = parsePinListQuery(new URL(request.url).searchParams);
    if (!query.ok) return jsonError(422, pinTexts.invalidQuery, query.message);
    return json(await listPins(getDatabase(), query.value));
  }
  const input = await readJson(request, pinCreateRequestSchema, { title: pinTexts.saveFailed, maxBytes: PIN_BODY_MAX_BYTES });
  if (input instanceof Response) return input;
  try {
    const pin = await createPin(getDatabase(), admin.actor, input);
    if (input.publish !== 'now') return json({ pin }, { status: 201 });
    const publish = await publishNow(getDatabase(), admin.actor, [pin.id]);
    return json({ pin: (await getPin(getDatabase(), pin.id)) ?? pin, publish }, { status: 201 });
  } catch (error) {
    if (error instanceof PinInputError) return jsonError(error.status, pinTexts.saveFailed, error.message);
    throw error;
  }
};
