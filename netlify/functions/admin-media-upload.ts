/**
 * POST /api/admin/media: an image file's bytes (application/octet-stream), whole or one part of it, with
 * Upload-Length (the whole file's size), Upload-Offset (where this part starts; 0 or absent for the first) and, after
 * the first part, the Upload-Id the first answer gave. Files larger than one part (4 MB, the most Netlify lets a
 * function receive) are sent in parts (src/domain/media.ts).
 * → 201 { url, type, width, height, bytes } once the whole file is in: the re-encoded image, at /media/<sha256>.<ext>;
 * → 202 { uploadId, received } for a part that is not the last.
 * Admin only (401, 403 'Access Denied'), 403 cross-site, 405 other methods, 413 over 10 MB (checked against the
 * declared size before a byte is read), 415 not JPEG/PNG/WebP/AVIF by its first bytes or not sent as bytes, 422 an
 * image that does not decode or a missing size, 409 a part that does not follow the previous one.
 */
import { MAX_UPLOAD_BYTES, UPLOAD_PART_BYTES, uploadHeaders, uploadRequestTexts, uploadTexts } from '../../src/domain/media.ts';
import { env } from '../../src/server/env.ts';
import { guardStateChange, json, jsonError, methodNotAllowed, readBodyBytes } from '../../src/server/http.ts';
import { mediaStore } from '../../src/server/media/store.ts';
import { receiveUpload } from '../../src/server/media/upload.ts';
import { requireAdmin } from '../../src/server/request-user.ts';

export const config = { path: '/api/admin/media' };

const wholeNumber = (value: string | null) => (value !== null && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : undefined);

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL });
  if (refused) return refused;
  const admin = await requireAdmin(request);
  if ('response' in admin) return admin.response;
  // Bytes only: a cross-site HTML form cannot send this type without the browser asking first (CORS preflight).
  if (request.headers.get('content-type')?.split(';', 1)[0]!.trim().toLowerCase() !== 'application/octet-stream') {
    return jsonError(415, uploadTexts.title, uploadRequestTexts.notBytes);
  }

  const length = wholeNumber(request.headers.get(uploadHeaders.length) ?? request.headers.get('content-length'));
  const offset = request.headers.has(uploadHeaders.offset) ? wholeNumber(request.headers.get(uploadHeaders.offset)) : 0;
  if (length === undefined || offset === undefined) return jsonError(422, uploadTexts.title, uploadRequestTexts.badLength);
  if (length > MAX_UPLOAD_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    return jsonError(413, uploadTexts.title, uploadTexts.tooLarge);
  }
  const body = await readBodyBytes(request, UPLOAD_PART_BYTES);
  if (!body.ok) {
    return body.reason === 'too-large'
      ? jsonError(413, uploadTexts.title, uploadRequestTexts.partTooLarge)
      : jsonError(400, uploadTexts.title, uploadTexts.badPart);
  }

  const outcome = await receiveUpload(
    { images: mediaStore('images'), parts: mediaStore('upload-parts') },
    admin.user.id,
    { length, offset, uploadId: request.headers.get(uploadHeaders.id) ?? undefined, bytes: body.bytes },
  );
  if (outcome.status === 201) return json(outcome.image, { status: 201 });
  if (outcome.status === 202) return json({ uploadId: outcome.uploadId, received: outcome.received }, { status: 202 });
  return jsonError(outcome.status, uploadTexts.title, outcome.message);
};
