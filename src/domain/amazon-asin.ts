/**
 * Finding the ASIN and marketplace in an Amazon link. Pure: the short links (amzn.to, a.co …) are only recognised
 * here; src/server/amazon/short-link.ts follows their redirect through the outbound fetcher and hands the target back.
 *
 * Shapes read (every one seen in links admins paste):
 *   /dp/{ASIN}, /{title-slug}/dp/{ASIN}/ref=…, /dp/product/{ASIN}, /gp/product/{ASIN}, /gp/aw/d/{ASIN} (the old mobile
 *   site), /exec/obidos/ASIN/{ASIN}, /exec/obidos/tg/detail/-/{ASIN}, /o/ASIN/{ASIN}, /gp/offer-listing/{ASIN},
 *   /product-reviews/{ASIN}, and ?asin= / ?ASIN= in a query; upper or lower case; with any `ref=` tail or query.
 * Hosts: www., smile. and m. on every regional store Amazon Associates runs (amazon.com, .ca, .com.mx, .com.br, .co.uk,
 * .de, .fr, .it, .es, .nl, .se, .pl, .com.be, .com.tr, .ae, .sa, .eg, .in, .co.jp, .sg, .com.au, .ie).
 * The marketplace is named as the Creators API names it, `www.amazon.co.uk` (its `marketplace` request field and
 * `x-marketplace` header, https://affiliate-program.amazon.com/creatorsapi/docs/en-us/locale-reference).
 */

/** The regional stores, by the host suffix after "amazon.". */
export const AMAZON_MARKETPLACE_SUFFIXES = [
  'com',
  'ca',
  'com.mx',
  'com.br',
  'co.uk',
  'ie',
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'se',
  'pl',
  'com.be',
  'com.tr',
  'ae',
  'sa',
  'eg',
  'in',
  'co.jp',
  'sg',
  'com.au',
] as const;

export const DEFAULT_AMAZON_MARKETPLACE = 'www.amazon.com';

const STORE_HOST = new RegExp(`^(?:(?:www|smile|m)\\.)?amazon\\.(${AMAZON_MARKETPLACE_SUFFIXES.map((s) => s.replace('.', '\\.')).join('|')})\\.?$`);

/** Amazon's link shorteners: each answers with a redirect to a store page, never with product data of its own. */
const SHORT_HOSTS = new Set(['amzn.to', 'a.co', 'amzn.eu', 'amzn.asia', 'amzn.com']);

/** Ten letters and digits; Amazon upper-cases them, links sometimes do not. */
const ASIN = /^[A-Z0-9]{10}$/i;

/** Path prefixes after which the next segment is the ASIN. */
const ASIN_PATH =
  /\/(?:dp(?:\/product)?|gp\/product|gp\/aw\/d|exec\/obidos\/asin|exec\/obidos\/tg\/detail\/-|o\/asin|gp\/offer-listing|product-reviews)\/([A-Z0-9]{10})(?=[/?#;&]|$)/i;

export interface AmazonProductLink {
  asin: string;
  /** The store's host as the Creators API names it, e.g. www.amazon.co.uk. */
  marketplace: string;
  /** https://{marketplace}/dp/{ASIN}: no title, tracking or someone else's tag (pages add the site's tag). */
  canonicalUrl: string;
}

export type AmazonLink =
  | ({ kind: 'product' } & AmazonProductLink)
  /** amzn.to and friends: the ASIN is known only after following the redirect. */
  | { kind: 'short'; url: string }
  /** An Amazon store page that names no product (a search, a store front). */
  | { kind: 'store'; marketplace: string };

function parse(url: string | URL): URL | null {
  try {
    const parsed = typeof url === 'string' ? new URL(url.trim()) : url;
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** The marketplace of an Amazon store host (smile., m. and bare hosts become www.), else null. */
export function amazonMarketplaceOf(hostname: string): string | null {
  const match = STORE_HOST.exec(hostname.toLowerCase());
  return match ? `www.amazon.${match[1]}` : null;
}

export function isAmazonShortHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return SHORT_HOSTS.has(host) || SHORT_HOSTS.has(host.replace(/^www\./, ''));
}

/** The ASIN a store URL names in its path or query, upper-cased; else null. */
export function asinInUrl(url: URL): string | null {
  const path = ASIN_PATH.exec(url.pathname)?.[1];
  if (path) return path.toUpperCase();
  for (const name of ['asin', 'ASIN']) {
    const value = url.searchParams.get(name);
    if (value && ASIN.test(value)) return value.toUpperCase();
  }
  return null;
}

export function canonicalAmazonUrl(asin: string, marketplace: string = DEFAULT_AMAZON_MARKETPLACE): string {
  return `https://${marketplace}/dp/${asin.toUpperCase()}`;
}

/** What an Amazon link names; null when it is not an Amazon link (or not an http(s) URL at all). */
export function parseAmazonLink(url: string | URL): AmazonLink | null {
  const parsed = parse(url);
  if (!parsed) return null;
  if (isAmazonShortHost(parsed.hostname)) {
    // amzn.com/dp/{ASIN} is an old store alias that names its product itself.
    const asin = asinInUrl(parsed);
    if (asin) return { kind: 'product', asin, marketplace: DEFAULT_AMAZON_MARKETPLACE, canonicalUrl: canonicalAmazonUrl(asin) };
    return { kind: 'short', url: parsed.href };
  }
  const marketplace = amazonMarketplaceOf(parsed.hostname);
  if (!marketplace) return null;
  const asin = asinInUrl(parsed);
  if (!asin) return { kind: 'store', marketplace };
  return { kind: 'product', asin, marketplace, canonicalUrl: canonicalAmazonUrl(asin, marketplace) };
}

/** An ASIN typed on its own (the product form's field, a CSV cell): upper-cased, or null when it is not one. */
export function normalizeAsin(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return ASIN.test(text) ? text.toUpperCase() : null;
}

/** A marketplace setting or cell: a store host (www.amazon.de, amazon.de) normalised, else null. */
export function normalizeMarketplace(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/.*$/, '') ?? '';
  return text === '' ? null : amazonMarketplaceOf(text);
}
