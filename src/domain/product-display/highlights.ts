/**
 * "Why customers choose this" (spec section 2: product detail): up to four highlights, in the
 * spec's order of priority, from the product's attributes.
 */
import { readFlag, readNumber, type AttributeMap } from './attributes.ts';
import { formatK, K_FORMAT_FROM } from './format.ts';

/** product_num_ratings above this earns "Trusted by …" (spec section 9). */
export const TRUSTED_ABOVE = 1000;
/** sales_volume above this earns "… bought this month" (spec section 9). */
export const SALES_HIGHLIGHT_ABOVE = 100;
export const MAX_HIGHLIGHTS = 4;

export interface Highlight {
  key: 'trusted' | 'sales' | 'amazon-choice' | 'prime';
  text: string;
}

/** Prime eligibility under either spelling the data uses (is_prime from scrapes, prime_eligible from CSV). */
export function isPrimeEligible(attributes: AttributeMap): boolean {
  return readFlag(attributes, 'is_prime') || readFlag(attributes, 'prime_eligible');
}

export function boughtThisMonth(salesVolume: number): string {
  return salesVolume >= K_FORMAT_FROM ? `${formatK(salesVolume)}+ bought this month` : `${Math.round(salesVolume)} bought this month`;
}

export function productHighlights(attributes: AttributeMap): Highlight[] {
  const highlights: Highlight[] = [];
  const ratings = readNumber(attributes, 'product_num_ratings');
  if (ratings !== null && ratings > TRUSTED_ABOVE) highlights.push({ key: 'trusted', text: `Trusted by ${formatK(ratings)}+ customers` });
  const sales = readNumber(attributes, 'sales_volume');
  if (sales !== null && sales > SALES_HIGHLIGHT_ABOVE) highlights.push({ key: 'sales', text: boughtThisMonth(sales) });
  if (readFlag(attributes, 'is_amazon_choice')) highlights.push({ key: 'amazon-choice', text: "Amazon's Choice" });
  if (isPrimeEligible(attributes)) highlights.push({ key: 'prime', text: 'Prime eligible' });
  return highlights.slice(0, MAX_HIGHLIGHTS);
}
