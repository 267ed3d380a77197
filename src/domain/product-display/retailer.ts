/** Retailer names shown to shoppers (spec section 2: product cards). */

const RETAILER_NAMES: Readonly<Record<string, string>> = {
  amazon: 'Amazon',
  ebay: 'eBay',
  rakuten: 'Rakuten',
  walmart: 'Walmart',
  target: 'Target',
  bestbuy: 'Best Buy',
  costco: 'Costco',
};

/** The name when nothing identifies a known retailer. */
export const UNKNOWN_RETAILER = 'Retailer';

/**
 * The retailer's display name from `affiliate_source` (amazon, ebay, rakuten, walmart, target,
 * bestbuy, costco); when the source is another value (such as 'generic') the link's host decides;
 * otherwise 'Retailer'.
 */
export function retailerName(affiliateSource: string | null | undefined, affiliateUrl?: string | null): string {
  const key = affiliateSource?.trim().toLowerCase().replace(/[\s_-]/g, '') ?? '';
  const byName = RETAILER_NAMES[key];
  if (byName) return byName;
  const host = hostOf(affiliateUrl);
  if (host) {
    for (const [retailer, name] of Object.entries(RETAILER_NAMES)) {
      // www.amazon.com, amazon.co.uk, m.ebay.com, www.bestbuy.com …
      if (new RegExp(`(^|\\.)${retailer}\\.[a-z.]+$`).test(host)) return name;
    }
  }
  return UNKNOWN_RETAILER;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
