/**
 * Sends an image file to POST /api/admin/media: whole when it fits in one part, else part by part (each request at
 * most UPLOAD_PART_BYTES, which fits in what Netlify lets a function receive). The server reads the type from the bytes
 * and re-encodes the image; the answer is its stable /media/… URL. Failures are thrown as ApiError with the server's
 * message (or the same message for a file refused here before sending, over 10 MB).
 */
import {
  MAX_UPLOAD_BYTES,
  uploadedImageSchema,
  uploadHeaders,
  uploadPartAnswerSchema,
  uploadParts,
  uploadTexts,
  type UploadedImage,
} from '../../../domain/media.ts';
import { ApiError } from '../../../lib/api.ts';

async function send(part: Blob, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch('/api/admin/media', {
      method: 'POST',
      body: part,
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json', ...headers },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Network error', 'Please check your connection and try again.');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: a platform error page (Netlify's own 413, a gateway timeout); the status speaks below.
  }
  if (!response.ok) {
    const error = (body as { error?: { title?: unknown; description?: unknown } } | null)?.error;
    const description = typeof error?.description === 'string' ? error.description : response.status === 413 ? uploadTexts.tooLarge : `The upload failed (${response.status}).`;
    throw new ApiError(response.status, typeof error?.title === 'string' ? error.title : uploadTexts.title, description);
  }
  return { status: response.status, body };
}

export async function uploadImage(file: Blob): Promise<UploadedImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, uploadTexts.title, uploadTexts.tooLarge);
  if (file.size === 0) throw new ApiError(422, uploadTexts.title, uploadTexts.empty);
  let uploadId: string | undefined;
  for (const { start, end } of uploadParts(file.size)) {
    const headers: Record<string, string> = { [uploadHeaders.length]: String(file.size), [uploadHeaders.offset]: String(start) };
    if (uploadId) headers[uploadHeaders.id] = uploadId;
    const answer = await send(file.slice(start, end), headers);
    if (answer.status === 201) {
      const image = uploadedImageSchema.safeParse(answer.body);
      if (image.success) return image.data;
      break;
    }
    const part = uploadPartAnswerSchema.safeParse(answer.body);
    if (!part.success) break;
    uploadId = part.data.uploadId;
  }
  throw new ApiError(500, uploadTexts.title, 'The server sent an answer the admin panel does not understand.');
}
