/**
 * GET (or HEAD) /media/<sha256>.<jpg|png|webp|avif>: an uploaded image, as the upload function stored it (re-encoded,
 * no metadata). The name is the hash of the bytes, so the answer is cached for a year as immutable, by browsers
 * (Cache-Control) and by Netlify's CDN (Netlify-CDN-Cache-Control), with the type its name gives and nosniff.
 * 404 for a name the store never gave out or does not hold.
 */
import { imageContentTypes, MEDIA_CACHE_CONTROL, mediaFileType } from '../../src/domain/media.ts';
import { immutableFile, jsonError, methodNotAllowed } from '../../src/server/http.ts';
import { mediaStore } from '../../src/server/media/store.ts';

export const config = { path: '/media/:file', method: ['GET', 'HEAD'] };

const notFound = () => jsonError(404, 'Not found', 'There is no image at this address.');

export default async (request: Request, context?: { params?: Record<string, string | undefined> }): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const file = context?.params?.['file'] ?? '';
  const type = mediaFileType(file);
  if (!type) return notFound();
  const bytes = await mediaStore('images').get(file);
  if (!bytes) return notFound();
  return immutableFile(request, bytes, { contentType: imageContentTypes[type], cacheControl: MEDIA_CACHE_CONTROL, etag: file.split('.')[0]! });
};
