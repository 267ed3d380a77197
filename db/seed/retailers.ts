/**
 * Retailers of the demo catalogue and realistic product URLs for each, so that
 * affiliate tagging, retailer names and link matching have true-to-life input.
 */
import type { affiliatePlatforms } from '../schema.ts';
import type { Random } from './random.ts';

export const retailers = ['amazon', 'walmart', 'target', 'bestbuy', 'ebay', 'rakuten', 'costco'] as const;
export type Retailer = (typeof retailers)[number];
export type AffiliatePlatform = (typeof affiliatePlatforms)[number];

/** Share of the catalogue per retailer: mostly Amazon, as on most affiliate sites. */
const weights: Readonly<Record<Retailer, number>> = {
  amazon: 0.62,
  walmart: 0.09,
  target: 0.07,
  bestbuy: 0.05,
  ebay: 0.06,
  rakuten: 0.05,
  costco: 0.06,
};

export function pickRetailer(random: Random): Retailer {
  let roll = random.next();
  for (const retailer of retailers) {
    roll -= weights[retailer];
    if (roll < 0) return retailer;
  }
  return 'amazon';
}

/** affiliate_links.platform has no value for target, bestbuy or costco. */
export function platformOf(retailer: Retailer): AffiliatePlatform {
  return retailer === 'amazon' || retailer === 'walmart' || retailer === 'ebay' || retailer === 'rakuten' ? retailer : 'other';
}

/** attributes.affiliate_network: the networks the spec names, else 'generic'. */
export function networkOf(retailer: Retailer): string {
  return platformOf(retailer) === 'other' ? 'generic' : retailer;
}

const ASIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function digits(random: Random, count: number): string {
  let out = String(random.int(1, 9));
  while (out.length < count) out += String(random.int(0, 9));
  return out;
}

/** The retailer's own product code: an ASIN on Amazon, an item number elsewhere. */
export function productCode(retailer: Retailer, random: Random): string {
  switch (retailer) {
    case 'amazon': {
      let asin = 'B0';
      while (asin.length < 10) asin += random.pick([...ASIN_CHARS]);
      return asin;
    }
    case 'walmart':
      return digits(random, 9);
    case 'target':
      return digits(random, 8);
    case 'bestbuy':
      return digits(random, 7);
    case 'ebay':
      return digits(random, 12);
    case 'rakuten':
      return `RW${digits(random, 8)}`;
    case 'costco':
      return `100${digits(random, 6)}`;
  }
}

export interface UrlParts {
  retailer: Retailer;
  code: string;
  slug: string;
  brandSlug: string;
  /** Amazon's long form carries the product title in the path: `/Title-Words/dp/ASIN`. */
  longForm: boolean;
  title: string;
}

export function productUrl({ retailer, code, slug, brandSlug, longForm, title }: UrlParts): string {
  switch (retailer) {
    case 'amazon': {
      if (!longForm) return `https://www.amazon.com/dp/${code}`;
      const path = title
        .replace(/[^A-Za-z0-9\s-]/g, '')
        .trim()
        .split(/\s+/)
        .slice(0, 6)
        .join('-');
      return `https://www.amazon.com/${path}/dp/${code}?th=1`;
    }
    case 'walmart':
      return `https://www.walmart.com/ip/${slug}/${code}`;
    case 'target':
      return `https://www.target.com/p/${slug}/-/A-${code}`;
    case 'bestbuy':
      return `https://www.bestbuy.com/site/${slug}/${code}.p?skuId=${code}`;
    case 'ebay':
      // An eBay Partner Network link, as EPN's link generator makes it (campid = the publisher's campaign), so the
      // demo has a network with a sub-id slot (customid) for click ids: https://developer.ebay.com/api-docs/buy/static/ref-epn-link.html
      return `https://www.ebay.com/itm/${code}?mkcid=1&mkrid=711-53200-19255-0&siteid=0&campid=5338000001&toolid=10001&mkevt=1`;
    case 'rakuten':
      return `https://www.rakuten.com/shop/${brandSlug}/product/${code}/`;
    case 'costco':
      return `https://www.costco.com/${slug}.product.${code}.html`;
  }
}

export const retailerLabels: Readonly<Record<Retailer, string>> = {
  amazon: 'Amazon',
  walmart: 'Walmart',
  target: 'Target',
  bestbuy: 'Best Buy',
  ebay: 'eBay',
  rakuten: 'Rakuten',
  costco: 'Costco',
};
