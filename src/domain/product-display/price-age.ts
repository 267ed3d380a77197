/**
 * Every price carries its age, and a stale price is never shown as current.
 *
 * Amazon's terms for its product data (Product Advertising API License Agreement, kept for the Creators API): a price
 * refreshed less often than hourly carries a date and time stamp beside it, with Amazon's disclaimer beside it or a
 * click away; Amazon's data may be cached 24 hours at most. Other retailers' prices are held to the same rule, so
 * every price on the site ages the same way.
 *
 * Pages are static, so the build decides with its own clock and ships the moment the price goes stale; the browser
 * hides the price once that moment passes (src/components/price-age/price-age-script.ts).
 */
import { retailerName } from './retailer.ts';

const HOUR_MS = 3_600_000;

/** The admin setting's default: a price older than this many hours is not shown. */
export const DEFAULT_STALE_AFTER_HOURS = 24;
export const MIN_STALE_AFTER_HOURS = 1;
/** Amazon allows 24 hours of caching: the limit can be shortened, never lengthened past it. */
export const MAX_STALE_AFTER_HOURS = 24;

/**
 * Amazon's disclaimer, word for word (Amazon Associates Program Policies / Product Advertising API License Agreement:
 * 'Product prices and availability are accurate as of the date/time indicated and are subject to change. Any price
 * and availability information displayed on [relevant Amazon Site(s), as applicable] at the time of purchase will
 * apply to the purchase of this product.'), with the bracket filled in from the link's host.
 */
export function amazonPriceDisclaimer(amazonSite: string): string {
  return `Product prices and availability are accurate as of the date/time indicated and are subject to change. Any price and availability information displayed on ${amazonSite} at the time of purchase will apply to the purchase of this product.`;
}

/** 'Amazon.com', 'Amazon.co.uk' … for a link to an Amazon store (host amazon.*), else null. */
export function amazonSiteOf(url: string | null | undefined): string | null {
  if (!url) return null;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const match = /(?:^|\.)amazon\.([a-z.]+)$/.exec(host);
  return match ? `Amazon.${match[1]}` : null;
}

/** The moment the price stops being shown (epoch ms), or null when it was never checked (never shown). */
export function priceStaleAt(checkedAt: number | null | undefined, staleAfterHours: number): number | null {
  if (typeof checkedAt !== 'number' || !Number.isFinite(checkedAt)) return null;
  return checkedAt + staleAfterHours * HOUR_MS;
}

/** A price is stale once its stale moment has come, and always when it was never checked. */
export function isPriceStale(checkedAt: number | null | undefined, staleAfterHours: number, now: number): boolean {
  const staleAt = priceStaleAt(checkedAt, staleAfterHours);
  return staleAt === null || now >= staleAt;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The stamp: 'Price as of 27 Nov 2026, 14:05 UTC'. Day, month name and a 24-hour clock in UTC read the same way
 * everywhere (no 11/12 ambiguity, no AM/PM, no local zone that differs between the build and the reader).
 */
export function priceStamp(checkedAt: number): string {
  const d = new Date(checkedAt);
  return `Price as of ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** What a stale price is replaced with: no amount, just where to look. */
export function stalePriceLabel(affiliateSource: string | null | undefined, affiliateUrl?: string | null): string {
  return `Check price on ${retailerName(affiliateSource, affiliateUrl)}`;
}

/** The admin setting, tolerant of a missing or older record: the default unless a whole number of hours in range. */
export function storedStaleAfterHours(value: unknown): number {
  const hours = typeof value === 'object' && value !== null ? (value as { staleAfterHours?: unknown }).staleAfterHours : undefined;
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= MIN_STALE_AFTER_HOURS && hours <= MAX_STALE_AFTER_HOURS
    ? hours
    : DEFAULT_STALE_AFTER_HOURS;
}

/** The settings row holding the limit; pages render it, so it is a build input (src/server/build-inputs.ts). */
export const PRICE_SETTING_ID = 'prices';
