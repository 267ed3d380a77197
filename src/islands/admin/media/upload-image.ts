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
import { z } from 'zod';
import { ApiError } from '../../../lib/api.ts';
import { adminRequest } from '../api.ts';

/** A whole image (201) or the receipt of one part of it (202). */
const answerSchema = z.union([uploadedImageSchema, uploadPartAnswerSchema]);

const uploadFailed = (status: number) => ({ title: uploadTexts.title, description: status === 413 ? uploadTexts.tooLarge : `The upload failed (${status}).` });

export async function uploadImage(file: Blob): Promise<UploadedImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, uploadTexts.title, uploadTexts.tooLarge);
  if (file.size === 0) throw new ApiError(422, uploadTexts.title, uploadTexts.empty);
  let uploadId: string | undefined;
  for (const { start, end } of uploadParts(file.size)) {
    const headers: Record<string, string> = { [uploadHeaders.length]: String(file.size), [uploadHeaders.offset]: String(start) };
    if (uploadId) headers[uploadHeaders.id] = uploadId;
    const answer = await adminRequest('/api/admin/media', answerSchema, { method: 'POST', bytes: file.slice(start, end), headers, fallbackError: uploadFailed });
    if ('url' in answer) return answer;
    uploadId = answer.uploadId;
  }
  throw new ApiError(500, uploadTexts.title, 'The server sent an answer the admin panel does not understand.');
}
