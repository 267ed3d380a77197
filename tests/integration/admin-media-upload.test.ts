/**
 * POST /api/admin/media and GET /media/<hash>.<ext> over HTTP through the real local server and a real libSQL file:
 * who may upload, the type read from the bytes, the 10 MB limit, uploads in parts, metadata stripped by re-encoding,
 * the long-lived cache headers of the served image, and a product saved with the uploaded image's URL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { MEDIA_CACHE_CONTROL, UPLOAD_PART_BYTES, uploadParts, uploadRequestTexts, uploadTexts } from '../../src/domain/media.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { Browser, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

const PATH = '/api/admin/media';
const MB = 1024 * 1024;
let api: LocalApi;
let admin: Browser;

/** A photo as a phone writes it: EXIF with the camera, the owner and the GPS position where it was taken. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'Owner Private Name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

const solidPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#a83232' } }).png().toBuffer();

function post(browser: Browser, bytes: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return browser.fetch(PATH, {
    method: 'POST',
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'application/octet-stream', 'upload-length': String(bytes.byteLength), ...headers },
  });
}

/** Sends a file the way the admin panel does: whole, or in parts of at most 4 MB. Answers every response. */
async function uploadInParts(browser: Browser, file: Uint8Array): Promise<Response[]> {
  const answers: Response[] = [];
  let uploadId: string | undefined;
  for (const { start, end } of uploadParts(file.byteLength)) {
    const headers: Record<string, string> = { 'upload-length': String(file.byteLength), 'upload-offset': String(start) };
    if (uploadId) headers['upload-id'] = uploadId;
    const answer = await post(browser, file.subarray(start, end), headers);
    answers.push(answer);
    if (answer.status !== 202) break;
    uploadId = (await answer.clone().json()).uploadId;
  }
  return answers;
}

async function uploaded(bytes: Uint8Array): Promise<{ url: string; type: string; width: number; height: number; bytes: number }> {
  const answer = await post(admin, bytes);
  expect(answer.status, await answer.clone().text()).toBe(201);
  return answer.json();
}

const errorOf = async (response: Response) => ((await response.json()) as { error: { title: string; description: string } }).error;
const mediaFolder = () => join(api.temp.dir, 'media', 'images');

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());

describe('who may upload', () => {
  it('answers 401 to a visitor, 403 Access Denied to a user, 403 cross-site, and stores nothing', async () => {
    const jpeg = await phoneJpeg();
    expect((await post(new Browser(api.server.url), jpeg)).status).toBe(401);
    const user = await post(await signedInAs(api, 'user'), jpeg);
    expect(user.status).toBe(403);
    expect(await errorOf(user)).toEqual({ title: 'Access Denied', description: "You don't have permission to access this page." });
    expect((await post(admin, jpeg, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(existsSync(mediaFolder()) ? readdirSync(mediaFolder()) : []).toEqual([]);
  });

  it('takes bytes only (a form post is refused) and POST only', async () => {
    const form = await admin.fetch(PATH, { method: 'POST', body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await errorOf(form)).description).toBe(uploadRequestTexts.notBytes);
    const get = await admin.fetch(PATH);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('uploading an image', () => {
  it('strips the EXIF (GPS position included) of a JPEG, and serves it for a year as immutable with its type', async () => {
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88])), 'the original carries a GPS IFD').toBe(true);

    const image = await uploaded(original);
    expect(image).toMatchObject({ type: 'jpeg', width: 640, height: 480 });
    expect(image.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);

    const served = await fetch(api.server.url + image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(MEDIA_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('netlify-cdn-cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('etag')).toBe(`"${image.url.slice('/media/'.length, -'.jpg'.length)}"`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.byteLength).toBe(image.bytes);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes('Owner Private Name')).toBe(false);
    expect(bytes.includes('PhoneMaker')).toBe(false);
  });

  it('gives the same bytes the same URL, and HEAD answers the headers alone', async () => {
    const png = await solidPng(32, 32);
    const first = await uploaded(png);
    const second = await uploaded(png);
    expect(second.url).toBe(first.url);
    const head = await fetch(api.server.url + first.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(head.headers.get('content-length')).toBe(String(first.bytes));
  });

  it('reads the type from the bytes: PNG bytes sent as photo.jpg are stored and served as a PNG', async () => {
    const png = await solidPng(40, 30);
    const image = await uploaded(png);
    expect(image.type).toBe('png');
    expect(image.url).toMatch(/\.png$/);
    expect((await fetch(api.server.url + image.url)).headers.get('content-type')).toBe('image/png');
  });

  it('re-encodes WebP and AVIF in their own type', async () => {
    const source = sharp({ create: { width: 48, height: 32, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } });
    const webp = await uploaded(await source.clone().webp().toBuffer());
    expect(webp).toMatchObject({ type: 'webp', width: 48, height: 32 });
    const avif = await uploaded(await source.clone().avif().toBuffer());
    expect(avif).toMatchObject({ type: 'avif', width: 48, height: 32 });
    const served = await fetch(api.server.url + avif.url);
    expect(served.headers.get('content-type')).toBe('image/avif');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('heif');
  });

  it('refuses SVG and HTML with 415, and a PNG signature in front of a page with 422, whatever the name', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    for (const file of [svg, html]) {
      const answer = await post(admin, file);
      expect(answer.status).toBe(415);
      expect(await errorOf(answer)).toEqual({ title: uploadTexts.title, description: uploadTexts.notAnImage });
    }
    const polyglot = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);
    const answer = await post(admin, polyglot);
    expect(answer.status).toBe(422);
    expect((await errorOf(answer)).description).toBe(uploadTexts.unreadable);
  });

  it('refuses a file over 10 MB with 413 and says so, before reading it', async () => {
    const elevenMb = 11 * MB;
    const firstPart = new Uint8Array(UPLOAD_PART_BYTES);
    firstPart.set([0xff, 0xd8, 0xff, 0xe0]);
    const declared = await post(admin, firstPart, { 'upload-length': String(elevenMb), 'upload-offset': '0' });
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toEqual({ title: uploadTexts.title, description: 'The image is larger than 10 MB. Choose a smaller file.' });

    // Sent whole, in one request, it is refused too (Netlify refuses any request body over 6 MB; so does the local server).
    const whole = new Uint8Array(elevenMb);
    whole.set([0xff, 0xd8, 0xff, 0xe0]);
    const answer = await admin.fetch(PATH, { method: 'POST', body: whole, headers: { 'content-type': 'application/octet-stream' } });
    expect(answer.status).toBe(413);
  });

  it('joins a file of more than 4 MB sent in parts, and keeps no parts afterwards', async () => {
    // Noise does not compress: a PNG of 1800 × 1800 noise is about 9.3 MB, three parts.
    const noise = await sharp(randomBytes(1800 * 1800 * 3), { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(2 * UPLOAD_PART_BYTES);
    expect(noise.byteLength).toBeLessThanOrEqual(10 * MB);
    const answers = await uploadInParts(admin, noise);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 201]);
    const image = await answers[2]!.json();
    expect(image).toMatchObject({ type: 'png', width: 1800, height: 1800 });
    expect((await fetch(api.server.url + image.url)).status).toBe(200);
    expect(readdirSync(join(api.temp.dir, 'media', 'upload-parts'), { recursive: true }).filter((name) => String(name).includes('-of-'))).toEqual([]);
  }, 60_000);

  it('refuses a part that does not follow the last one, or belongs to another admin', async () => {
    const file = new Uint8Array(6 * MB);
    file.set(await phoneJpeg());
    const first = await post(admin, file.subarray(0, UPLOAD_PART_BYTES), { 'upload-length': String(file.byteLength) });
    expect(first.status).toBe(202);
    const { uploadId } = await first.json();
    const rest = file.subarray(UPLOAD_PART_BYTES);
    const headers = { 'upload-length': String(file.byteLength), 'upload-id': uploadId };
    const skipped = await post(admin, rest.subarray(1), { ...headers, 'upload-offset': String(UPLOAD_PART_BYTES + 1) });
    expect(skipped.status).toBe(409);
    expect((await errorOf(skipped)).description).toBe(uploadTexts.badPart);
    const otherAdmin = await post(await signedInAs(api, 'admin'), rest, { ...headers, 'upload-offset': String(UPLOAD_PART_BYTES) });
    expect(otherAdmin.status).toBe(409);
    // The owner's own next part completes the file: a JPEG with 6 MB of other bytes after its end, which re-encoding
    // leaves behind (as it would a script appended to an image).
    const last = await post(admin, rest, { ...headers, 'upload-offset': String(UPLOAD_PART_BYTES) });
    expect(last.status).toBe(201);
    const image = await last.json();
    expect(image).toMatchObject({ type: 'jpeg', width: 640, height: 480 });
    expect(image.bytes).toBeLessThan(100_000);
  });
});

describe('serving', () => {
  it('answers 404 for a name it never gave out or does not hold', async () => {
    for (const path of ['/media/nothing.png', `/media/${'0'.repeat(64)}.png`, `/media/${'0'.repeat(64)}.svg`, '/media/..%2F..%2Fapp.db']) {
      expect((await fetch(api.server.url + path)).status, path).toBe(404);
    }
  });
});

describe('a product saved with an uploaded image', () => {
  it('keeps the /media URL as its image', async () => {
    const image = await uploaded(await phoneJpeg());
    const created = await admin.fetch('/api/admin/products', {
      method: 'POST',
      json: { name: 'Uploaded Image Roller', affiliateUrl: 'https://www.amazon.com/dp/B08N5WRWNW', imageUrl: image.url, galleryImages: [image.url] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { product } = await created.json();
    const row = await api.temp.database.run((db) => db.select().from(products).where(eq(products.id, product.id)).get());
    expect(row?.imageUrl).toBe(image.url);
  });
});
