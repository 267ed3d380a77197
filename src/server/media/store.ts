/**
 * Where uploaded images and the parts of uploads under way are kept, behind one small interface: Netlify Blobs (the
 * platform's own store, `@netlify/blobs`) when the function runs on Netlify, a folder on disk under `npm start` and in
 * tests. Netlify hands a function its Blobs context per request (globalThis.netlifyBlobsContext or the
 * NETLIFY_BLOBS_CONTEXT variable), so the store is chosen and opened at each call, never when the module loads.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getStore } from '@netlify/blobs';
import { env } from '../env.ts';

export interface MediaStore {
  /** Keeps the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under the key, or null. */
  get(key: string): Promise<Uint8Array | null>;
  /** Every key that starts with the prefix. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** `images` keeps the re-encoded images under their content hash; `upload-parts` the parts of files sent in parts. */
export type MediaStoreName = 'images' | 'upload-parts';

/** Keys are made by the server (hashes, ids, offsets): letters, digits, '.', '-', and '/' between segments. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9.-]*(\/[A-Za-z0-9][A-Za-z0-9.-]*)*$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Not a media store key: ${JSON.stringify(key)}`);
  return key;
}

/** A folder of files, one per key ('/' in a key is a subfolder). Writes go to a temporary file first, then a rename. */
export function folderStore(root: string): MediaStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = join(base, ...checkedKey(key).split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`Not a media store key: ${JSON.stringify(key)}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async list(prefix) {
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
        .map((entry) => relative(base, join(entry.parentPath, entry.name)).split(sep).join('/'))
        .filter((key) => SAFE_KEY.test(key) && key.startsWith(prefix))
        .sort();
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * A Netlify Blobs store. Strong consistency: an image is shown in the admin panel right after its upload, and the
 * parts of one file are written and read back by separate invocations, so a read must see the last write.
 */
export function blobsStore(name: MediaStoreName, options: { siteID?: string; token?: string; apiURL?: string } = {}): MediaStore {
  const store = () => getStore({ name: `media-${name}`, consistency: 'strong', ...options });
  return {
    async put(key, bytes) {
      await store().set(checkedKey(key), new Blob([bytes as Uint8Array<ArrayBuffer>]));
    },
    async get(key) {
      const buffer = await store().get(checkedKey(key), { type: 'arrayBuffer' });
      return buffer === null ? null : new Uint8Array(buffer);
    },
    async list(prefix) {
      // Filtered here rather than with list({ prefix }): @netlify/blobs 11's local sandbox (BlobsServer, which the tests
      // use) finds no nested key by a prefix ending in '/'. Only the parts store is listed, and it holds only the
      // uploads under way, so the whole listing is a handful of keys.
      const { blobs } = await store().list();
      return blobs
        .map((blob) => blob.key)
        .filter((key) => key.startsWith(prefix))
        .sort();
    },
    async delete(key) {
      await store().delete(checkedKey(key));
    },
  };
}

/** Whether Netlify gave this invocation a Blobs context (always, inside a deployed function). */
function hasBlobsContext(): boolean {
  return Boolean((globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext || process.env.NETLIFY_BLOBS_CONTEXT);
}

export const MEDIA_STORE_MISSING =
  'Uploaded images have nowhere to be kept: on Netlify they go to Netlify Blobs, which this process has no context for; elsewhere set MEDIA_DIR or use a file: DATABASE_URL.';

/** The folder under `npm start` and in tests: MEDIA_DIR, else `media/` beside an embedded database file. */
export function mediaFolder(): string | undefined {
  const { MEDIA_DIR, DATABASE_URL } = env();
  if (MEDIA_DIR) return MEDIA_DIR;
  if (!DATABASE_URL.startsWith('file:')) return undefined;
  const file = DATABASE_URL.startsWith('file://') ? fileURLToPath(DATABASE_URL) : DATABASE_URL.slice('file:'.length);
  return join(dirname(resolve(file)), 'media');
}

/** The store for this invocation: Netlify Blobs on Netlify, else the local folder. */
export function mediaStore(name: MediaStoreName): MediaStore {
  if (hasBlobsContext()) return blobsStore(name);
  const folder = mediaFolder();
  if (!folder) throw new Error(MEDIA_STORE_MISSING);
  return folderStore(join(folder, name));
}
