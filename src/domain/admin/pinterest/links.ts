/**
 * A pin's destination link. By default our own product or post page with UTM parameters, so the analytics can tell
 * Pinterest visits apart; the affiliate URL only when the admin chooses it, and then the pin is marked affiliate
 * (its description carries the disclosure, default-texts.ts).
 *
 * The pin's idempotency key rides in `utm_content`: Pinterest's PinCreate (API v5.23) has no private field, and the
 * link comes back on GET /v5/boards/{board_id}/pins, so after a crash between the request and our write the publisher
 * can find the pin it already made (src/server/jobs/pinterest-publisher.ts).
 */
import { detectAffiliatePlatform } from '../affiliate-platform.ts';
import { taggedAffiliateUrl } from '../../affiliate-url.ts';
import type { PinSourceType } from './texts.ts';

export const UTM_SOURCE = 'pinterest';
export const UTM_MEDIUM = 'social';
/** utm_campaign by what is pinned: products and blog posts are reported apart. */
export const UTM_CAMPAIGNS: Readonly<Record<PinSourceType, string>> = { product: 'product_pins', post: 'blog_pins' };

/** pin_ and 20 lower-case base-32 characters: about 100 bits, made by the server when a pin is created. */
const PIN_KEY_PATTERN = /^pin_[a-z2-7]{20}$/;

export function isPinKey(value: string): boolean {
  return PIN_KEY_PATTERN.test(value);
}

/** The public page of a product or post on this site. */
export function sourcePagePath(source: { type: PinSourceType; slug: string }): string {
  return source.type === 'product' ? `/product/${encodeURIComponent(source.slug)}` : `/blog/${encodeURIComponent(source.slug)}`;
}

/** Our page for the pin's source with utm_source, utm_medium, utm_campaign and utm_content (the pin key). */
export function pinPageLink(siteUrl: string, source: { type: PinSourceType; slug: string }, pinKey: string): string {
  const url = new URL(sourcePagePath(source), siteUrl);
  url.searchParams.set('utm_source', UTM_SOURCE);
  url.searchParams.set('utm_medium', UTM_MEDIUM);
  url.searchParams.set('utm_campaign', UTM_CAMPAIGNS[source.type]);
  url.searchParams.set('utm_content', pinKey);
  return url.href;
}

/** The key a link carries in utm_content, if any. */
export function pinKeyOfLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const key = new URL(link).searchParams.get('utm_content');
    return key && isPinKey(key) ? key : null;
  } catch {
    return null;
  }
}

/** True when the link leads to this site (our product or post page), whatever its query. */
export function isOwnLink(link: string, siteUrl: string): boolean {
  try {
    return new URL(link).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Whether a destination is an affiliate link: the product's own affiliate URL, or any link to a retailer or network the
 * affiliate rules know (affiliate-platform.ts). Our own pages are never affiliate links.
 */
export function isAffiliateLink(link: string, options: { siteUrl: string; productAffiliateUrl?: string | null; amazonTag?: string | null }): boolean {
  if (isOwnLink(link, options.siteUrl)) return false;
  const own = options.productAffiliateUrl?.trim();
  if (own && (link === own || link === taggedAffiliateUrl(own, options.amazonTag ?? null))) return true;
  return detectAffiliatePlatform(link).platform !== 'generic';
}

/** The product's affiliate URL as the buy button links it (Amazon tagged), or null when it is not http(s). */
export function affiliatePinLink(affiliateUrl: string, amazonTag: string | null): string | null {
  return taggedAffiliateUrl(affiliateUrl, amazonTag);
}
