/**
 * Money from networks as integer cents, read from the decimal text digit by digit: no floating point ever touches an
 * amount, so '19.99' is 1999 and not 1998.9999….
 *
 * Accepted: an optional sign, digits with or without thousands commas in groups of three ('1,234.50'), and up to two
 * decimals; more decimals only when the extra ones are zeros ('1.6400', as some exports pad them). Refused, with a
 * reason: empty text, currency symbols, exponents, a decimal comma ('1.234,50' is ambiguous between conventions),
 * misplaced commas, sub-cent amounts ('0.125': rounding money is a business decision, not a parser's), and amounts
 * of 10,000,000 or more: no sale of a home fitness product reaches it, and summed totals of such amounts stay exact
 * integers (a red-team import of 48 × 200 rows of 9,999,999,999,999.99 pushed a product's revenue_cents past 2^63,
 * where SQLite turns it into a float and the dashboard's sums failed).
 */
export type MoneyResult = { ok: true; cents: number } | { ok: false; reason: string };

const MONEY = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
const MAX_INTEGER_DIGITS = 7;

export function parseMoneyCents(text: string): MoneyResult {
  const value = text.trim();
  if (value === '') return { ok: false, reason: 'is empty' };
  const match = MONEY.exec(value);
  if (!match) return { ok: false, reason: 'is not an amount like 19.99 or 1,234.50' };
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > 2 && /[^0]/.test(fraction.slice(2))) return { ok: false, reason: 'has fractions of a cent' };
  const digits = whole.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_INTEGER_DIGITS) return { ok: false, reason: 'is too large' };
  const cents = Number(digits) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  // -0 would compare equal but print as '0'; normalise so stored rows never hold it.
  return { ok: true, cents: sign === '-' && cents !== 0 ? -cents : cents };
}
