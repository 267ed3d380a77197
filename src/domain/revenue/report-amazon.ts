/**
 * Amazon Associates' earnings report (issue 14, point 4), as Associates Central exports it as CSV (Reports → Earnings
 * → Download reports → Earnings, CSV).
 *
 * Columns: Category, Name, ASIN, Seller, Tracking ID, Date Shipped, Price($), Items Shipped, Returns, Revenue($),
 * Ad Fees($), Device Type Group (some exports add Direct/Indirect). Sources, read 2026-11:
 * - Amazon's help page "How to read the Earnings Report"
 *   (https://affiliate-program.amazon.com/help/node/topic/GCDWWRFEMW3Q2TE2) defines Items Shipped, Revenue (items
 *   shipped times the price) and the commission, but does not print the CSV's header line.
 * - The header text itself is from third-party importers of the export: the schema of
 *   github.com/gpsmith21/affiliate_youtube (migrations/002_init_src_amazon.sql: category, name, ASIN, seller, tracking
 *   id, date shipped, price, items shipped, returns, revenue, commission, device type, "includes negative-valued
 *   commissions for returns") and another project's test fixture with the exact line above, a leading title line in a
 *   localised export, "September 15 2026" and "09/16/2026" dates, and a return as Items Shipped 0, Returns 1 with
 *   negative Revenue and Ad Fees.
 * So the column list could NOT be confirmed from Amazon's own documentation. Columns are therefore found by name
 * (case and punctuation ignored, the currency in brackets read for the currency), not by position, and only ASIN,
 * Tracking ID, Date Shipped, Revenue and Ad Fees are required; the header row is looked for under a title line.
 *
 * Amazon has no sub-id and no order id: a row is matched to a product by ASIN (products.asin), and its transaction
 * id is made from the row: `{tracking id}:{ASIN}:{day shipped}:{n}`, where n numbers the rows of one file that share
 * tracking id, ASIN and day (1, 2, …) in the order of their figures (then their line), not their position. So:
 * - importing the same report again gives the same ids: nothing changes;
 * - two genuine identical sales on one day are two rows, n = 1 and 2, both kept;
 * - a later report covering the same day that lists one more sale adds it as n = 3; one whose figures Amazon
 *   corrected updates the row (the figures are not in the id, so a correction is never a second sale);
 * - reordered rows give the same ids, since the numbering follows the figures.
 * Limits: if one export lists two sales as one row with Items Shipped 2 and another lists them as two rows, the
 * second file's n = 1 is read as a correction of the first's and its n = 2 as a new sale; reports of one account
 * should be exported the same way. Rows of one day with different figures may swap ids between exports only if
 * their figures change order, which moves figures between the two conversions but keeps the totals exact.
 *
 * Earnings are for shipped items, so a sale is 'approved'. A return (Returns > 0 and no items shipped, or negative
 * Revenue or Ad Fees) has its own id `{tracking id}:{ASIN}:{day}:return:{n}` and reverses one earlier stored sale of
 * the same tracking id and ASIN (see src/server/admin/report-import.ts); a row that both ships and returns items is
 * refused, since it cannot say which sale it takes back.
 */
import { checkCurrency, currencyProblem } from './currency.ts';
import { parseMoneyCents } from './money.ts';
import { parseReportDate } from './report-date.ts';
import { cellReader, normaliseHeader, reportTexts, type ReportConversion, type ReportRowResult } from './report.ts';

/** The columns a file must have, as Amazon names them. */
export const AMAZON_REQUIRED_COLUMNS = ['ASIN', 'Tracking ID', 'Date Shipped', 'Revenue($)', 'Ad Fees($)'] as const;

const ASIN = /^[A-Z0-9]{10}$/;
const TRACKING_ID = /^[A-Za-z0-9._-]{1,64}$/;
const COUNT = /^\d{1,6}$/;

/** The currency a money header names in brackets: 'Revenue($)' is USD, 'Revenue(£)' GBP; USD when it names none. */
const CURRENCY_SIGNS: Readonly<Record<string, string>> = { $: 'USD', '£': 'GBP', '€': 'EUR', '¥': 'JPY', 'C$': 'CAD', A$: 'AUD', 'R$': 'BRL', '₹': 'INR' };

export function amazonCurrency(headers: readonly string[]): string {
  const revenue = headers.find((header) => normaliseHeader(header) === 'revenue');
  const sign = revenue === undefined ? undefined : /\(([^)]*)\)/.exec(revenue)?.[1]?.trim();
  if (sign === undefined) return 'USD';
  return CURRENCY_SIGNS[sign] ?? (/^[A-Z]{3}$/.test(sign) ? sign : 'USD');
}

/** The column of the file's header that is `name` (compared by normaliseHeader), or undefined. */
function columnOf(headers: readonly string[], name: string): string | undefined {
  const wanted = normaliseHeader(name);
  return headers.find((header) => normaliseHeader(header) === wanted);
}

/** A row read before the file's numbering: everything but the n of its transaction id. */
export interface AmazonRow {
  rowNumber: number;
  trackingId: string;
  asin: string;
  day: string;
  kind: 'sale' | 'return';
  saleCents: number;
  commissionCents: number;
  currency: string;
}

export type AmazonRowResult = { ok: true; value: AmazonRow } | { ok: false; error: { rowNumber: number; reason: string } };

/** One data row; `headers` are the file's (the row's cells are keyed by them). */
export function readAmazonRow(rowNumber: number, values: Readonly<Record<string, string>>, headers: readonly string[]): AmazonRowResult {
  const cell = cellReader(values);
  const fail = (reason: string): AmazonRowResult => ({ ok: false, error: { rowNumber, reason } });
  const column = (name: string) => columnOf(headers, name) ?? name;

  const asinText = cell(column('ASIN'));
  if (asinText === undefined) return fail(reportTexts.missing(rowNumber, 'ASIN'));
  const asin = asinText.toUpperCase();
  if (!ASIN.test(asin)) return fail(`Row ${rowNumber}: ASIN must be 10 letters and digits, such as B08N5WRWNW`);
  const trackingId = cell(column('Tracking ID'));
  if (trackingId === undefined) return fail(reportTexts.missing(rowNumber, 'Tracking ID'));
  if (!TRACKING_ID.test(trackingId)) return fail(`Row ${rowNumber}: Tracking ID must be letters, digits, '.', '_' or '-', such as repwell-20`);
  const dateText = cell(column('Date Shipped'));
  if (dateText === undefined) return fail(reportTexts.missing(rowNumber, 'Date Shipped'));
  const date = parseReportDate(dateText);
  if (!date.ok) return fail(reportTexts.notDate(rowNumber, 'Date Shipped'));

  const money = (name: string): number | string => {
    const header = column(name);
    const text = cell(header);
    if (text === undefined) return reportTexts.missing(rowNumber, header);
    const parsed = parseMoneyCents(text);
    return parsed.ok ? parsed.cents : reportTexts.notAmount(rowNumber, header, parsed.reason);
  };
  // The file's money headers name its currency ('Revenue(£)'); one not the site's cannot be summed as dollars.
  const currency = checkCurrency(amazonCurrency(headers));
  if (!currency.ok) return fail(reportTexts.currency(rowNumber, column('Revenue'), currencyProblem(currency)));
  const revenue = money('Revenue');
  if (typeof revenue === 'string') return fail(revenue);
  const fees = money('Ad Fees');
  if (typeof fees === 'string') return fail(fees);
  const count = (name: string): number | string | null => {
    const header = columnOf(headers, name);
    const text = cell(header);
    if (text === undefined) return null;
    return COUNT.test(text) ? Number(text) : `Row ${rowNumber}: ${header} must be a whole number of items`;
  };
  const shipped = count('Items Shipped');
  if (typeof shipped === 'string') return fail(shipped);
  const returned = count('Returns');
  if (typeof returned === 'string') return fail(returned);

  const negative = revenue < 0 || fees < 0;
  const isReturn = (returned ?? 0) > 0 || negative;
  if (isReturn && (shipped ?? 0) > 0) return fail(`Row ${rowNumber}: a row cannot both ship and return items; Amazon lists returns on rows of their own`);
  if (isReturn && (revenue > 0 || fees > 0)) return fail(`Row ${rowNumber}: a return's Revenue and Ad Fees must be zero or negative`);
  return {
    ok: true,
    value: {
      rowNumber,
      trackingId,
      asin,
      day: date.day,
      kind: isReturn ? 'return' : 'sale',
      // Stored as positive figures: a return's row shows what it takes back, and its status says it is a reversal.
      saleCents: Math.abs(revenue),
      commissionCents: Math.abs(fees),
      currency: currency.currency,
    },
  };
}

const groupKey = (row: AmazonRow) => `${row.trackingId}:${row.asin}:${row.day}${row.kind === 'return' ? ':return' : ''}`;

/** The transaction id prefix of a tracking id's sales of one ASIN (what a return of it reverses). */
export const amazonSalePrefix = (trackingId: string, asin: string) => `${trackingId}:${asin}:`;

export function amazonTransactionId(row: Pick<AmazonRow, 'trackingId' | 'asin' | 'day' | 'kind'>, occurrence: number): string {
  return `${groupKey(row as AmazonRow)}:${occurrence}`;
}

/**
 * Each row's n within the file (rowNumber → n): rows sharing tracking id, ASIN, day and kind, numbered from 1 in
 * the order of (commission, sale, line). Needs the whole file, so the browser computes it and sends it with each
 * row; the server checks that no two rows of a request claim one id.
 */
export function amazonOccurrences(rows: readonly AmazonRow[]): Map<number, number> {
  const groups = new Map<string, AmazonRow[]>();
  for (const row of rows) {
    const key = groupKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const occurrences = new Map<number, number>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.commissionCents - b.commissionCents || a.saleCents - b.saleCents || a.rowNumber - b.rowNumber);
    group.forEach((row, index) => occurrences.set(row.rowNumber, index + 1));
  }
  return occurrences;
}

/** A row with its n as the conversion report it makes. */
export function amazonConversion(row: AmazonRow, occurrence: number): ReportConversion {
  return {
    rowNumber: row.rowNumber,
    transactionId: amazonTransactionId(row, occurrence),
    clickId: null,
    productKey: { kind: 'asin', value: row.asin },
    status: row.kind === 'return' ? 'reversed' : 'approved',
    saleCents: row.saleCents,
    commissionCents: row.commissionCents,
    currency: row.currency,
    day: row.day,
    returnOf: row.kind === 'return' ? amazonSalePrefix(row.trackingId, row.asin) : null,
  };
}

/** readAmazonRow then amazonConversion, for a row whose n is known. */
export function readAmazonConversion(rowNumber: number, values: Readonly<Record<string, string>>, headers: readonly string[], occurrence: number): ReportRowResult {
  const read = readAmazonRow(rowNumber, values, headers);
  return read.ok ? { ok: true, value: amazonConversion(read.value, occurrence) } : read;
}
