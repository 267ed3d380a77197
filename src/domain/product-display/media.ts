/** Product Images and Product Tags of the detail page (spec sections 2 and 9). */
import { secureImageUrl } from '../product.ts';
import { readTextList, type AttributeMap } from './attributes.ts';

export const MAX_GALLERY_IMAGES = 8;
export const MAX_TAGS = 10;

/** An image source we render: http(s) or a site path (not protocol-relative, not data: or javascript:). */
export function isSafeImageSource(src: string): boolean {
  if (src.startsWith('/')) return !src.startsWith('//');
  try {
    const { protocol } = new URL(src);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Up to eight distinct gallery_image_urls. */
export function galleryImages(attributes: AttributeMap): string[] {
  return [...new Set(readTextList(attributes, 'gallery_image_urls').filter(isSafeImageSource).map(secureImageUrl))].slice(0, MAX_GALLERY_IMAGES);
}

/** Up to ten distinct tags. */
export function productTags(attributes: AttributeMap): string[] {
  return [...new Set(readTextList(attributes, 'tags'))].slice(0, MAX_TAGS);
}
