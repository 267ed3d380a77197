/**
 * POST /api/admin/pins/bulk PinBulkRequest → PinBulkResult: drafts for a category's products or for every product and
 * post without a pin yet; edit, reschedule, move to drafts or delete several pins (issue 12, point 2). One transaction
 * and one audit entry. Admin only, with the write guards; 422 with the broken rule.
 */
import { PIN_BODY_MAX_BYTES, pinBulkRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { applyPinBulk } from '../../src/server/admin/pin-writes.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/pins/bulk', method: ['POST'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, pinBulkRequestSchema, { title: pinTexts.bulkFailed, maxBytes: PIN_BODY_MAX_BYTES });
  if (input instanceof Response) return input;
  return json(await applyPinBulk(getDatabase(), admin.actor, input));
};
