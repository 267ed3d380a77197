/**
 * Receiving an uploaded image: whole in one request, or in parts of at most UPLOAD_PART_BYTES (the most Netlify lets a
 * function receive at once) that the server keeps until the last one arrives. The size is checked against the declared
 * length before a byte is read, the type against the first bytes of the first part; the joined file is re-encoded and
 * stored under the SHA-256 of the re-encoded bytes, so its URL names its content and never changes.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  checkUpload,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PARTS,
  mediaFileName,
  mediaUrl,
  UPLOAD_PART_BYTES,
  uploadTexts,
  type UploadedImage,
} from '../../domain/media.ts';
import { reencodeImage, UnreadableImageError } from './reencode.ts';
import type { MediaStore } from './store.ts';

export interface UploadPart {
  /** The whole file's size, as the client declared it. */
  length: number;
  /** Where this request's bytes start in the file. */
  offset: number;
  /** The id the first part's answer gave; required for every later part. */
  uploadId: string | undefined;
  bytes: Uint8Array;
}

export type UploadOutcome =
  | { status: 201; image: UploadedImage }
  | { status: 202; uploadId: string; received: number }
  | { status: 409 | 413 | 415 | 422; message: string };

/** Parts of an upload abandoned for this long (a closed tab, a lost connection) are deleted. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

const UPLOAD_ID = /^([0-9a-z]{6,12})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A part's key: `<admin id>/<upload id>/<start>-<end>-of-<length>`. */
const PART_KEY = /\/(\d+)-(\d+)-of-(\d+)$/;

/** The admin's folder of parts: a hash of the user id, so any id is a safe key segment and parts stay per admin. */
const ownerKey = (owner: string) => createHash('sha256').update(owner).digest('hex').slice(0, 24);
const partKey = (owner: string, uploadId: string, start: number, end: number, length: number) => `${ownerKey(owner)}/${uploadId}/${start}-${end}-of-${length}`;

export interface UploadStores {
  images: MediaStore;
  parts: MediaStore;
}

/** Takes one request's part of a file for the admin `owner`; the last part (or a whole file) is stored as an image. */
export async function receiveUpload(stores: UploadStores, owner: string, part: UploadPart, now = Date.now()): Promise<UploadOutcome> {
  if (part.length > MAX_UPLOAD_BYTES) return { status: 413, message: uploadTexts.tooLarge };
  const end = part.offset + part.bytes.byteLength;
  if (part.bytes.byteLength > UPLOAD_PART_BYTES || end > part.length) return { status: 413, message: uploadTexts.tooLarge };

  if (part.offset === 0) {
    const check = checkUpload(part.bytes, part.length);
    if (!check.ok) return { status: check.status, message: check.message };
    if (end === part.length) return storeImage(stores.images, part.bytes);
    await deleteAbandonedParts(stores.parts, now);
    const uploadId = `${now.toString(36)}-${randomUUID()}`;
    await stores.parts.put(partKey(owner, uploadId, 0, end, part.length), part.bytes);
    return { status: 202, uploadId, received: end };
  }

  if (!part.uploadId || !UPLOAD_ID.test(part.uploadId) || part.bytes.byteLength === 0) return { status: 409, message: uploadTexts.badPart };
  const held = await heldParts(stores.parts, owner, part.uploadId);
  const received = held.at(-1)?.end ?? 0;
  if (held.length === 0 || received !== part.offset || held.some((item) => item.length !== part.length) || held.length >= MAX_UPLOAD_PARTS) {
    return { status: 409, message: uploadTexts.badPart };
  }
  if (end < part.length) {
    await stores.parts.put(partKey(owner, part.uploadId, part.offset, end, part.length), part.bytes);
    return { status: 202, uploadId: part.uploadId, received: end };
  }

  const file = new Uint8Array(part.length);
  for (const item of held) {
    const bytes = await stores.parts.get(item.key);
    if (!bytes || bytes.byteLength !== item.end - item.start) return { status: 409, message: uploadTexts.badPart };
    file.set(bytes, item.start);
  }
  file.set(part.bytes, part.offset);
  await Promise.all(held.map((item) => stores.parts.delete(item.key)));
  return storeImage(stores.images, file);
}

async function heldParts(parts: MediaStore, owner: string, uploadId: string) {
  const keys = await parts.list(`${ownerKey(owner)}/${uploadId}/`);
  return keys
    .map((key) => {
      const match = PART_KEY.exec(key);
      return match ? { key, start: Number(match[1]), end: Number(match[2]), length: Number(match[3]) } : undefined;
    })
    .filter((item) => item !== undefined)
    .sort((a, b) => a.start - b.start);
}

async function deleteAbandonedParts(parts: MediaStore, now: number): Promise<void> {
  for (const key of await parts.list('')) {
    const started = Number.parseInt(UPLOAD_ID.exec(key.split('/')[1] ?? '')?.[1] ?? '', 36);
    if (!Number.isFinite(started) || now - started > ABANDONED_AFTER_MS) await parts.delete(key);
  }
}

async function storeImage(images: MediaStore, file: Uint8Array): Promise<UploadOutcome> {
  const check = checkUpload(file, file.byteLength);
  if (!check.ok) return { status: check.status, message: check.message };
  let image;
  try {
    image = await reencodeImage(file, check.type);
  } catch (error) {
    if (error instanceof UnreadableImageError) return { status: 422, message: uploadTexts.unreadable };
    throw error;
  }
  const name = mediaFileName(createHash('sha256').update(image.bytes).digest('hex'), image.type);
  // The name is the content's hash: writing it again writes the very same bytes.
  await images.put(name, image.bytes);
  return { status: 201, image: { url: mediaUrl(name), type: image.type, width: image.width, height: image.height, bytes: image.bytes.byteLength } };
}
