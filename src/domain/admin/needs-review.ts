/**
 * A product the site could not fill in by itself (issue 11): an add-by-link whose scrape failed, or a CSV row with no
 * title, is still created (spec section 7, Client-side scraping: a name guessed from the URL path, price 0, no image),
 * as a draft marked `attributes.needs_review`, so the products list can show it until an admin has looked at it.
 * Saving the product from the editor clears the mark.
 */
import { MAX_NAME_LENGTH } from './product-form.ts';

/** The attributes key; its value is the reason, one of `needsReviewReasons`. */
export const NEEDS_REVIEW_ATTRIBUTE = 'needs_review';

export const needsReviewReasons = ['scrape-failed', 'no-title', 'amazon-data'] as const;
export type NeedsReviewReason = (typeof needsReviewReasons)[number];

export const needsReviewLabels: Record<NeedsReviewReason, string> = {
  'scrape-failed': 'Needs review: the product page could not be read',
  'no-title': 'Needs review: imported without a title',
  'amazon-data': "Needs review: Amazon's data needs the Creators API",
};

/** The reason a product needs review, or null when it does not. */
export function needsReviewReason(attributes: Readonly<Record<string, unknown>> | null | undefined): NeedsReviewReason | null {
  const value = attributes?.[NEEDS_REVIEW_ATTRIBUTE];
  return typeof value === 'string' && (needsReviewReasons as readonly string[]).includes(value) ? (value as NeedsReviewReason) : null;
}

/** How lists and labels show a product whose name could not be read (the stored name stays empty, never invented). */
export const UNTITLED_PRODUCT_LABEL = 'Untitled draft';
export function productDisplayName(name: string): string {
  return name.trim() === '' ? UNTITLED_PRODUCT_LABEL : name;
}

/**
 * Path segments that say nothing about the product: Amazon's /dp/ and /gp/product/, shop prefixes, locale codes,
 * numeric ids, product codes (ten letters and digits with at least one digit, like an ASIN), and the tracking Amazon
 * appends after the code (ref=sr_1_3, or any segment holding '=').
 */
const UNINFORMATIVE_SEGMENT = /^(?:dp|gp|aw|d|product|products|p|ip|itm|item|items|shop|store|buy|en|en-us|en-gb|us|www|index|ref|(?=[a-z0-9]*\d)[a-z0-9]{10}|\d+|.*=.*)$/i;

/**
 * A product name guessed from a URL's path (spec section 7): the last informative path segment, with hyphens and
 * underscores as spaces, percent-escapes decoded and a file extension dropped, in title case. A product is never
 * named after the shop or a URL fragment, so a path with nothing informative (…/dp/B001ARYU58/ref=sr_1_3, the site's
 * root) or text that is not a URL gives '' and the editor asks for a name.
 *   https://www.amazon.com/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24 → "TheraGun Elite Massage Gun"
 */
export function productNameFromUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '';
  }
  const segments = parsed.pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        // A broken escape is a fragment of the address, not words.
        return '';
      }
    })
    .filter((segment) => !UNINFORMATIVE_SEGMENT.test(segment.trim()))
    .map((segment) => segment.replace(/\.[a-z0-9]{2,5}$/i, '').replace(/[-_+]+/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((segment) => segment !== '' && !UNINFORMATIVE_SEGMENT.test(segment.replace(/\s+/g, '')) && /\p{L}/u.test(segment));
  const words = segments.at(-1) ?? '';
  const titled = words
    .split(' ')
    .map((word) => (word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
  return titled.slice(0, MAX_NAME_LENGTH).trim();
}
