/**
 * Conversion postbacks (issue 14, point 3): what a network's call to /api/conversions/{network}/{token} means.
 *
 * Networks do not send a fixed body: the publisher writes a callback URL (or POST body) with the network's macros in
 * it, and the network fills them in. So each mapping below lists, per field, the parameter names it accepts: the
 * network's own macro name first (what the admin panel should suggest), then the names the network's exports and APIs
 * use. Names are compared lower-cased with '-', '_' and spaces removed, so `SubId1`, `subid1` and `sub_id_1` match.
 *
 * Sources (read 2026-11 unless noted):
 * - Impact: macros {SubId1}, {ActionId}, {Amount}, {Payout}, {Currency}, {Status}; states Pending, Approved, Reversed
 *   (LockedStatus OPEN/LOCKED/CLEARED is a separate field).
 *   https://help.impact.com/en/support/solutions/articles/155000000882-enable-action-clearing-events-notification and
 *   https://integrations.impact.com/impact-brand/reference/enable-postbacks (action lifecycle: tracked, modified, reversed).
 * - Awin: transaction notification placeholders !!!clickRef!!!, !!!commission!!!, !!!transactionId!!!,
 *   !!!transactionAmount!!!, !!!transactionCurrency!!!, !!!transactionStatus!!!, by GET or POST.
 *   https://developer.awin.com/docs/request-types and https://developer.awin.com/docs/transaction-notifications.
 *   Read: clickRef and commission; the transaction fields' names and the status words pending/approved/declined/deleted
 *   are from Awin's publisher API reports as remembered, not read on the pages above.
 * - Rakuten Advertising: u1 is the Signature member id
 *   (https://pubhelp.rakutenadvertising.com/hc/en-us/articles/10035508493709-Signature-Implementation-Guidelines-Documentation);
 *   order_id, sale_amount, commissions and currency are the Signature Orders report's columns, and a return comes as
 *   a negative amount, not a status. The report's column list could not be read; this follows the guide's description.
 * - CJ: sid, commission-id, order-id, sale-amount, commission-amount, action-status new|extended|locked|closed,
 *   action-type (`corrected` for a correction) from the Commission Detail Service
 *   (http://help.cj.com/en/web_services/Commission_Detail_Service.htm, read in part). Which action-status means
 *   approved could not be read from CJ; new and extended are treated as pending (still open to correction), locked and
 *   closed as approved (after the locking date), as the thread
 *   https://stackoverflow.com/questions/22638084 reads them (read through a mirror of that thread, not CJ).
 * - Partnerize: publisher_reference (pubref), conversion_id, value, commission, currency, status
 *   pending|approved|rejected. Partnerize's postback documentation could not be read; these are its API's names as
 *   remembered and should be checked against a real postback before relying on them.
 * - generic: the names a hand-written callback most likely uses.
 */
import { z } from 'zod';
import { checkCurrency, currencyProblem, SITE_CURRENCY } from './currency.ts';
import { parseMoneyCents } from './money.ts';

export const conversionStatuses = ['pending', 'approved', 'reversed'] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];

export const postbackNetworks = ['impact', 'awin', 'rakuten', 'cj', 'partnerize', 'generic'] as const;
export type PostbackNetwork = (typeof postbackNetworks)[number];

export interface PostbackMapping {
  clickId: readonly string[];
  transactionId: readonly string[];
  saleAmount: readonly string[];
  commission: readonly string[];
  currency: readonly string[];
  status: readonly string[];
  /** The network's status words (normalised like names) → ours. A word not listed is an error, never a guess. */
  statuses: Readonly<Record<string, ConversionStatus>>;
}

const GENERIC_STATUSES: Readonly<Record<string, ConversionStatus>> = {
  pending: 'pending',
  new: 'pending',
  open: 'pending',
  approved: 'approved',
  confirmed: 'approved',
  locked: 'approved',
  cleared: 'approved',
  paid: 'approved',
  reversed: 'reversed',
  declined: 'reversed',
  rejected: 'reversed',
  cancelled: 'reversed',
  canceled: 'reversed',
  refunded: 'reversed',
  returned: 'reversed',
  deleted: 'reversed',
};

export const POSTBACK_MAPPINGS: Readonly<Record<PostbackNetwork, PostbackMapping>> = {
  impact: {
    clickId: ['SubId1'],
    transactionId: ['ActionId', 'Id'],
    saleAmount: ['Amount', 'SaleAmount'],
    commission: ['Payout'],
    currency: ['Currency'],
    status: ['Status', 'ActionStatus', 'State'],
    statuses: { pending: 'pending', approved: 'approved', reversed: 'reversed' },
  },
  awin: {
    clickId: ['clickRef'],
    transactionId: ['transactionId', 'id'],
    saleAmount: ['transactionAmount', 'saleAmount'],
    commission: ['commission', 'commissionAmount'],
    currency: ['transactionCurrency', 'currency'],
    status: ['transactionStatus', 'commissionStatus', 'status'],
    statuses: { pending: 'pending', approved: 'approved', declined: 'reversed', deleted: 'reversed' },
  },
  rakuten: {
    clickId: ['u1'],
    transactionId: ['order_id', 'orderId', 'oid'],
    saleAmount: ['sale_amount', 'sales'],
    commission: ['commissions', 'commission'],
    currency: ['currency'],
    status: ['status'],
    statuses: { pending: 'pending', approved: 'approved', reversed: 'reversed', cancelled: 'reversed', returned: 'reversed' },
  },
  cj: {
    clickId: ['sid'],
    transactionId: ['commission-id', 'order-id', 'oid'],
    saleAmount: ['sale-amount'],
    commission: ['commission-amount', 'commission'],
    currency: ['currency'],
    status: ['action-status', 'status'],
    statuses: { new: 'pending', extended: 'pending', locked: 'approved', closed: 'approved', corrected: 'reversed' },
  },
  partnerize: {
    clickId: ['publisher_reference', 'pubref'],
    transactionId: ['conversion_id', 'conversion_reference'],
    saleAmount: ['value', 'conversion_value'],
    commission: ['commission', 'publisher_commission'],
    currency: ['currency'],
    status: ['status', 'conversion_status'],
    statuses: { pending: 'pending', approved: 'approved', rejected: 'reversed' },
  },
  generic: {
    clickId: ['click_id', 'clickid', 'subid', 'subid1', 'sid', 'clickref', 'u1', 'pubref'],
    transactionId: ['transaction_id', 'order_id', 'oid', 'conversion_id'],
    saleAmount: ['sale_amount', 'amount', 'order_value'],
    commission: ['commission', 'payout'],
    currency: ['currency'],
    status: ['status'],
    statuses: GENERIC_STATUSES,
  },
};

export interface ParsedPostback {
  /** The click id as sent; null when the postback carries none (stored as unattributed, never dropped). */
  clickId: string | null;
  transactionId: string;
  /** null when the network sent no sale amount (a lead, or a mapping without one). */
  saleAmountCents: number | null;
  commissionCents: number;
  /** Always the site's currency (USD, also when not sent): another is refused (currency.ts). */
  currency: string;
  status: ConversionStatus;
}

export type PostbackField = 'parameters' | 'clickId' | 'transactionId' | 'saleAmount' | 'commission' | 'currency' | 'status';
export interface PostbackError {
  field: PostbackField;
  message: string;
}
export type PostbackResult = { ok: true; value: ParsedPostback } | { ok: false; error: PostbackError };

export const DEFAULT_CURRENCY = SITE_CURRENCY;
const MAX_PARAMETERS = 200;
const MAX_VALUE_LENGTH = 2000;
const IDENTIFIER = /^[\x21-\x7e]{1,128}$/;

/** A postback's parameters: from a query string or form (URLSearchParams), or a JSON body's top-level object. */
const valueSchema = z.union([z.string().max(MAX_VALUE_LENGTH), z.number(), z.boolean(), z.null()]);
const bodySchema = z.record(z.string().max(200), z.unknown()).refine((record) => Object.keys(record).length <= MAX_PARAMETERS);

/**
 * The network's status word as ours, or undefined. An own-property lookup: the vocabularies are plain objects, so a
 * bare index would read `constructor` (and other Object.prototype members) as a status and hand a function to the
 * database write, which throws (a 503 the network retries forever) instead of the 400 this word deserves.
 */
export function statusOf(statuses: Readonly<Record<string, ConversionStatus>>, key: string): ConversionStatus | undefined {
  return Object.hasOwn(statuses, key) ? statuses[key] : undefined;
}

export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

type Collected = { ok: true; values: Map<string, string> } | { ok: false; error: PostbackError };

function collect(input: URLSearchParams | unknown): Collected {
  const pairs: [string, unknown][] = [];
  if (input instanceof URLSearchParams) {
    for (const pair of input) pairs.push(pair);
  } else {
    const parsed = bodySchema.safeParse(input);
    if (!parsed.success) return { ok: false, error: { field: 'parameters', message: 'The postback must be an object of at most 200 parameters.' } };
    pairs.push(...Object.entries(parsed.data));
  }
  if (pairs.length > MAX_PARAMETERS) return { ok: false, error: { field: 'parameters', message: 'The postback has more than 200 parameters.' } };
  // A Map, not an object: a parameter called __proto__ must stay a parameter.
  const values = new Map<string, string>();
  for (const [name, raw] of pairs) {
    const value = valueSchema.safeParse(raw);
    if (!value.success) return { ok: false, error: { field: 'parameters', message: `The parameter ${name.slice(0, 40)} is not a single value.` } };
    if (value.data === null) continue;
    const text = String(value.data).trim();
    const key = normaliseName(name);
    const previous = values.get(key);
    // Two spellings of one parameter with different values: which one the network meant cannot be known.
    if (previous !== undefined && previous !== text) {
      return { ok: false, error: { field: 'parameters', message: `The parameter ${name.slice(0, 40)} is given twice with different values.` } };
    }
    values.set(key, text);
  }
  return { ok: true, values };
}

/** The first of `names` the postback carries with a non-empty value; a macro the network left unfilled counts as absent. */
function pick(values: Map<string, string>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = values.get(normaliseName(name));
    if (value !== undefined && value !== '' && !isUnfilledMacro(value)) return value;
  }
  return null;
}

/** {SubId1}, !!!clickRef!!!, [order_id], %24{x}: a placeholder the network did not replace (no click id, no value). */
function isUnfilledMacro(value: string): boolean {
  return /^(?:\{[^{}]*\}|!!![^!]*!!!|\[[^[\]]*\]|%7b.*%7d)$/i.test(value);
}

function money(values: Map<string, string>, names: readonly string[], field: 'saleAmount' | 'commission', label: string): { ok: true; cents: number | null } | { ok: false; error: PostbackError } {
  const text = pick(values, names);
  if (text === null) return { ok: true, cents: null };
  const result = parseMoneyCents(text);
  if (!result.ok) return { ok: false, error: { field, message: `The ${label} ${result.reason}.` } };
  return { ok: true, cents: result.cents };
}

/**
 * The conversion a postback reports, or the first thing wrong with it. Never throws, whatever the input: an
 * endpoint answers a typed error with 400 and stores nothing.
 *
 * Status: the network's word through its vocabulary. A network that sends none (Rakuten's returns) reports a
 * reversal by a negative commission or sale; otherwise a postback without a status is pending. A negative amount
 * under a pending or approved status is refused: partial refunds are not modelled yet.
 */
export function parsePostback(network: PostbackNetwork, input: URLSearchParams | unknown): PostbackResult {
  const mapping = POSTBACK_MAPPINGS[network];
  const collected = collect(input);
  if (!collected.ok) return collected;
  const { values } = collected;

  const clickId = pick(values, mapping.clickId);
  if (clickId !== null && !IDENTIFIER.test(clickId)) {
    return { ok: false, error: { field: 'clickId', message: 'The click id must be 1 to 128 printable characters without spaces.' } };
  }
  const transactionId = pick(values, mapping.transactionId);
  if (transactionId === null) return { ok: false, error: { field: 'transactionId', message: 'The transaction id is missing.' } };
  if (!IDENTIFIER.test(transactionId)) {
    return { ok: false, error: { field: 'transactionId', message: 'The transaction id must be 1 to 128 printable characters without spaces.' } };
  }

  const sale = money(values, mapping.saleAmount, 'saleAmount', 'sale amount');
  if (!sale.ok) return sale;
  const commission = money(values, mapping.commission, 'commission', 'commission');
  if (!commission.ok) return commission;
  if (commission.cents === null) return { ok: false, error: { field: 'commission', message: 'The commission is missing.' } };

  const currency = checkCurrency(pick(values, mapping.currency));
  if (!currency.ok) return { ok: false, error: { field: 'currency', message: `The currency ${currencyProblem(currency)}.` } };

  const negative = commission.cents < 0 || (sale.cents !== null && sale.cents < 0);
  const statusText = pick(values, mapping.status);
  let status: ConversionStatus;
  if (statusText === null) {
    status = negative ? 'reversed' : 'pending';
  } else {
    const mapped = statusOf(mapping.statuses, normaliseName(statusText));
    if (!mapped) return { ok: false, error: { field: 'status', message: `The status ${statusText.slice(0, 40)} is not one this network sends.` } };
    status = mapped;
  }
  if (negative && status !== 'reversed') {
    return { ok: false, error: { field: 'commission', message: 'A negative amount is only accepted for a reversal.' } };
  }

  return { ok: true, value: { clickId, transactionId, saleAmountCents: sale.cents, commissionCents: commission.cents, currency: currency.currency, status } };
}
