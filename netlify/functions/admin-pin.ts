/**
 * GET /api/admin/pins/:id → { pin }; PUT PinUpdateRequest → { pin, publish? } (draft, scheduled and failed pins only:
 * 409 otherwise); DELETE → { deleted: true } (409 while it is being published). 404 'Pin not found'.
 * /api/admin/pins/defaults is its own function (excludedPath), the other static paths are POST-only.
 */
import { PIN_BODY_MAX_BYTES, pinUpdateRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { publishNow } from '../../src/server/admin/pin-publish.ts';
import { deletePin, PinInputError, updatePin } from '../../src/server/admin/pin-writes.ts';
import { getPin } from '../../src/server/admin/pins.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/pins/:id', excludedPath: ['/api/admin/pins/defaults'], method: ['GET', 'PUT', 'DELETE'] };

const notFound = () => jsonError(404, pinTexts.notFound, pinTexts.notFoundDescription);

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT', 'DELETE'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context);
  if (id === undefined) return notFound();
  const database = getDatabase();
  try {
    if (request.method === 'GET') {
      const pin = await getPin(database, id);
      return pin ? json({ pin }) : notFound();
    }
    if (request.method === 'DELETE') return (await deletePin(database, admin.actor, id)) ? json({ deleted: true }) : notFound();
    const input = await readJson(request, pinUpdateRequestSchema, { title: pinTexts.saveFailed, maxBytes: PIN_BODY_MAX_BYTES });
    if (input instanceof Response) return input;
    const pin = await updatePin(database, admin.actor, id, input);
    if (!pin) return notFound();
    if (input.publish !== 'now') return json({ pin });
    const publish = await publishNow(database, admin.actor, [id]);
    return json({ pin: (await getPin(database, id)) ?? pin, publish });
  } catch (error) {
    if (error instanceof PinInputError) return jsonError(error.status, request.method === 'DELETE' ? pinTexts.deleteFailed : pinTexts.saveFailed, error.message);
    throw error;
  }
};
