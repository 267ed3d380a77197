/**
 * Which catalogue product a retailer link in admin-written HTML points at (issue 14, point 1: a click id for every
 * outbound click). A blog post or product description links retailers in its own words, and the build makes those
 * links sponsored buy links (src/domain/disclosure/retailer-links.ts); but the page's click script gives a click its
 * click id and beacon only when the link names its product (data-track-click), and a beacon without a product is no
 * click the dashboard can count. So a link that offers a catalogue product is given that product's id.
 *
 * A link offers a product when it is the product's own link once both are tagged (taggedAffiliateUrl), or, for
 * Amazon, when both name the same ASIN on the same marketplace: the title slug in the path and the tracking
 * parameters of a link copied from a browser do not change what is sold. Another marketplace does: its sales are in
 * another Amazon account's reports, under another tag, so they cannot follow this product's clicks. Anything else (a
 * search, a store page, a product the catalogue does not have) matches nothing and stays a sponsored link without a
 * click id.
 */
import { asinOf, isAmazonHost, taggedAffiliateUrl } from '../affiliate-url.ts';

/** The catalogue product a link offers, or undefined. */
export type ProductOfLink = (href: string) => number | undefined;

export interface LinkableProduct {
  id: number;
  affiliateUrl: string | null;
}

function offerKey(href: string | null, amazonTag: string | null | undefined): string | undefined {
  const tagged = taggedAffiliateUrl(href, amazonTag);
  if (!tagged) return undefined;
  const url = new URL(tagged);
  const asin = isAmazonHost(url.hostname) ? asinOf(url) : null;
  // www.amazon.com, amazon.com and smile.amazon.com are one marketplace.
  return asin ? `amazon:${url.hostname.replace(/^(?:www|smile)\./, '')}:${asin}` : url.href;
}

/**
 * The products of a catalogue by the offer their links name. Two products with one offer (a duplicate row) give it to
 * the lower id, so the answer never depends on the order the products came in.
 */
export function linkedProducts(catalogue: Iterable<LinkableProduct>, amazonTag: string | null | undefined): ProductOfLink {
  const byOffer = new Map<string, number>();
  for (const product of catalogue) {
    const key = offerKey(product.affiliateUrl, amazonTag);
    if (key === undefined) continue;
    const known = byOffer.get(key);
    if (known === undefined || product.id < known) byOffer.set(key, product.id);
  }
  return (href) => {
    const key = offerKey(href, amazonTag);
    return key === undefined ? undefined : byOffer.get(key);
  };
}
