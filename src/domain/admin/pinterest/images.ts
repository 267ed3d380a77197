/**
 * The pin's image: the product's main or gallery image, or the post's. Pinterest recommends a 2:3 ratio
 * (1000 × 1500 px); in feeds it crops a pin taller than 1:2.1, and it refuses files it cannot read. The warnings are
 * worked out from the width and height when the screen knows them (it loads the image to measure it) and from the
 * address's file type otherwise. Pinterest's image specs (help.pinterest.com "Pin image specs", not readable from
 * here) list PNG, JPEG and WebP among the types it accepts; BMP, TIFF and GIF (a still frame) too.
 */
import { galleryImages, isSafeImageSource } from '../../product-display/media.ts';
import type { AttributeMap } from '../../product-display/attributes.ts';

export const RECOMMENDED_RATIO = { width: 2, height: 3 } as const;
export const RECOMMENDED_SIZE = { width: 1000, height: 1500 } as const;
/** Height over width beyond which Pinterest crops the pin in feeds (1:2.1). */
export const MAX_HEIGHT_RATIO = 2.1;
/** Below this width a pin looks blurred and Pinterest may refuse it. */
export const MIN_WIDTH = 200;
export const MIN_HEIGHT = 300;

const SUPPORTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp', 'tif', 'tiff'] as const;
/** Types Pinterest does not take as a pin image. */
const REFUSED_EXTENSIONS = ['svg', 'avif', 'heic', 'heif', 'ico', 'pdf'] as const;

export type ImageWarningCode = 'too-tall' | 'too-small' | 'unsupported-type' | 'not-recommended-ratio' | 'not-public';

export interface ImageWarning {
  code: ImageWarningCode;
  /** 'refuse': Pinterest would not take it; 'crop': it would be cut; 'advice': it works but looks worse. */
  severity: 'refuse' | 'crop' | 'advice';
  message: string;
}

export interface ImageChoice {
  url: string;
  label: string;
}

/** The images a product offers: its main image first, then its gallery, without repeats. */
export function productImageChoices(product: { imageUrl: string | null; attributes: AttributeMap }): ImageChoice[] {
  const urls = [product.imageUrl, ...galleryImages(product.attributes)].filter((url): url is string => !!url && isSafeImageSource(url));
  return [...new Set(urls)].map((url, index) => ({ url, label: index === 0 && url === product.imageUrl ? 'Main image' : `Gallery image ${index}` }));
}

export function postImageChoices(post: { imageUrl: string | null }): ImageChoice[] {
  return post.imageUrl && isSafeImageSource(post.imageUrl) ? [{ url: post.imageUrl, label: 'Post image' }] : [];
}

/** The extension of the address's last path segment, lower-cased, or null. */
export function imageExtension(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'https://site.invalid').pathname;
  } catch {
    return null;
  }
  const match = /\.([a-z0-9]{2,5})$/i.exec(path);
  return match ? match[1]!.toLowerCase() : null;
}

/** The absolute address Pinterest fetches the image from: a site path becomes an address on SITE_URL. */
export function absoluteImageUrl(url: string, siteUrl: string): string {
  return new URL(url, siteUrl).href;
}

export function imageWarnings(image: { url: string; width?: number | null; height?: number | null; siteUrl?: string }): ImageWarning[] {
  const warnings: ImageWarning[] = [];
  const extension = imageExtension(image.url);
  if (extension && (REFUSED_EXTENSIONS as readonly string[]).includes(extension)) {
    warnings.push({ code: 'unsupported-type', severity: 'refuse', message: `Pinterest does not accept .${extension} images: use a JPEG, PNG or WebP image.` });
  } else if (extension && !(SUPPORTED_EXTENSIONS as readonly string[]).includes(extension)) {
    warnings.push({ code: 'unsupported-type', severity: 'refuse', message: `The image address ends in .${extension}, which is not an image type Pinterest accepts (JPEG, PNG, WebP).` });
  }
  if (image.siteUrl && /^https?:\/\/(localhost|127\.|\[::1\])/i.test(absoluteImageUrl(image.url, image.siteUrl))) {
    warnings.push({ code: 'not-public', severity: 'refuse', message: 'Pinterest must download the image, but its address is on this machine (localhost): set SITE_URL to the public site.' });
  }
  const { width, height } = image;
  if (width && height && width > 0 && height > 0) {
    if (width < MIN_WIDTH || height < MIN_HEIGHT) {
      warnings.push({ code: 'too-small', severity: 'refuse', message: `The image is ${width} × ${height} px: Pinterest needs at least ${MIN_WIDTH} × ${MIN_HEIGHT} px (${RECOMMENDED_SIZE.width} × ${RECOMMENDED_SIZE.height} px is best).` });
    }
    const ratio = height / width;
    if (ratio > MAX_HEIGHT_RATIO) {
      warnings.push({ code: 'too-tall', severity: 'crop', message: `The image is taller than 1:${MAX_HEIGHT_RATIO}: Pinterest crops the bottom of it in feeds.` });
    } else if (Math.abs(ratio - RECOMMENDED_RATIO.height / RECOMMENDED_RATIO.width) > 0.05) {
      warnings.push({ code: 'not-recommended-ratio', severity: 'advice', message: `Pinterest recommends a 2:3 image (for example ${RECOMMENDED_SIZE.width} × ${RECOMMENDED_SIZE.height} px); this one is ${width} × ${height} px.` });
    }
  }
  return warnings;
}
