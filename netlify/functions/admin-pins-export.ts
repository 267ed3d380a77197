/**
 * POST /api/admin/pins/export { ids } → PinExport: the chosen pins as Pinterest bulk-create CSV files (at most 100 rows
 * each; the screen offers one download per file) and the pins left out with the reason. Nothing is written.
 */
import { PIN_BODY_MAX_BYTES, pinExportRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { exportPins } from '../../src/server/admin/pin-export.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/pins/export', method: ['POST'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, pinExportRequestSchema, { title: pinTexts.exportFailed, maxBytes: PIN_BODY_MAX_BYTES });
  if (input instanceof Response) return input;
  return json(await exportPins(getDatabase(), input.ids));
};
