/**
 * The disclosure rule for one built page (issue 13, point 4), read with a streaming HTML parser:
 *
 * 1. Every affiliate link (affiliate-link.ts) carries rel containing 'sponsored'.
 * 2. The page's first affiliate link is disclosed: an element marked `data-affiliate-disclosure` (the full card,
 *    the compact line, the listing line) is "near" it, which means either
 *    a. it opened earlier in document order inside the same region: the innermost `<main>` holding the link, or
 *       the page outside any `<main>` for a link there (so a line in the header cannot disclose a link in the
 *       page body, and the footer's sentence, which follows everything, never counts); or
 *    b. it sits in the link's own box: a descendant of the link's parent or grandparent element, before or after
 *       the link (the spec's compact disclosure directly under the product page's buy button). The box stays inside
 *       the region: for a link placed straight in `<main>` it is the link itself, so a line at the far end of the
 *       page does not count.
 * Later links are covered by the first one's disclosure, as a reader meets it first.
 */
import { decodeHTMLAttribute } from 'entities';
import { Parser } from 'htmlparser2';
import { affiliateLinkMatch, relIsSponsored, type AffiliateMatch } from './affiliate-link.ts';

/** The attribute every disclosure element carries; the check looks for nothing else. */
export const DISCLOSURE_ATTRIBUTE = 'data-affiliate-disclosure';

/** How many ancestors up from a link a disclosure may sit in its box (2: parent and grandparent). */
export const BOX_LEVELS = 2;

export type ViolationReason = 'not-sponsored' | 'undisclosed';

export interface LinkViolation {
  href: string;
  reason: ViolationReason;
  match: AffiliateMatch;
}

export interface PageCheck {
  violations: LinkViolation[];
  /** Affiliate links on the page, violating or not. */
  affiliateLinks: number;
}

export const REASON_TEXT: Readonly<Record<ViolationReason, string>> = {
  'not-sponsored': "rel does not contain 'sponsored'",
  undisclosed: 'no affiliate disclosure before it or beside it',
};

interface Open {
  /** The region (innermost open <main>'s number, 0 outside any) this element is in. */
  region: number;
  /** The stack index of that region's element (the <main>, else <body>); -1 before <body>. */
  floor: number;
}

interface Pending {
  href: string;
  match: AffiliateMatch;
  /** The stack index of the link's box (its grandparent, or the highest ancestor below the region's element). */
  box: number;
}

/** An attribute's value as a browser reads it (&amp; in a URL is &). */
function decoded(value: string | undefined): string | undefined {
  return value !== undefined && value.includes('&') ? decodeHTMLAttribute(value) : value;
}

/** Checks one page's HTML; `siteOrigin` makes absolute links to the site itself internal. */
export function checkPageHtml(html: string, options: { siteOrigin?: string } = {}): PageCheck {
  const stack: Open[] = [];
  const violations: LinkViolation[] = [];
  const reported = new Set<string>();
  const disclosedRegions = new Set<number>();
  let mains = 0;
  let affiliateLinks = 0;
  let firstSeen = false;
  let pending: Pending | null = null;

  const report = (href: string, reason: ViolationReason, match: AffiliateMatch) => {
    const key = `${reason} ${href}`;
    if (reported.has(key)) return;
    reported.add(key);
    violations.push({ href, reason, match });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack.at(-1);
        const inRegion = name === 'main' ? ++mains : (parent?.region ?? 0);
        const floor = name === 'main' || (name === 'body' && inRegion === 0) ? stack.length : (parent?.floor ?? -1);
        stack.push({ region: inRegion, floor });
        if (DISCLOSURE_ATTRIBUTE in attributes) {
          disclosedRegions.add(inRegion);
          // Inside the pending link's box (still open): the link is disclosed beside it.
          if (pending && stack.length > pending.box) pending = null;
        }
        if (name !== 'a' && name !== 'area') return;
        const href = decoded(attributes.href);
        const match = affiliateLinkMatch(href, options.siteOrigin);
        if (!match || !href) return;
        affiliateLinks += 1;
        if (!relIsSponsored(decoded(attributes.rel))) report(href, 'not-sponsored', match);
        if (firstSeen) return;
        firstSeen = true;
        const linkIndex = stack.length - 1;
        if (!disclosedRegions.has(inRegion)) pending = { href, match, box: Math.min(linkIndex, Math.max(linkIndex - BOX_LEVELS, floor + 1)) };
      },
      onclosetag() {
        stack.pop();
        if (pending && stack.length <= pending.box) {
          report(pending.href, 'undisclosed', pending.match);
          pending = null;
        }
      },
    },
    // Entities are decoded only in the two attributes read (decoded()): decoding every text node cost a third of the time.
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  // The callbacks above assign it; TypeScript cannot see that and narrows it to null.
  const unresolved = pending as Pending | null;
  if (unresolved) report(unresolved.href, 'undisclosed', unresolved.match);
  return { violations, affiliateLinks };
}
