/**
 * The currency of a conversion (spec section 1: the site's figures are in US dollars). Revenue, commission and the
 * dashboard's sums are plain cents with no currency beside them, so a conversion in any other currency would be summed
 * as dollars: 50,000 yen would count as $50,000. Until the admin can set exchange rates, a postback or report row in
 * another currency is refused with a message naming it, and a code that is not ISO 4217 is refused as such.
 *
 * The list of codes is ISO 4217 as the `currency-codes` package ships it (kept in step with the maintenance agency's
 * list), not a hand-written regular expression: `ZZZ` has the shape of a code and is none.
 */
import { code as isoCurrencyCode } from 'currency-codes';

/** The one currency amounts are recorded in. */
export const SITE_CURRENCY = 'USD';

export type CurrencyCheck = { ok: true; currency: typeof SITE_CURRENCY } | { ok: false; reason: 'not-a-code' | 'not-iso' | 'not-site'; code: string };

/** Whether `code` (any case) is a current ISO 4217 alphabetic code. */
export function isIsoCurrency(code: string): boolean {
  return /^[A-Za-z]{3}$/.test(code) && isoCurrencyCode(code.toUpperCase()) !== undefined;
}

/** The currency of an amount as sent (absent: the site's own), or why it cannot be recorded. */
export function checkCurrency(text: string | null | undefined): CurrencyCheck {
  if (text === null || text === undefined || text.trim() === '') return { ok: true, currency: SITE_CURRENCY };
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return { ok: false, reason: 'not-a-code', code: code.slice(0, 20) };
  if (!isIsoCurrency(code)) return { ok: false, reason: 'not-iso', code };
  if (code !== SITE_CURRENCY) return { ok: false, reason: 'not-site', code };
  return { ok: true, currency: SITE_CURRENCY };
}

/** The sentence after "The currency" / a row's column name: why the code was refused. */
export function currencyProblem(check: Extract<CurrencyCheck, { ok: false }>): string {
  switch (check.reason) {
    case 'not-a-code':
      return 'must be a three-letter code such as USD';
    case 'not-iso':
      return `${check.code} is not an ISO 4217 currency code`;
    case 'not-site':
      return `${check.code} is not accepted: amounts are recorded in ${SITE_CURRENCY} only, so send them in ${SITE_CURRENCY}`;
  }
}
