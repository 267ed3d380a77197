/**
 * The product form's "Fill from Amazon" (src/domain/admin/amazon-lookup.ts): the link resolved, the item asked of the
 * Creators API, its fields answered in the form's terms. Reads only; Amazon's pages are never fetched.
 */
import type { AmazonLookupAnswer } from '../../domain/admin/amazon-lookup.ts';
import { productInputFromAmazonItem } from '../../domain/admin/amazon-product.ts';
import { AMAZON_FIELDS_TO_FILL } from '../../domain/amazon-item.ts';
import type { CreatorsClient } from '../amazon/creators-client.ts';
import { amazonApiStatus, CreatorsApiError, creatorsClient, fetchAmazonItems } from '../amazon/items.ts';
import { resolveAmazonLink, type FollowOptions } from '../amazon/short-link.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';

export class AmazonLookupError extends Error {
  readonly status: 422 | 429;
  readonly retryAfterMs: number | null;
  constructor(status: 422 | 429, message: string, retryAfterMs: number | null = null) {
    super(message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export async function lookupAmazonItem(url: string, options: FollowOptions & { amazonClient?: CreatorsClient | null } = {}): Promise<AmazonLookupAnswer> {
  const resolution = await resolveAmazonLink(url, options);
  if (resolution === null) throw new AmazonLookupError(422, 'This is not an Amazon link: Amazon data can be filled in only for a product on amazon.com or a regional Amazon store.');
  if (!resolution.ok) throw new AmazonLookupError(422, resolution.message);
  const { link } = resolution;
  const client = options.amazonClient === undefined ? creatorsClient() : options.amazonClient;
  if (!client) {
    const status = amazonApiStatus();
    const reason = status.configured ? '' : `${status.reason} `;
    throw new AmazonLookupError(422, `${reason}Amazon's data needs the Creators API; fill in the ${AMAZON_FIELDS_TO_FILL.join(', ')} by hand (ASIN ${link.asin}, ${link.marketplace}).`);
  }
  let result;
  try {
    result = (await fetchAmazonItems([link.asin], { marketplace: link.marketplace, client })).get(link.asin);
  } catch (error) {
    if (error instanceof CreatorsApiError) throw new AmazonLookupError(error.kind === 'throttled' ? 429 : 422, error.message, error.retryAfterMs);
    throw error;
  }
  if (!result) throw new AmazonLookupError(422, `Amazon's Creators API said nothing about ${link.asin}.`);
  if (!result.ok) throw new AmazonLookupError(422, result.error.message);
  const input = productInputFromAmazonItem(result.item, link);
  return {
    asin: link.asin,
    marketplace: link.marketplace,
    canonicalUrl: link.canonicalUrl,
    fields: {
      name: result.item.title,
      brand: result.item.brand,
      imageUrl: input.imageUrl,
      galleryImageUrls: input.galleryImageUrls,
      price: result.item.price,
      salePrice: result.item.salePrice,
      inStock: result.item.inStock,
      rating: result.item.rating,
      description: sanitizeDescription(input.description),
    },
  };
}
