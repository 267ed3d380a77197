/**
 * An Amazon link to its ASIN and marketplace. Store links are read as they are (src/domain/amazon-asin.ts); short
 * links (amzn.to, a.co …) are followed through the one outbound fetcher, HEAD requests and redirects only, stopping at
 * the first URL outside the shortener (an Amazon store URL, read for its ASIN): Amazon's own pages are never loaded (they answer robots with a captcha, and their data
 * comes from the Creators API).
 */
import { isAmazonShortHost, parseAmazonLink, type AmazonProductLink } from '../../domain/amazon-asin.ts';
import { OutboundError, safeFetch, type Resolver } from '../outbound/index.ts';

export interface FollowOptions {
  /** host:port pairs exempt from the fetcher's address rules; defaults to SCRAPE_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** DNS resolution; tests inject one. */
  resolve?: Resolver;
  deadlineMs?: number;
}

export type AmazonLinkResolution =
  | { ok: true; link: AmazonProductLink; /** The short link it came from, when it was one. */ shortLink: string | null }
  | { ok: false; message: string };


function reason(error: OutboundError, host: string): string {
  switch (error.code) {
    case 'network':
      return `${host} could not be reached`;
    case 'timeout':
      return `${host} did not answer in time`;
    case 'too-many-redirects':
    case 'redirect-loop':
      return 'it redirects too many times';
    default:
      return 'the site refused to follow it';
  }
}

/** Follows a link's redirects (never its pages) until an Amazon store URL; that URL read, or why it could not be. */
export async function followShortLink(url: string, options: FollowOptions = {}): Promise<AmazonLinkResolution> {
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  const notFollowed = (why: string) => ({ ok: false as const, message: `The short link ${url} could not be followed: ${why}. Paste the product's full Amazon link (with /dp/ and its ASIN) instead.` });
  // Only the shortener's own hops are followed: the first URL elsewhere (Amazon's store, or any other site) is read, not loaded.
  const leavesShortener = (next: URL) => next.host !== host && !isAmazonShortHost(next.hostname);
  let final: string;
  try {
    const answer = await safeFetch(url, { method: 'HEAD', stopAt: leavesShortener, allowedHosts: options.allowedHosts, resolve: options.resolve, deadlineMs: options.deadlineMs ?? 8000 });
    final = answer.url;
  } catch (error) {
    if (error instanceof OutboundError) return notFollowed(reason(error, host));
    throw error;
  }
  const link = parseAmazonLink(final);
  if (link?.kind === 'product') return { ok: true, link: { asin: link.asin, marketplace: link.marketplace, canonicalUrl: link.canonicalUrl }, shortLink: url };
  if (link?.kind === 'store') return notFollowed('it leads to an Amazon page that names no product');
  return notFollowed('it does not lead to an Amazon product page');
}

/** The ASIN, marketplace and canonical link an Amazon link names, following a short link; null when it is not an Amazon link. */
export async function resolveAmazonLink(url: string, options: FollowOptions = {}): Promise<AmazonLinkResolution | null> {
  const link = parseAmazonLink(url);
  if (link === null) return null;
  if (link.kind === 'product') return { ok: true, link: { asin: link.asin, marketplace: link.marketplace, canonicalUrl: link.canonicalUrl }, shortLink: null };
  if (link.kind === 'store') return { ok: false, message: `This Amazon link names no product (it has no ASIN): paste the link of the product's own page, the one with /dp/ and a ten-character code.` };
  return followShortLink(link.url, options);
}
