import { describe, expect, it } from 'vitest';
import { checkCurrency, currencyProblem, isIsoCurrency, SITE_CURRENCY } from '../../src/domain/revenue/currency.ts';

describe('the currency of a conversion', () => {
  it('is the site’s (USD) when none is sent, in any case and spacing', () => {
    for (const text of [null, undefined, '', '  ', 'USD', 'usd', ' Usd ']) expect(checkCurrency(text), String(text)).toEqual({ ok: true, currency: SITE_CURRENCY });
  });

  it('tells ISO 4217 codes from letters that only look like one', () => {
    for (const code of ['USD', 'JPY', 'eur', 'GBP', 'CHF']) expect(isIsoCurrency(code), code).toBe(true);
    for (const code of ['ZZZ', 'ABC', 'US', 'USDD', '12$', 'constructor']) expect(isIsoCurrency(code), code).toBe(false);
  });

  it('refuses another real currency naming it, a made-up code as not ISO 4217, and text that is no code', () => {
    const refused = (text: string) => {
      const check = checkCurrency(text);
      if (check.ok) throw new Error(`${text} was accepted`);
      return currencyProblem(check);
    };
    expect(refused('jpy')).toBe('JPY is not accepted: amounts are recorded in USD only, so send them in USD');
    expect(refused('ZZZ')).toBe('ZZZ is not an ISO 4217 currency code');
    expect(refused('dollars')).toBe('must be a three-letter code such as USD');
    expect(refused('$')).toBe('must be a three-letter code such as USD');
  });
});
