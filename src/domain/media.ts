/**
 * Uploaded images (the hero and product images): which files are accepted, how their type is told, how they are sent
 * and where they are served. Pure rules shared by the upload function, the media route and the admin panel.
 *
 * The type comes from the file's first bytes, never from its name or the Content-Type the browser guessed from the
 * name: a PNG named photo.jpg is a PNG, and an SVG or HTML page named image.png is not an image at all (an SVG may
 * carry scripts, so it is never accepted).
 */

import { z } from 'zod';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

export const MB = 1024 * 1024;

/** The largest file an admin may upload. */
export const MAX_UPLOAD_BYTES = 10 * MB;

/**
 * The largest part of a file one request carries. Netlify buffers a function's request body up to 6 MB, and a binary
 * body reaches the function Base64-encoded (a third larger), so about 4.5 MB of bytes fit in one request; files larger
 * than a part are sent in parts and joined on the server.
 */
export const UPLOAD_PART_BYTES = 4 * MB;

/** At most this many parts make one file (10 MB in 4 MB parts). */
export const MAX_UPLOAD_PARTS = Math.ceil(MAX_UPLOAD_BYTES / UPLOAD_PART_BYTES);

export const imageContentTypes: Readonly<Record<ImageType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export const imageExtensions: Readonly<Record<ImageType, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** What the admin panel says next to an upload button. */
export const UPLOAD_HINT = 'JPEG, PNG, WebP or AVIF, at most 10 MB; location and camera data are removed.';

/** What the file picker offers; the server still reads the bytes. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

export const uploadTexts = {
  title: 'Image not uploaded',
  tooLarge: 'The image is larger than 10 MB. Choose a smaller file.',
  empty: 'The file is empty.',
  notAnImage: 'Only JPEG, PNG, WebP and AVIF images can be uploaded. The file’s contents are not one of these.',
  unreadable: 'The image could not be read. It may be damaged; try saving it again or choose another file.',
  badPart: 'The upload was interrupted. Please choose the file again.',
  uploaded: 'Image uploaded',
  uploading: 'Uploading…',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** HEIF's generic brands: such a file is AVIF only when AVIF is among its compatible brands. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** An ISO-BMFF `ftyp` box at the start whose major brand is AVIF, or a generic HEIF brand with AVIF compatible. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16 || boxSize > Math.min(bytes.length, 4096)) return false;
  const major = ascii(bytes, 8, 12);
  if (AVIF_BRANDS.has(major)) return true;
  if (!GENERIC_HEIF_BRANDS.has(major)) return false;
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) if (AVIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return true;
  return false;
}

/** The image type the bytes begin with, or null when they begin like none of the accepted ones. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

export type UploadCheck = { ok: true; type: ImageType } | { ok: false; status: 413 | 415 | 422; message: string };

/** Whether a whole file (or its first part, with the whole size) may be uploaded: its size, then its first bytes. */
export function checkUpload(firstBytes: Uint8Array, totalBytes: number): UploadCheck {
  if (totalBytes > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: uploadTexts.tooLarge };
  if (totalBytes === 0) return { ok: false, status: 422, message: uploadTexts.empty };
  const type = sniffImageType(firstBytes);
  if (!type) return { ok: false, status: 415, message: uploadTexts.notAnImage };
  return { ok: true, type };
}

/** A stored image's name: its content hash and the extension of its type, so a name never changes content. */
const MEDIA_FILE = /^([0-9a-f]{64})\.(jpg|png|webp|avif)$/;

export const MEDIA_PATH_PREFIX = '/media/';

export function mediaFileName(hash: string, type: ImageType): string {
  return `${hash}.${imageExtensions[type]}`;
}

export function mediaUrl(fileName: string): string {
  return MEDIA_PATH_PREFIX + fileName;
}

/** The type of a stored image's name, or null for a name the store never gives out. */
export function mediaFileType(fileName: string): ImageType | null {
  const extension = MEDIA_FILE.exec(fileName)?.[2];
  if (!extension) return null;
  return (Object.keys(imageExtensions) as ImageType[]).find((type) => imageExtensions[type] === extension) ?? null;
}

/** How a file is cut into the requests that carry it: [start, end) byte ranges of at most UPLOAD_PART_BYTES. */
export function uploadParts(size: number, partBytes = UPLOAD_PART_BYTES): Array<{ start: number; end: number }> {
  const parts: Array<{ start: number; end: number }> = [];
  for (let start = 0; start < size; start += partBytes) parts.push({ start, end: Math.min(size, start + partBytes) });
  return parts;
}

/** What the upload function answers once the whole file is in: the stored image's stable URL and its size. */
export const uploadedImageSchema = z.object({
  url: z.string().startsWith(MEDIA_PATH_PREFIX),
  type: z.enum(['jpeg', 'png', 'webp', 'avif']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The answer to a part that is not the last: the id the next parts carry, and how many bytes the server holds. */
export const uploadPartAnswerSchema = z.object({ uploadId: z.string(), received: z.number().int().positive() });

/** The request headers that say which part of which file a request carries. */
export const uploadHeaders = { length: 'upload-length', offset: 'upload-offset', id: 'upload-id' } as const;

/** Texts of the upload function's own request rules (the admin panel never breaks them). */
export const uploadRequestTexts = {
  notBytes: 'Send the image’s bytes as application/octet-stream.',
  badLength: 'Give the file’s size in bytes in the Upload-Length header and where this part starts in Upload-Offset.',
  partTooLarge: 'Send the file in parts of at most 4 MB.',
} as const;

/**
 * A stored image never changes under its name (the name is its hash), so browsers and Netlify's CDN may keep it for a
 * year without asking again.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
