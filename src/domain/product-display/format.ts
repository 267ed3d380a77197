/** Number formats shared by cards and the detail page (spec sections 2 and 9). */

/** Counts of this size or more are shown in thousands with "K" (spec section 9). */
export const K_FORMAT_FROM = 1000;

const plain = new Intl.NumberFormat('en-US');

/** `13245` → "13,245". One formatter for every page: making one costs more than rendering a page's specifications. */
export function formatCount(count: number): string {
  return plain.format(count);
}

/**
 * `999` → "999", `1000` → "1.0K", `23456` → "23.5K": one decimal, as the spec's "N.NK".
 * Rounds down, so a count never claims more than it has (1999 is "1.9K", not "2.0K").
 */
export function formatK(count: number): string {
  if (count < K_FORMAT_FROM) return plain.format(Math.max(0, Math.round(count)));
  return `${(Math.floor(count / 100) / 10).toFixed(1)}K`;
}
