/** Money as shoppers see it: prices are dollars (spec section 1), stored as REAL. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `1234.5` → `"$1,234.50"`. Non-finite input (a corrupt row) shows as `$0.00` rather than `$NaN`. */
export function formatPrice(dollars: number): string {
  return usd.format(Number.isFinite(dollars) ? dollars : 0);
}
