/**
 * The buy button's wording (spec section 2: product cards; defaults in section 9).
 *
 * Order of precedence, most specific first:
 * 1. out of stock: "Check on {retailer}" (nothing to buy, but the shopper can look);
 * 2. a call to action an editor wrote for the product (`attributes.cta`), as written, unless it
 *    is one of the generic phrases below;
 * 3. an editor's generic phrase, named with the retailer when it is known ('Check price at Best Buy'):
 *    the shopper should know where the link goes (issue 9, point 7);
 * 4. the brand's own wording, for the five brands below;
 * 5. 'Buy at {retailer}' when the retailer is known, else 'Buy Now'.
 */
import { DEFAULT_CTA } from '../product.ts';
import { readText, type AttributeMap } from './attributes.ts';
import { retailerName, UNKNOWN_RETAILER } from './retailer.ts';

/** Brand-specific wording for five brands of the demo catalogue (db/seed/brands.ts). */
export const BRAND_CTAS: Readonly<Record<string, string>> = {
  IronPeak: 'Build Your IronPeak Setup',
  Restora: 'Start Recovering with Restora',
  Kinetiq: 'Get Moving with Kinetiq',
  Zenmat: 'Find Your Zenmat Flow',
  Fuelcraft: 'Fuel Up with Fuelcraft',
};

/** Generic phrases (lower case) and how each reads with the retailer named. */
export const RETAILER_CTAS: Readonly<Record<string, (retailer: string) => string>> = {
  'buy now': (retailer) => `Buy at ${retailer}`,
  'check price': (retailer) => `Check price at ${retailer}`,
  'view deal': (retailer) => `View deal at ${retailer}`,
  'shop now': (retailer) => `Shop at ${retailer}`,
  "see today's price": (retailer) => `See today's price at ${retailer}`,
};

export interface CtaInput {
  inStock: boolean;
  affiliateSource: string | null | undefined;
  affiliateUrl?: string | null;
  attributes: AttributeMap;
}

export function outOfStockCta(affiliateSource: string | null | undefined, affiliateUrl?: string | null): string {
  return `Check on ${retailerName(affiliateSource, affiliateUrl)}`;
}

/** Brand wording for a brand, matched without regard to case or surrounding spaces; else null. */
export function brandCta(brand: string | null): string | null {
  if (!brand) return null;
  const wanted = brand.trim().toLowerCase();
  for (const [name, cta] of Object.entries(BRAND_CTAS)) if (name.toLowerCase() === wanted) return cta;
  return null;
}

/** A generic phrase with the retailer named; the phrase unchanged when the retailer is unknown; null when it is not generic. */
export function retailerCta(phrase: string, retailer: string): string | null {
  const named = RETAILER_CTAS[phrase.trim().toLowerCase().replace(/’/g, "'")];
  if (!named) return null;
  return retailer === UNKNOWN_RETAILER ? phrase.trim() : named(retailer);
}

export function callToAction({ inStock, affiliateSource, affiliateUrl, attributes }: CtaInput): string {
  if (!inStock) return outOfStockCta(affiliateSource, affiliateUrl);
  const retailer = retailerName(affiliateSource, affiliateUrl);
  const editorial = readText(attributes, 'cta');
  const isDefault = editorial?.toLowerCase() === DEFAULT_CTA.toLowerCase();
  if (editorial && !isDefault) return retailerCta(editorial, retailer) ?? editorial;
  return brandCta(readText(attributes, 'brand')) ?? retailerCta(DEFAULT_CTA, retailer) ?? DEFAULT_CTA;
}
