/**
 * Links to retailers in admin-written HTML (issue 13, point 4): a blog post or product description with a bare
 * retailer link reaches the page as a buy link does (ARCHITECTURE section 8): rel 'sponsored noopener', a new tab,
 * and the Amazon associate tag (taggedAffiliateUrl). Applied when the page is built, so the seeded content, rows
 * written before this rule and a changed AMAZON_ASSOCIATE_TAG are all covered.
 *
 * Only hosts on the list (a retailer or an affiliate network) are rewritten. A link recognised by a sub-id
 * parameter alone on an unknown host is left as it is: whether it earns money is not for this rule to guess, so
 * the build's disclosure check refuses it, naming the post, until its host is listed or the parameter removed.
 */
import { taggedAffiliateUrl } from '../affiliate-url.ts';
import { affiliateHost } from './affiliate-link.ts';

/** The attributes a rewritten retailer link carries, besides its href. */
export const SPONSORED_LINK = { rel: 'sponsored noopener', target: '_blank' } as const;

/**
 * The href a link to a known retailer or network gets (tagged when it is an Amazon link); null when the
 * link is not one, so it keeps the treatment of any other link.
 */
export function sponsoredRetailerHref(href: string | null | undefined, amazonTag: string | null | undefined): string | null {
  const safe = taggedAffiliateUrl(href, amazonTag);
  if (!safe) return null;
  return affiliateHost(new URL(safe).hostname) ? safe : null;
}
