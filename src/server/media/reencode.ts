/**
 * Re-encodes an uploaded image with sharp (libvips), so what is stored and served is pixels the server wrote, never the
 * uploaded file: EXIF (GPS position, camera serial), XMP, ICC comments and anything appended to or hidden inside the
 * file (a script, an HTML page in a polyglot) are left behind. sharp keeps no metadata unless asked to; the EXIF
 * orientation is applied to the pixels first, so a phone photo still stands the right way up.
 */
import sharp from 'sharp';
import type { ImageType } from '../../domain/media.ts';

/** Larger images are scaled down to fit this many pixels a side: wider than any hero or product image is shown. */
export const MAX_EDGE_PIXELS = 2400;

/** Refuses decompression bombs: a small file that decodes to more pixels than any photo (about 8000 × 6000). */
const MAX_INPUT_PIXELS = 50_000_000;

// One upload at a time per function instance: libvips' cache of decoded images only holds memory here.
sharp.cache(false);

/** The format sharp reports for each accepted type (AVIF is a HEIF container). */
const decodedFormat: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

export interface ReencodedImage {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
}

export class UnreadableImageError extends Error {}

/**
 * The image re-encoded in its own type (JPEG, PNG, WebP or AVIF), at most MAX_EDGE_PIXELS a side; an
 * UnreadableImageError when the bytes do not decode as the type they begin with.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<ReencodedImage> {
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  try {
    const metadata = await input().metadata();
    if (metadata.format !== decodedFormat[type] || (type === 'avif' && metadata.compression !== 'av1')) {
      throw new UnreadableImageError(`decoded as ${metadata.format}/${metadata.compression ?? ''}, not ${type}`);
    }
    const pipeline = input().rotate().resize({ width: MAX_EDGE_PIXELS, height: MAX_EDGE_PIXELS, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'jpeg'
        ? pipeline.jpeg({ quality: 82, mozjpeg: true })
        : type === 'png'
          ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
          : type === 'webp'
            ? pipeline.webp({ quality: 82 })
            : pipeline.avif({ quality: 60, effort: 4 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), type, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    // libvips' own errors (truncated data, bad markers, too many pixels) all mean: not an image we can use.
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
