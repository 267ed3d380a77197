/**
 * "The same link" for add by link: two pasted links name the same product when they reach the same retailer's same
 * product, whatever tracking they carry. A link with a product code (an Amazon ASIN, an eBay or Walmart item id, a
 * Rakuten product id; ./affiliate-platform.ts reads them) is that platform and code; any other link is its host
 * (without www.) and path, plus the query parameters that are not tracking (ref=, tag=, utm_* and their kin).
 *   https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3 and https://amazon.com/Foam-Roller/dp/B001ARYU58?tag=x&th=1
 *   are both amazon:B001ARYU58.
 */
import { detectAffiliatePlatform, parseHttpUrl } from './affiliate-platform.ts';

/** Query parameters that say who sent the visitor or how, never which product: dropped before comparing. */
const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'ref',
  'ref_',
  'tag',
  'th',
  'psc',
  'qid',
  'sr',
  'keywords',
  'crid',
  'sprefix',
  'linkcode',
  'linkid',
  'camp',
  'creative',
  'creativeasin',
  'ascsubtag',
  'smid',
  'content-id',
  '_encoding',
  'fbclid',
  'gclid',
  'msclkid',
  'mc_cid',
  'mc_eid',
  'irclickid',
  'irgwc',
  'clickid',
  'affid',
  'aff_id',
  'campid',
  'customid',
  'mkevt',
  'mkcid',
  'mkrid',
  'toolid',
  'siteid',
  'ranmid',
  'raneaid',
  'ransiteid',
  'spm',
  'srsltid',
]);
const TRACKING_PREFIXES = ['utm_', 'pf_rd_', 'pd_rd_', 'mc_', 'ir_'];

/** True for a query parameter that only tracks the visit (ref=, tag=, utm_source= …). */
export function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return TRACKING_PARAMS.has(key) || TRACKING_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Path segments Amazon appends after the product (…/dp/B001ARYU58/ref=sr_1_3): they track, they do not name. */
const TRACKING_SEGMENT = /^ref=/i;

/**
 * The identity of a product link: `{platform}:{code}` when the link names a product code, else
 * `{host}{path}?{non-tracking query, sorted}`; null when it is not an http(s) URL.
 */
export function linkIdentity(url: string): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const detected = detectAffiliatePlatform(parsed.href);
  if (detected.productCode) return `${detected.platform}:${detected.productCode}`;

  const host = parsed.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  const path = parsed.pathname
    .split('/')
    .filter((segment) => segment !== '' && !TRACKING_SEGMENT.test(segment))
    .join('/')
    .toLowerCase();
  const query = [...parsed.searchParams.entries()]
    .filter(([name]) => !isTrackingParam(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  return `${host}/${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** Whether two links name the same product (see linkIdentity); a link that is not a URL matches nothing. */
export function sameProductLink(a: string, b: string): boolean {
  const left = linkIdentity(a);
  return left !== null && left === linkIdentity(b);
}

/**
 * A piece of text every stored link to the same product contains, for the server's first, coarse database filter
 * (affiliate_url LIKE %needle%) before sameProductLink decides: the product code, else the path's last segment, else the host.
 */
export function linkSearchNeedle(url: string): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const detected = detectAffiliatePlatform(parsed.href);
  if (detected.productCode) return detected.productCode;
  const segments = parsed.pathname.split('/').filter((segment) => segment !== '' && !TRACKING_SEGMENT.test(segment));
  return segments.at(-1) ?? parsed.hostname.toLowerCase().replace(/^www\./, '');
}
