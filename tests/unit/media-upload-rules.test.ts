import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PARTS,
  mediaFileName,
  mediaFileType,
  sniffImageType,
  UPLOAD_PART_BYTES,
  uploadParts,
  uploadTexts,
} from '../../src/domain/media.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
const u32 = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF');
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const AVIF = bytes(u32(28), 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf', [0, 0, 0, 0]);

describe('the type of an upload is read from its first bytes', () => {
  it('knows JPEG, PNG, WebP and AVIF by their signatures', () => {
    expect(sniffImageType(JPEG)).toBe('jpeg');
    expect(sniffImageType(PNG)).toBe('png');
    expect(sniffImageType(WEBP)).toBe('webp');
    expect(sniffImageType(AVIF)).toBe('avif');
    expect(sniffImageType(bytes(u32(24), 'ftypavis', [0, 0, 0, 0], 'avismsf1'))).toBe('avif');
  });

  it('takes an AVIF with a generic HEIF brand only when AVIF is among its compatible brands', () => {
    expect(sniffImageType(bytes(u32(24), 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('avif');
    expect(sniffImageType(bytes(u32(24), 'ftypmif1', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffImageType(bytes(u32(24), 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffImageType(bytes(u32(24), 'ftypisom', [0, 0, 0, 0], 'isommp41'))).toBeNull();
  });

  it('a PNG is a PNG whatever it is called: no name is ever consulted', () => {
    // The rules take bytes only; the file "photo.jpg" that begins with PNG's signature is a PNG.
    const namedJpg = { name: 'photo.jpg', bytes: PNG };
    expect(sniffImageType(namedJpg.bytes)).toBe('png');
    expect(checkUpload(namedJpg.bytes, 1000)).toEqual({ ok: true, type: 'png' });
  });

  it('refuses SVG, HTML and a polyglot that begins as a page, whatever they are called', () => {
    const svg = bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const html = bytes('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const polyglot = bytes('<html><script>alert(1)</script><!--', [...PNG], '-->');
    const bomSvg = bytes([0xef, 0xbb, 0xbf], '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const gif = bytes('GIF89a', [1, 0, 1, 0]);
    for (const file of [svg, html, polyglot, bomSvg, gif, bytes(' ', [...PNG]), bytes('RIFF', [0, 0, 0, 0], 'WAVE')]) {
      expect(sniffImageType(file)).toBeNull();
      expect(checkUpload(file, file.length)).toEqual({ ok: false, status: 415, message: uploadTexts.notAnImage });
    }
  });

  it('refuses truncated signatures', () => {
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(PNG.subarray(0, 7))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEB'))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
    // An ftyp box that claims to be longer than the bytes there are.
    expect(sniffImageType(bytes(u32(4000), 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBeNull();
  });
});

describe('size limits', () => {
  it('takes at most 10 MB, refused with 413 and a clear message before the type is looked at', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(checkUpload(JPEG, MAX_UPLOAD_BYTES)).toEqual({ ok: true, type: 'jpeg' });
    expect(checkUpload(JPEG, MAX_UPLOAD_BYTES + 1)).toEqual({ ok: false, status: 413, message: uploadTexts.tooLarge });
    expect(checkUpload(bytes('<svg/>'), 11 * 1024 * 1024)).toEqual({ ok: false, status: 413, message: uploadTexts.tooLarge });
    expect(uploadTexts.tooLarge).toContain('10 MB');
  });

  it('refuses an empty file', () => {
    expect(checkUpload(new Uint8Array(0), 0)).toEqual({ ok: false, status: 422, message: uploadTexts.empty });
  });

  it('cuts a file into parts that fit in one Netlify request (4.5 MB of bytes once Base64-encoded into 6 MB)', () => {
    expect(UPLOAD_PART_BYTES * (4 / 3)).toBeLessThan(6 * 1024 * 1024);
    expect(uploadParts(10)).toEqual([{ start: 0, end: 10 }]);
    expect(uploadParts(MAX_UPLOAD_BYTES)).toEqual([
      { start: 0, end: UPLOAD_PART_BYTES },
      { start: UPLOAD_PART_BYTES, end: 2 * UPLOAD_PART_BYTES },
      { start: 2 * UPLOAD_PART_BYTES, end: MAX_UPLOAD_BYTES },
    ]);
    expect(uploadParts(MAX_UPLOAD_BYTES)).toHaveLength(MAX_UPLOAD_PARTS);
    expect(uploadParts(0)).toEqual([]);
  });
});

describe('stored names', () => {
  const hash = 'a'.repeat(64);
  it('name an image by its hash and the extension of its type', () => {
    expect(mediaFileName(hash, 'jpeg')).toBe(`${hash}.jpg`);
    expect(mediaFileType(`${hash}.jpg`)).toBe('jpeg');
    expect(mediaFileType(`${hash}.avif`)).toBe('avif');
  });

  it('give out nothing else: other extensions, short hashes, paths', () => {
    for (const name of [`${hash}.svg`, `${hash}.html`, `${'a'.repeat(63)}.png`, `../${hash}.png`, `${hash}.png/x`, `${hash.toUpperCase()}.png`, '']) {
      expect(mediaFileType(name), name).toBeNull();
    }
  });
});
