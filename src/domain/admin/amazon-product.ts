/**
 * How an Amazon item becomes a product (add by link, the product form's "Fill from Amazon") or fills one the CSV
 * import left incomplete. Pure; the server sanitizes the description it writes. Amazon's pages are never scraped:
 * the data is the Creators API's (src/domain/amazon-item.ts), or, without it, a draft that carries only what the link
 * says (ASIN, marketplace, canonical link) and is marked for review.
 */
import type { AmazonProductLink } from '../amazon-asin.ts';
import { featuresHtml, type AmazonItem } from '../amazon-item.ts';
import { NEEDS_REVIEW_ATTRIBUTE, productNameFromUrl } from './needs-review.ts';
import { MAX_NAME_LENGTH, type ProductInput } from './product-form.ts';
import { emptyProductInput } from './scraped-product.ts';

function baseInput(link: AmazonProductLink): ProductInput {
  return { ...emptyProductInput(link.canonicalUrl), affiliateNetwork: 'amazon', asin: link.asin };
}

/** The product an item makes: active, named, priced and pictured from Amazon's answer. */
export function productInputFromAmazonItem(item: AmazonItem, link: AmazonProductLink): ProductInput {
  return {
    ...baseInput(link),
    name: (item.title ?? '').slice(0, MAX_NAME_LENGTH).trim(),
    description: featuresHtml(item.features),
    price: item.price ?? 0,
    salePrice: item.salePrice,
    imageUrl: item.images[0] ?? null,
    galleryImageUrls: item.images,
    rating: item.rating,
    inStock: item.inStock,
    brand: item.brand,
    // An item without a title or a price is not ready to show shoppers.
    status: item.title && item.price !== null ? 'active' : 'draft',
  };
}

/** Without the API: a draft named from the link's title slug (or unnamed, never "Amazon"), price 0, no image. */
export function amazonDraftInput(link: AmazonProductLink, pastedUrl: string): ProductInput {
  return { ...baseInput(link), name: productNameFromUrl(pastedUrl), status: 'draft' };
}

/** Attributes an Amazon product carries beside the form's: its store, and Amazon's currency and rating count. */
export function amazonAttributes(link: AmazonProductLink, item: AmazonItem | null): Record<string, unknown> {
  const attributes: Record<string, unknown> = { marketplace: link.marketplace };
  if (item?.currency) attributes.currency = item.currency;
  if (item?.ratingCount !== null && item?.ratingCount !== undefined) attributes.product_num_ratings = item.ratingCount;
  if (!item || item.title === null) attributes[NEEDS_REVIEW_ATTRIBUTE] = 'amazon-data';
  return attributes;
}

/** The stored fields an imported product may lack (as the CSV import wrote them). */
export interface FillableAmazonProduct {
  name: string;
  description: string;
  price: number;
  salePrice: number | null;
  imageUrl: string | null;
  rating: number | null;
  inStock: boolean;
  attributes: Record<string, unknown>;
}

export interface AmazonFilled {
  name?: string;
  /** HTML, still to be sanitized by the server. */
  description?: string;
  price?: number;
  salePrice?: number | null;
  imageUrl?: string;
  rating?: number;
  inStock?: boolean;
  attributes: Record<string, unknown>;
}

/**
 * What an item fills in a product an import left incomplete: only what the row left empty (a name that is the URL's
 * guess counts as empty, price 0 as no price, and then the sale price and stock come with it); brand, gallery,
 * currency and rating count likewise. The review mark is cleared when the item has a name.
 */
export function fillFromAmazonItem(stored: FillableAmazonProduct, item: AmazonItem, link: AmazonProductLink, affiliateUrl: string): AmazonFilled {
  const attributes: Record<string, unknown> = { ...stored.attributes, marketplace: stored.attributes.marketplace ?? link.marketplace };
  const filled: AmazonFilled = { attributes };
  if (item.title !== null) delete attributes[NEEDS_REVIEW_ATTRIBUTE];
  const guessed = stored.name.trim() === '' || stored.name === productNameFromUrl(affiliateUrl);
  if (guessed && item.title) filled.name = item.title.slice(0, MAX_NAME_LENGTH).trim();
  if (stored.description.trim() === '' && item.features.length > 0) filled.description = featuresHtml(item.features);
  if (stored.price === 0 && item.price !== null) {
    filled.price = item.price;
    filled.salePrice = item.salePrice;
    filled.inStock = item.inStock;
    if (item.currency) attributes.currency = item.currency;
  }
  if (!stored.imageUrl && item.images[0]) filled.imageUrl = item.images[0];
  if (stored.rating === null && item.rating !== null) filled.rating = item.rating;
  if (item.brand && !attributes.brand) attributes.brand = item.brand;
  if (item.images.length > 0 && !(Array.isArray(attributes.gallery_image_urls) && attributes.gallery_image_urls.length > 0)) attributes.gallery_image_urls = item.images;
  if (item.ratingCount !== null && attributes.product_num_ratings === undefined) attributes.product_num_ratings = item.ratingCount;
  if (!attributes.asin) attributes.asin = link.asin;
  return filled;
}

/** Hosts Amazon serves product images from (the links the Creators API answers with). */
const AMAZON_IMAGE_HOST = /(^|\.)(media-amazon\.com|ssl-images-amazon\.com|images-amazon\.com)$/i;

export function isAmazonImageLink(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    return AMAZON_IMAGE_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface RefreshedImages {
  imageUrl?: string;
  galleryImageUrls?: string[];
}

/**
 * Amazon's terms let a site keep a link to an Amazon image for 24 hours at most (Associates Program IP License: links
 * to images may be stored up to 24 hours, then refreshed): a refresh replaces the image links that came from Amazon
 * with the item's current ones. An image the editor chose from elsewhere, or a gallery with any such image, stays as
 * it is; an item that answers with no images changes nothing.
 */
export function refreshedAmazonImages(stored: { imageUrl: string | null; galleryImageUrls: unknown }, images: readonly string[]): RefreshedImages {
  const refreshed: RefreshedImages = {};
  if (images.length === 0) return refreshed;
  if (isAmazonImageLink(stored.imageUrl) && stored.imageUrl !== images[0]) refreshed.imageUrl = images[0]!;
  const gallery = stored.galleryImageUrls;
  if (Array.isArray(gallery) && gallery.length > 0 && gallery.every(isAmazonImageLink)) {
    const same = gallery.length === images.length && gallery.every((url, i) => url === images[i]);
    if (!same) refreshed.galleryImageUrls = [...images];
  }
  return refreshed;
}
