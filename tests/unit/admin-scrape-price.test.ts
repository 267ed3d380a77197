/** Price and rating rules of the scrape (spec sections 3 and 5): symbols and thousands separators stripped; ratings only in (0, 5]. */
import { describe, expect, it } from 'vitest';
import { acceptRating, currencyOf, cutDescription, parsePrice, parsePriceAmount } from '../../src/domain/admin/scrape/index.ts';

describe('parsePriceAmount', () => {
  it.each([
    ['$1,299.99', 1299.99],
    ['1.299,99 €', 1299.99],
    ['USD 45', 45],
    ['£12', 12],
    ['12,99', 12.99],
    ['1,299', 1299],
    ['1 299,00 kr', 1299],
    ['1.234.567', null],
    ['1.234.567,89', null],
    ['2.345.678', null],
    ['19.990', 19.99],
    ['$ 0.99', 0.99],
    ['Price: $24', 24],
    ['EUR 1’299.50', 1299.5],
    ['1,234,567', null],
    ['999,999.99', 999999.99],
    ['12.', 12],
    ['free', null],
    ['', null],
    ['-5', null],
  ])('%s → %s', (text, amount) => {
    expect(parsePriceAmount(text)).toBe(amount);
  });

  it('takes numbers as they are, rounded to cents, and refuses negative, infinite and over a million', () => {
    expect(parsePriceAmount(19.999)).toBe(20);
    expect(parsePriceAmount(0)).toBe(0);
    expect(parsePriceAmount(-1)).toBeNull();
    expect(parsePriceAmount(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parsePriceAmount(1_000_001)).toBeNull();
    expect(parsePriceAmount(null)).toBeNull();
  });
});

describe('currencyOf and parsePrice', () => {
  it.each([
    ['$1,299.99', 'USD'],
    ['1.299,99 €', 'EUR'],
    ['USD 45', 'USD'],
    ['45 eur', 'EUR'],
    ['£12', 'GBP'],
    ['CA$20', 'CAD'],
    ['was 20 now 15', null],
    ['12.00', null],
  ])('%s names %s', (text, currency) => {
    expect(currencyOf(text)).toBe(currency);
  });

  it('gives the amount with its currency', () => {
    expect(parsePrice('1.299,99 €')).toEqual({ amount: 1299.99, currency: 'EUR' });
    expect(parsePrice(15)).toEqual({ amount: 15, currency: null });
    expect(parsePrice('n/a')).toBeNull();
  });
});

describe('acceptRating', () => {
  it.each([
    ['4.6', undefined, 4.6],
    [5, undefined, 5],
    ['0.5', undefined, 0.5],
    ['4,5', undefined, 4.5],
    [0, undefined, null],
    ['5.1', undefined, null],
    [-1, undefined, null],
    ['great', undefined, null],
    [null, undefined, null],
    ['9.2', '10', 4.6],
    ['88', 100, 4.4],
    ['11', '10', null],
    ['4', '', 4],
  ] as const)('%s of %s → %s', (value, best, rating) => {
    expect(acceptRating(value, best)).toBe(rating);
  });
});

describe('cutDescription', () => {
  it('keeps text within the limit as it is and cuts longer text at a word with an ellipsis', () => {
    expect(cutDescription('short text', 500)).toBe('short text');
    const cut = cutDescription('word '.repeat(200), 500);
    expect(cut.length).toBeLessThanOrEqual(500);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cutDescription('x'.repeat(600), 500)).toHaveLength(500);
  });
});
