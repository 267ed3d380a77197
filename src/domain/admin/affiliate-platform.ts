/**
 * Which retailer or network an affiliate URL belongs to, and that platform's own product code (spec section 3:
 * affiliate_links.platform and product_id). The manual and multi-product forms use it now; add-by-link and the CSV
 * import reuse it. Short and redirect links (amzn.to, ebay.us, rover.ebay.com, linksynergy, goto.walmart.com) name
 * their platform; a code is read from the destination they carry when they carry one.
 */
import { isAmazonHost } from '../affiliate-url.ts';
import { isAmazonShortHost, parseAmazonLink } from '../amazon-asin.ts';

/** affiliate_links.platform (the database's enum; the domain may not import db/). */
export const affiliatePlatforms = ['amazon', 'rakuten', 'ebay', 'walmart', 'other', 'generic'] as const;
export type AffiliatePlatform = (typeof affiliatePlatforms)[number];

/** attributes.affiliate_network: the networks of spec section 9; 'generic' is the default. */
export const affiliateNetworks = ['amazon', 'rakuten', 'ebay', 'walmart', 'generic'] as const;
export type AffiliateNetwork = (typeof affiliateNetworks)[number];
export const DEFAULT_AFFILIATE_NETWORK: AffiliateNetwork = 'generic';

export interface DetectedPlatform {
  platform: AffiliatePlatform;
  /** The platform's product code: an ASIN, an eBay item id, a Walmart item id; null when the URL names none. */
  productCode: string | null;
  /** The network the link pays through: the platform when it is one of the spec's networks, else generic. */
  network: AffiliateNetwork;
  /**
   * The retailer a shopper buys from, as products.affiliate_source and the public retailer names know them
   * (amazon, ebay, rakuten, walmart, target, bestbuy, costco); null for a shop the site has no name for.
   */
  retailer: string | null;
  /** Amazon's store the link points at (www.amazon.co.uk …), as the Creators API names it; null for other platforms and short links. */
  marketplace?: string | null;
}

/** Retailers with no platform of their own ('other'): the site's niche shops and the big-box stores. */
const OTHER_RETAILERS: Readonly<Record<string, string | null>> = {
  target: 'target',
  bestbuy: 'bestbuy',
  costco: 'costco',
  dickssportinggoods: null,
  rei: null,
  roguefitness: null,
  homedepot: null,
  lowes: null,
  kohls: null,
  macys: null,
  wayfair: null,
  decathlon: null,
  iherb: null,
  gnc: null,
  vitaminshoppe: null,
  nike: null,
  adidas: null,
  underarmour: null,
  samsclub: null,
  newegg: null,
};

const GENERIC: DetectedPlatform = { platform: 'generic', productCode: null, network: 'generic', retailer: null };

/** The URL when it is absolute http(s); else null. */
export function parseHttpUrl(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** True when the host is the domain or one of its subdomains (ebay.com matches www.ebay.com, not notebay.com). */
export function onDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The second-level name of a host on any public suffix: www.ebay.co.uk → ebay, m.target.com → target. */
function siteName(host: string): string | null {
  const match = /(?:^|\.)([a-z0-9-]+)\.(?:com|net|org|ca|de|fr|it|es|nl|ie|at|ch|be|pl|se|in|us|co|com?\.[a-z]{2}|co\.[a-z]{2})$/.exec(host);
  return match?.[1] ?? null;
}

const EBAY_HOST = /(?:^|\.)ebay\.(?:com|co\.uk|de|fr|it|es|ca|com\.au|at|ch|be|nl|ie|pl|ph|com\.sg|com\.my|com\.hk|us)$/;
const WALMART_HOST = /(?:^|\.)walmart\.(?:com|ca|com\.mx)$/;
const RAKUTEN_HOST = /(?:^|\.)(?:rakuten\.(?:com|co\.jp|ca|fr|de|co\.uk|com\.tw)|linksynergy\.com)$/;

/** A destination carried by a redirect link's query (rover's mpre, linksynergy's murl, Impact's u). */
function destination(url: URL, names: readonly string[]): URL | null {
  for (const name of names) {
    const value = url.searchParams.get(name);
    const parsed = value ? parseHttpUrl(value) : null;
    if (parsed) return parsed;
  }
  return null;
}

function ebayItemId(url: URL): string | null {
  const path = /\/itm\/(?:[^/?#]+\/)?(\d{9,15})(?=[/?#]|$)/.exec(url.pathname);
  if (path?.[1]) return path[1];
  const query = url.searchParams.get('item') ?? url.searchParams.get('itemId');
  return query && /^\d{9,15}$/.test(query) ? query : null;
}

function walmartItemId(url: URL): string | null {
  return /\/ip\/(?:[^/?#]+\/)?(\d{5,15})(?=[/?#]|$)/.exec(url.pathname)?.[1] ?? null;
}

function rakutenProductId(url: URL): string | null {
  return /\/product\/([A-Za-z0-9_-]+)(?=[/?#]|$)/.exec(url.pathname)?.[1] ?? null;
}

/** The platform, product code, network and retailer of an affiliate URL; generic for anything unknown or not http(s). */
export function detectAffiliatePlatform(url: string): DetectedPlatform {
  const parsed = parseHttpUrl(url);
  if (!parsed) return GENERIC;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');

  if (isAmazonHost(host) || isAmazonShortHost(host) || onDomain(host, 'amzn.to') || onDomain(host, 'amzn.com') || onDomain(host, 'amzn.eu') || host === 'a.co') {
    const link = parseAmazonLink(parsed);
    const productCode = link?.kind === 'product' ? link.asin : null;
    const marketplace = link?.kind === 'product' || link?.kind === 'store' ? link.marketplace : null;
    return { platform: 'amazon', productCode, network: 'amazon', retailer: 'amazon', marketplace };
  }
  if (EBAY_HOST.test(host)) {
    const target = onDomain(host, 'rover.ebay.com') ? destination(parsed, ['mpre', 'loc']) : null;
    return { platform: 'ebay', productCode: ebayItemId(target ?? parsed), network: 'ebay', retailer: 'ebay' };
  }
  if (RAKUTEN_HOST.test(host)) {
    const target = onDomain(host, 'linksynergy.com') ? destination(parsed, ['murl', 'RD_PARM1']) : null;
    const code = target ? detectAffiliatePlatform(target.href).productCode : rakutenProductId(parsed);
    return { platform: 'rakuten', productCode: code, network: 'rakuten', retailer: 'rakuten' };
  }
  if (WALMART_HOST.test(host)) {
    const target = host === 'goto.walmart.com' ? destination(parsed, ['u']) : null;
    return { platform: 'walmart', productCode: walmartItemId(target ?? parsed), network: 'walmart', retailer: 'walmart' };
  }
  const name = siteName(host);
  if (name !== null && name in OTHER_RETAILERS) {
    return { platform: 'other', productCode: null, network: 'generic', retailer: OTHER_RETAILERS[name] ?? null };
  }
  return GENERIC;
}
