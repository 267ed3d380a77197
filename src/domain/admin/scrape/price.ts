/**
 * Prices as shops write them (spec section 5: "price parsing strips currency symbols and commas"), read into a
 * number and, when the text names one, a currency. Written for the forms met on product pages and in their metadata:
 * "$1,299.99", "1.299,99 €", "USD 45", "£12", "12,99", "1 299,00 kr", "19.990" (a schema.org number).
 *
 * Separators: when both '.' and ',' appear, the last one is the decimal mark; one kind repeated is thousands
 * grouping; a single ',' followed by exactly three digits is grouping ("1,299"), otherwise the decimal mark ("12,99");
 * a single '.' is always the decimal mark, as in every JSON-LD and microdata price.
 */
import { MAX_PRICE } from '../product-form.ts';

const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['A$', 'AUD'],
  ['AU$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₽', 'RUB'],
  ['₺', 'TRY'],
  ['zł', 'PLN'],
  ['$', 'USD'],
];

const ISO_CODES = new Set(
  'USD EUR GBP CAD AUD NZD JPY CNY INR CHF SEK NOK DKK PLN CZK HUF BRL MXN KRW HKD SGD ZAR TRY RUB'.split(' '),
);

export interface ParsedPrice {
  amount: number;
  /** ISO 4217 code when the text names a currency by code or symbol. */
  currency: string | null;
}

/** The currency a price text names: an ISO code (USD, eur) or a symbol; null when none. */
export function currencyOf(text: string): string | null {
  for (const [, code] of text.matchAll(/(?:^|[^A-Za-z])([A-Za-z]{3})(?![A-Za-z])/g)) {
    if (code && ISO_CODES.has(code.toUpperCase())) return code.toUpperCase();
  }
  for (const [symbol, currency] of SYMBOLS) if (text.includes(symbol)) return currency;
  return null;
}

/** The number in a price text, or null when there is none, it is negative, or it is above 1,000,000. */
export function parsePriceAmount(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return acceptable(input);
  // Everything but digits and separators goes: symbols, codes, spaces (also thin and no-break spaces), words.
  const kept = input.replace(/[^\d.,'’-]/g, '').replace(/['’]/g, '');
  const match = /-?\d[\d.,]*/.exec(kept);
  if (!match) return null;
  let digits = match[0].replace(/[.,]+$/, '');
  if (digits.startsWith('-')) return null;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    digits = digits.split(grouping).join('').replace(decimal, '.');
  } else if (lastComma !== -1) {
    const commas = digits.split(',').length - 1;
    const afterLast = digits.length - lastComma - 1;
    digits = commas > 1 || afterLast === 3 ? digits.replace(/,/g, '') : digits.replace(',', '.');
  } else if (lastDot !== -1 && digits.split('.').length - 1 > 1) {
    digits = digits.replace(/\./g, '');
  }
  return acceptable(Number(digits));
}

function acceptable(amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_PRICE) return null;
  return Math.round(amount * 100) / 100;
}

export function parsePrice(input: string | number | null | undefined): ParsedPrice | null {
  const amount = parsePriceAmount(input);
  if (amount === null) return null;
  return { amount, currency: typeof input === 'string' ? currencyOf(input) : null };
}

/**
 * A rating as the site stores it: only in (0, 5] (spec section 3, Scraped product data). A rating on another scale
 * (bestRating 10 or 100) is brought to five stars first; anything else is no rating.
 */
export function acceptRating(value: string | number | null | undefined, best?: string | number | null): number | null {
  const rating = typeof value === 'number' ? value : value === null || value === undefined ? NaN : Number(String(value).trim().replace(',', '.'));
  if (!Number.isFinite(rating)) return null;
  const scale = best === null || best === undefined || best === '' ? 5 : Number(String(best).replace(',', '.'));
  const fiveStar = Number.isFinite(scale) && scale > 0 && scale !== 5 ? (rating / scale) * 5 : rating;
  if (!(fiveStar > 0 && fiveStar <= 5)) return null;
  return Math.round(fiveStar * 10) / 10 || null;
}
