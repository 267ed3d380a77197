/**
 * Which links are affiliate links (issue 13, point 4): the build check and the blog's link rewrite share this rule.
 *
 * A link is an affiliate link when
 * - its host is a retailer the catalogue sells through (detectAffiliatePlatform: Amazon with its short hosts and
 *   regional stores, eBay with rover.ebay.com, Walmart with goto.walmart.com, Rakuten with linksynergy, Target,
 *   Best Buy, Costco and the niche shops) or an affiliate network's click domain (NETWORK_DOMAINS below); or
 * - it carries a tag or sub-id parameter an affiliate programme uses (AFFILIATE_PARAMETERS), on any host. This
 *   catches a network the host list does not know yet; such a link is refused by the check rather than guessed at.
 * Only absolute http(s) links leave the site; relative links, fragments, mailto: and links to the site's own
 * origin are never affiliate links.
 */
import { detectAffiliatePlatform, onDomain } from '../admin/affiliate-platform.ts';

/**
 * Click and redirect domains of the affiliate networks (a link on a subdomain counts: Impact gives each brand one,
 * e.g. brand.sjv.io). Sources: each network's documented tracking-link formats.
 */
export const NETWORK_DOMAINS: Readonly<Record<string, string>> = {
  // Impact
  'sjv.io': 'Impact',
  'pxf.io': 'Impact',
  '7eer.net': 'Impact',
  'evyy.net': 'Impact',
  'ojrq.net': 'Impact',
  'r7pb.net': 'Impact',
  'impactradius.com': 'Impact',
  'impact.com': 'Impact',
  // CJ (Commission Junction)
  'anrdoezrs.net': 'CJ',
  'jdoqocy.com': 'CJ',
  'tkqlhce.com': 'CJ',
  'dpbolvw.net': 'CJ',
  'kqzyfj.com': 'CJ',
  'qksrv.net': 'CJ',
  'emjcd.com': 'CJ',
  'ftjcfx.com': 'CJ',
  'lduhtrp.net': 'CJ',
  'tqlkg.com': 'CJ',
  'awltovhc.com': 'CJ',
  // Awin
  'awin1.com': 'Awin',
  'zenaps.com': 'Awin',
  // ShareASale
  'shareasale.com': 'ShareASale',
  'shareasale-analytics.com': 'ShareASale',
  // Partnerize
  'prf.hn': 'Partnerize',
  // Skimlinks
  'skimresources.com': 'Skimlinks',
  'skimlinks.com': 'Skimlinks',
  // Sovrn Commerce (formerly VigLink)
  'viglink.com': 'Sovrn',
  'sovrn.co': 'Sovrn',
  // Rakuten Advertising (LinkShare) click domains besides linksynergy.com
  'linksynergy.com': 'Rakuten',
  'rakutenmarketing.com': 'Rakuten',
  // eBay Partner Network's short links
  'ebay.us': 'eBay',
  // Pepperjam / Partnerize Ascend
  'pntra.com': 'Pepperjam',
  'pjtra.com': 'Pepperjam',
  'gopjn.com': 'Pepperjam',
  'pjatr.com': 'Pepperjam',
  // AvantLink, FlexOffers, Walmart's Impact domain
  'avantlink.com': 'AvantLink',
  'flexlinkspro.com': 'FlexOffers',
  'linkbux.com': 'LinkBux',
};

/**
 * Query parameters affiliate programmes put in their links, lower-cased: Amazon's tag and ascsubtag, Impact's
 * subId1-3 and irclickid, CJ's sid, Awin's clickref, Rakuten's u1, eBay's campid and customid (and mkcid), ShareASale's
 * afftrack, Partnerize's pubref, plus the generic affiliate ids several smaller programmes use.
 */
export const AFFILIATE_PARAMETERS: readonly string[] = [
  'tag',
  'ascsubtag',
  'subid',
  'subid1',
  'subid2',
  'subid3',
  'irclickid',
  'irgwc',
  'sid',
  'clickref',
  'pubref',
  'u1',
  'campid',
  'customid',
  'mkcid',
  'afftrack',
  'affid',
  'aff_id',
  'affiliate_id',
  'ranmid',
  'ransiteid',
];
const PARAMETER_SET = new Set(AFFILIATE_PARAMETERS);

export interface AffiliateMatch {
  /** How the link was recognised. */
  by: 'retailer' | 'network' | 'parameter';
  /** The retailer, network or parameter that matched. */
  name: string;
}

function parseExternal(href: string, siteOrigin: string | undefined): URL | null {
  const trimmed = href.trim();
  // Only absolute links leave the site; '//host/…' is absolute too.
  if (!/^(?:https?:)?\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed, 'https://relative.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (siteOrigin && url.origin === siteOrigin) return null;
  return url;
}

/** The retailer or network a host belongs to, by the host list; null for any other host. */
export function affiliateHost(hostname: string): AffiliateMatch | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const network = Object.keys(NETWORK_DOMAINS).find((domain) => onDomain(host, domain));
  if (network) return { by: 'network', name: NETWORK_DOMAINS[network]! };
  const detected = detectAffiliatePlatform(`https://${host}/`);
  if (detected.platform !== 'generic') return { by: 'retailer', name: detected.retailer ?? host };
  return null;
}

/**
 * Why a link is an affiliate link, or null when it is not one. `siteOrigin` (e.g. https://repwell.example) makes
 * absolute links to the site itself internal.
 */
export function affiliateLinkMatch(href: string | null | undefined, siteOrigin?: string): AffiliateMatch | null {
  if (!href) return null;
  const url = parseExternal(href, siteOrigin);
  if (!url) return null;
  const byHost = affiliateHost(url.hostname);
  if (byHost) return byHost;
  for (const name of url.searchParams.keys()) {
    if (PARAMETER_SET.has(name.toLowerCase())) return { by: 'parameter', name };
  }
  return null;
}

/** True when a rel attribute's space-separated tokens include 'sponsored' (any case, as HTML compares them). */
export function relIsSponsored(rel: string | null | undefined): boolean {
  return (rel ?? '').toLowerCase().split(/\s+/).includes('sponsored');
}
