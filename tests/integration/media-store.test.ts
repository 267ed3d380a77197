/**
 * The two media stores behind one interface: the folder `npm start` and the tests use, and Netlify Blobs as the
 * functions use it on Netlify, here through @netlify/blobs' own local server (its sandbox of the Blobs API) with the
 * context Netlify hands a function. An upload in parts goes through the Blobs store the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobsStore, folderStore, mediaStore, type MediaStore } from '../../src/server/media/store.ts';
import { receiveUpload } from '../../src/server/media/upload.ts';

const TOKEN = 'local-blobs-token';
const SITE_ID = 'repwell-test-site';
let dir: string;
let server: BlobsServer;
let apiURL: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'repwell-media-store-'));
  server = new BlobsServer({ directory: join(dir, 'blobs'), token: TOKEN, logger: () => undefined });
  const { port } = await server.start();
  apiURL = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.stop();
  delete (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext;
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => MediaStore]> = [
  ['a folder', () => folderStore(join(dir, 'folder'))],
  ['Netlify Blobs', () => blobsStore('images', { siteID: SITE_ID, token: TOKEN, apiURL })],
];

describe.each(stores)('the media store in %s', (_name, open) => {
  it('keeps bytes under a key, lists by prefix, and deletes', async () => {
    const store = open();
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    expect(await store.get('abc.png')).toBeNull();
    await store.put('abc.png', bytes);
    await store.put('owner/upload/0-4-of-9', new Uint8Array([1, 2, 3, 4]));
    await store.put('owner/upload/4-9-of-9', new Uint8Array([5, 6, 7, 8, 9]));
    expect(await store.get('abc.png')).toEqual(bytes);
    expect(await store.list('owner/upload/')).toEqual(['owner/upload/0-4-of-9', 'owner/upload/4-9-of-9']);
    await store.delete('owner/upload/0-4-of-9');
    expect(await store.list('owner/')).toEqual(['owner/upload/4-9-of-9']);
    expect(await store.get('owner/upload/0-4-of-9')).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    const store = open();
    for (const key of ['../app.db', '/etc/passwd', 'a/../../b', 'a//b', '']) await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/Not a media store key/);
  });
});

describe('inside a function on Netlify', () => {
  it('uses Netlify Blobs from the context the platform gives, and an upload in parts is joined there', async () => {
    (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext = Buffer.from(JSON.stringify({ apiURL, siteID: SITE_ID, token: TOKEN })).toString('base64');
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const stores = { images: mediaStore('images'), parts: mediaStore('upload-parts') };
    // A JPEG followed by other bytes up to 5 MB: two parts, joined in the Blobs store.
    const big = new Uint8Array(5 * 1024 * 1024);
    big.set(photo);
    const part1 = await receiveUpload(stores, 'admin-1', { length: big.byteLength, offset: 0, uploadId: undefined, bytes: big.subarray(0, 4 * 1024 * 1024) });
    expect(part1.status).toBe(202);
    const uploadId = (part1 as { uploadId: string }).uploadId;
    expect(await blobsStore('upload-parts', { siteID: SITE_ID, token: TOKEN, apiURL }).list('')).toHaveLength(1);
    const part2 = await receiveUpload(stores, 'admin-1', { length: big.byteLength, offset: 4 * 1024 * 1024, uploadId, bytes: big.subarray(4 * 1024 * 1024) });
    expect(part2.status).toBe(201);
    const image = (part2 as { image: { url: string } }).image;
    const stored = await blobsStore('images', { siteID: SITE_ID, token: TOKEN, apiURL }).get(image.url.slice('/media/'.length));
    expect(stored).not.toBeNull();
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    expect(await blobsStore('upload-parts', { siteID: SITE_ID, token: TOKEN, apiURL }).list('')).toEqual([]);
  });
});
