/**
 * "Product Specifications" (spec section 2): the affiliate URL, the number of ratings analysed,
 * then up to ten other specification entries whose values are text. Keys containing "review" or
 * "url", and total_reviews_fetched and asin, are left out; underscores in keys become spaces.
 */
import type { AttributeMap } from './attributes.ts';

export const MAX_SPECIFICATION_ENTRIES = 10;

export interface SpecificationEntry {
  label: string;
  value: string;
}

function isExcluded(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.includes('review') || lower.includes('url') || lower === 'total_reviews_fetched' || lower === 'asin';
}

/** The text-valued entries to list, in stored order, at most ten. */
export function specificationEntries(specifications: AttributeMap): SpecificationEntry[] {
  const entries: SpecificationEntry[] = [];
  for (const [key, value] of Object.entries(specifications)) {
    if (entries.length === MAX_SPECIFICATION_ENTRIES) break;
    if (typeof value !== 'string' || value.trim() === '' || isExcluded(key)) continue;
    entries.push({ label: key.replace(/_/g, ' ').trim(), value: value.trim() });
  }
  return entries;
}
