/**
 * The buy button's wording (spec section 2: product cards; defaults in section 9).
 *
 * Order of precedence, most specific first:
 * 1. out of stock: "Check on {retailer}" (nothing to buy, but the shopper can look);
 * 2. a call to action an editor set on the product (`attributes.cta`), unless it is the default;
 * 3. the brand's own wording, for the five brands below;
 * 4. 'Buy Now'.
 */
import { DEFAULT_CTA } from '../product.ts';
import { readText, type AttributeMap } from './attributes.ts';
import { retailerName } from './retailer.ts';

/** Brand-specific wording for five brands of the demo catalogue (db/seed/brands.ts). */
export const BRAND_CTAS: Readonly<Record<string, string>> = {
  IronPeak: 'Build Your IronPeak Setup',
  Restora: 'Start Recovering with Restora',
  Kinetiq: 'Get Moving with Kinetiq',
  Zenmat: 'Find Your Zenmat Flow',
  Fuelcraft: 'Fuel Up with Fuelcraft',
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

export function callToAction({ inStock, affiliateSource, affiliateUrl, attributes }: CtaInput): string {
  if (!inStock) return outOfStockCta(affiliateSource, affiliateUrl);
  const editorial = readText(attributes, 'cta');
  if (editorial && editorial.toLowerCase() !== DEFAULT_CTA.toLowerCase()) return editorial;
  return brandCta(readText(attributes, 'brand')) ?? DEFAULT_CTA;
}
