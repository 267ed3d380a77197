/**
 * GET /api/admin/pins/defaults?product=ID or ?post=ID → PinDefaults: what the 'New pin' form starts with (texts, our
 * page with UTM parameters, the affiliate link, the images to choose from). 422 without exactly one source; 404 for
 * an unknown one.
 */
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { pinDefaults } from '../../src/server/admin/pins.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/pins/defaults', method: ['GET'] };

const ID = /^[1-9]\d{0,15}$/;

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const params = new URL(request.url).searchParams;
  const product = params.get('product');
  const post = params.get('post');
  const raw = product ?? post;
  if ((product === null) === (post === null) || !raw || !ID.test(raw)) return jsonError(422, pinTexts.invalidQuery, pinTexts.sourceInvalid);
  const defaults = await pinDefaults(getDatabase(), { type: product !== null ? 'product' : 'post', id: Number(raw) });
  return defaults ? json(defaults) : jsonError(404, pinTexts.notFound, pinTexts.sourceNotFound);
};
