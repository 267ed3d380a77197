/**
 * Amazon associate tagging (spec section 9, ARCHITECTURE section 8).
 *
 * The spec: "a fixed tag is applied to Amazon links; Amazon URLs with a 10-character product
 * code are rewritten to /dp/{code} with the tag; other URLs get the tag parameter set".
 * Read precisely:
 * - Only Amazon hosts are tagged: an Amazon associate tag means nothing to eBay or Walmart,
 *   whose links carry their own network's tracking, so those pass through unchanged.
 * - An Amazon URL whose path names an ASIN (/dp/, /gp/product/, /gp/aw/d/, /exec/obidos/ASIN/, /o/ASIN/)
 *   becomes the canonical `https://{host}/dp/{ASIN}?tag={tag}`: the title slug, tracking
 *   and session parameters (`ref`, `th`, `psc` …) are dropped, and so is another site's tag.
 *   The marketplace host is kept (amazon.co.uk stays amazon.co.uk); bare `amazon.com` becomes `www.amazon.com`.
 * - Any other Amazon URL (a search, a store page) keeps its path and query with `tag` set (replaced if present).
 * - A link that is not http(s) is refused (null), so a bad row cannot become a `javascript:` link.
 */
import { safeExternalUrl } from './product.ts';

/** amazon.com, www.amazon.com, smile.amazon.com, amazon.co.uk, www.amazon.de … (not amzn.to: a redirect, tags are lost). */
const AMAZON_HOST = /^(?:[a-z0-9-]+\.)*amazon\.(?:com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|co\.jp|sg|com\.au|cn)$/;

/** The ASIN in an Amazon product path: ten letters or digits after one of the product-path prefixes. */
const ASIN_PATH = /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/(?:asin|ASIN)|o|gp\/offer-listing)\/([A-Z0-9]{10})(?=[/?#]|$)/i;

export function isAmazonHost(hostname: string): boolean {
  return AMAZON_HOST.test(hostname.toLowerCase());
}

/** The 10-character ASIN an Amazon URL's path names, upper-cased; else null. */
export function asinOf(url: URL): string | null {
  const match = ASIN_PATH.exec(url.pathname);
  return match?.[1] ? match[1].toUpperCase() : null;
}

/**
 * The link a buy button points at: tagged when it is an Amazon link and a tag is configured,
 * otherwise the link as stored; null when it is not a usable http(s) URL.
 */
export function taggedAffiliateUrl(url: string | null | undefined, amazonTag: string | null | undefined): string | null {
  const safe = safeExternalUrl(url);
  if (!safe) return null;
  const tag = amazonTag?.trim();
  const parsed = new URL(safe);
  if (!tag || !isAmazonHost(parsed.hostname)) return safe;

  const host = parsed.hostname.toLowerCase() === 'amazon.com' ? 'www.amazon.com' : parsed.hostname.toLowerCase();
  const asin = asinOf(parsed);
  if (asin) return `https://${host}/dp/${asin}?tag=${encodeURIComponent(tag)}`;

  parsed.hostname = host;
  parsed.searchParams.set('tag', tag);
  return parsed.href;
}
