/**
 * Any network's report through a column mapping (issue 14, point 4): the admin says which column holds the date, the
 * click id, the product code (ASIN, SKU or product id), the order or transaction id, the sale amount, the commission,
 * the status and the currency. The last mapping per network is saved and offered again; without one, columns are
 * suggested by their header names, starting from the network's postback parameter names (postback.ts), which are
 * also the names of its report exports.
 *
 * A row reads as a postback does: statuses through the network's vocabulary, then the generic one (postback.ts's,
 * reused, so 'Approved', 'locked' or 'declined' mean the same in a report as in a postback); a row without a status
 * is pending, or a reversal when its amounts are negative; a negative amount under another status is refused.
 */
import { z } from 'zod';
import { checkCurrency, currencyProblem } from './currency.ts';
import { parseMoneyCents } from './money.ts';
import { normaliseName, POSTBACK_MAPPINGS, statusOf, type ConversionStatus, type PostbackNetwork } from './postback.ts';
import { parseReportDate } from './report-date.ts';
import { cellReader, identifierProblem, normaliseHeader, reportTexts, type ReportConversion, type ReportRowResult } from './report.ts';

export const reportFields = ['date', 'clickId', 'productCode', 'transactionId', 'saleAmount', 'commission', 'status', 'currency'] as const;
export type ReportField = (typeof reportFields)[number];

export const reportFieldLabels: Readonly<Record<ReportField, string>> = {
  date: 'Date',
  clickId: 'Click id',
  productCode: 'Product code (ASIN, SKU or product id)',
  transactionId: 'Order or transaction id',
  saleAmount: 'Sale amount',
  commission: 'Commission',
  status: 'Status',
  currency: 'Currency',
};

/** The fields a mapping must give a column: without them a row cannot be a conversion. */
export const requiredReportFields: readonly ReportField[] = ['transactionId', 'commission'];

/** A mapping: field → the header text of its column. Absent fields are not in the file. */
export const reportMappingSchema = z
  .object(Object.fromEntries(reportFields.map((field) => [field, z.string().trim().min(1).max(200).optional()])) as Record<ReportField, z.ZodOptional<z.ZodString>>)
  .strict();
export type ReportMapping = Partial<Record<ReportField, string>>;

/** Header names besides the postback parameter names, as report exports commonly write them. */
const EXTRA_NAMES: Readonly<Record<ReportField, readonly string[]>> = {
  date: ['date', 'event date', 'transaction date', 'order date', 'action date', 'click date', 'conversion date', 'posting date'],
  clickId: ['click id', 'sub id', 'subid1', 'sub id 1', 'click ref', 'member id'],
  productCode: ['asin', 'sku', 'product id', 'product code', 'product sku', 'item id'],
  transactionId: ['transaction id', 'order id', 'action id', 'conversion id', 'order number'],
  saleAmount: ['sale amount', 'sales', 'sale value', 'order amount', 'order value', 'amount', 'revenue'],
  commission: ['commission', 'commission amount', 'payout', 'earnings', 'publisher commission'],
  status: ['status', 'commission status', 'action status', 'state'],
  currency: ['currency', 'currency code'],
};

function postbackNames(network: PostbackNetwork, field: ReportField): readonly string[] {
  const mapping = POSTBACK_MAPPINGS[network];
  switch (field) {
    case 'clickId':
      return mapping.clickId;
    case 'transactionId':
      return mapping.transactionId;
    case 'saleAmount':
      return mapping.saleAmount;
    case 'commission':
      return mapping.commission;
    case 'currency':
      return mapping.currency;
    case 'status':
      return mapping.status;
    default:
      return [];
  }
}

/**
 * The mapping to offer for a file: the saved one where its columns are in the file, the rest guessed by header name
 * (the network's own names first), each column used once.
 */
export function suggestMapping(network: PostbackNetwork, headers: readonly string[], saved: ReportMapping | null = null): ReportMapping {
  const byName = new Map<string, string>();
  for (const header of headers) if (!byName.has(normaliseHeader(header))) byName.set(normaliseHeader(header), header);
  const used = new Set<string>();
  const mapping: ReportMapping = {};
  for (const field of reportFields) {
    const kept = saved?.[field];
    if (kept !== undefined && headers.includes(kept) && !used.has(kept)) {
      mapping[field] = kept;
      used.add(kept);
    }
  }
  for (const field of reportFields) {
    if (mapping[field] !== undefined) continue;
    for (const name of [...postbackNames(network, field), ...EXTRA_NAMES[field]]) {
      const header = byName.get(normaliseHeader(name));
      if (header !== undefined && !used.has(header)) {
        mapping[field] = header;
        used.add(header);
        break;
      }
    }
  }
  return mapping;
}

/** What is wrong with a mapping for these headers, or null: required fields mapped, columns that exist, each once. */
export function mappingProblem(mapping: ReportMapping, headers: readonly string[] | null = null): string | null {
  const missing = requiredReportFields.filter((field) => mapping[field] === undefined);
  if (missing.length > 0) return `Choose a column for: ${missing.map((field) => reportFieldLabels[field]).join(', ')}.`;
  const columns = Object.values(mapping);
  if (new Set(columns).size !== columns.length) return 'Each column can be used for one field only.';
  const absent = headers === null ? [] : columns.filter((column) => !headers.includes(column));
  if (absent.length > 0) return `The file has no column named ${absent.join(', ')}.`;
  return null;
}

/** The network's status word as ours: its own vocabulary first, then the generic one. */
export function reportStatus(network: PostbackNetwork, word: string): ConversionStatus | null {
  const key = normaliseName(word);
  return statusOf(POSTBACK_MAPPINGS[network].statuses, key) ?? statusOf(POSTBACK_MAPPINGS.generic.statuses, key) ?? null;
}

/** One data row through the mapping. */
export function readMappedRow(network: PostbackNetwork, mapping: ReportMapping, rowNumber: number, values: Readonly<Record<string, string>>): ReportRowResult {
  const read = cellReader(values);
  const cell = (field: ReportField) => read(mapping[field]);
  const name = (field: ReportField) => mapping[field] ?? reportFieldLabels[field];
  const fail = (reason: string): ReportRowResult => ({ ok: false, error: { rowNumber, reason } });

  const transactionId = cell('transactionId');
  if (transactionId === undefined) return fail(reportTexts.missing(rowNumber, name('transactionId')));
  const idProblem = identifierProblem(rowNumber, name('transactionId'), transactionId);
  if (idProblem) return fail(idProblem);

  const clickId = cell('clickId') ?? null;
  if (clickId !== null) {
    const problem = identifierProblem(rowNumber, name('clickId'), clickId);
    if (problem) return fail(problem);
  }
  const productCode = cell('productCode') ?? null;
  if (productCode !== null) {
    const problem = identifierProblem(rowNumber, name('productCode'), productCode);
    if (problem) return fail(problem);
  }

  const money = (field: 'saleAmount' | 'commission'): number | null | string => {
    const text = cell(field);
    if (text === undefined) return null;
    const parsed = parseMoneyCents(text);
    return parsed.ok ? parsed.cents : reportTexts.notAmount(rowNumber, name(field), parsed.reason);
  };
  const sale = money('saleAmount');
  if (typeof sale === 'string') return fail(sale);
  const commission = money('commission');
  if (typeof commission === 'string') return fail(commission);
  if (commission === null) return fail(reportTexts.missing(rowNumber, name('commission')));

  const currencyCheck = checkCurrency(cell('currency'));
  if (!currencyCheck.ok) return fail(reportTexts.currency(rowNumber, name('currency'), currencyProblem(currencyCheck)));
  const currency = currencyCheck.currency;

  const dateText = cell('date');
  let day: string | null = null;
  if (dateText !== undefined) {
    const date = parseReportDate(dateText);
    if (!date.ok) return fail(reportTexts.notDate(rowNumber, name('date')));
    day = date.day;
  }

  const negative = commission < 0 || (sale !== null && sale < 0);
  const statusText = cell('status');
  let status: ConversionStatus;
  if (statusText === undefined) status = negative ? 'reversed' : 'pending';
  else {
    const mapped = reportStatus(network, statusText);
    if (mapped === null) return fail(reportTexts.status(rowNumber, name('status'), statusText.slice(0, 40)));
    status = mapped;
  }
  if (negative && status !== 'reversed') return fail(reportTexts.negative(rowNumber, commission < 0 ? name('commission') : name('saleAmount')));

  return {
    ok: true,
    value: {
      rowNumber,
      transactionId,
      clickId,
      productKey: productCode === null ? null : { kind: 'code', value: productCode },
      status,
      saleCents: sale,
      commissionCents: commission,
      currency,
      day,
      returnOf: null,
    },
  };
}

/**
 * Rows that repeat an earlier row's transaction id in the same file (rowNumber → the first row's number): only the
 * first is imported, so a file that lists one order twice cannot count it twice.
 */
export function repeatedTransactions(rows: readonly Pick<ReportConversion, 'rowNumber' | 'transactionId'>[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const row of rows) {
    const earlier = first.get(row.transactionId);
    if (earlier === undefined) first.set(row.transactionId, row.rowNumber);
    else repeats.set(row.rowNumber, earlier);
  }
  return repeats;
}
