/**
 * Network report imports (issue 14, point 4): what the two report formats have in common. An admin uploads a
 * network's earnings report as CSV; each data row becomes one conversion report for the same idempotent write path
 * as postbacks (src/server/revenue/conversions.ts), keyed by (network, transaction id).
 *
 *   report-amazon.ts   Amazon Associates' earnings report (by ASIN and tracking id; no sub-id, no order id)
 *   report-generic.ts  any other network's CSV, through a column mapping the admin chooses
 *   report-date.ts     a date cell as a day
 *
 * Cells are untrusted: every cell is read through the CSV export's unguardCell, identifiers that look like a
 * spreadsheet formula are refused (they end up in the dashboard's CSV exports), money goes through parseMoneyCents
 * (integer cents, never floats), and every refusal names the row and the column: 'Row 7: Commission …'.
 */
import { isFormulaLike, unguardCell } from '../admin/csv/formula-guard.ts';
import { postbackNetworks, type ConversionStatus, type PostbackNetwork } from './postback.ts';

/** The networks a report can come from: Amazon's own format, and every postback network through a mapping. */
export const reportNetworks = ['amazon', ...postbackNetworks] as const;
export type ReportNetwork = (typeof reportNetworks)[number];

export const reportNetworkLabels: Readonly<Record<ReportNetwork, string>> = {
  amazon: 'Amazon Associates',
  impact: 'Impact',
  awin: 'Awin',
  cj: 'CJ',
  rakuten: 'Rakuten',
  partnerize: 'Partnerize',
  generic: 'Other',
};

/** How the report's product was recognised (a click id's product wins over a product code). */
export type ProductKey = { kind: 'asin'; value: string } | { kind: 'code'; value: string };

/** One data row read and checked: what recordConversion needs, less the database's attribution. */
export interface ReportConversion {
  rowNumber: number;
  transactionId: string;
  clickId: string | null;
  productKey: ProductKey | null;
  status: ConversionStatus;
  saleCents: number | null;
  commissionCents: number;
  currency: string;
  /** 'YYYY-MM-DD', or null when the report has no date column (stored as received now). */
  day: string | null;
  /**
   * Amazon only: a returned item. It reverses one earlier sale of the same tracking id and ASIN; `returnOf` is the
   * transaction id prefix of those sales (see report-amazon.ts).
   */
  returnOf: string | null;
}

export interface ReportRowError {
  rowNumber: number;
  reason: string;
}

export type ReportRowResult = { ok: true; value: ReportConversion } | { ok: false; error: ReportRowError };

/** A row as the browser sends it: its spreadsheet row number and its cells by header text. */
export interface ReportRowInput {
  rowNumber: number;
  values: Readonly<Record<string, string>>;
}

/** 'Price($)' → 'price', 'Tracking ID' → 'trackingid', 'order_id' → 'orderid': headers compared without case or punctuation. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** How far into a file the header row is looked for: Amazon's title line, a blank line, a note. */
export const HEADER_SEARCH_ROWS = 10;

/**
 * The index of the header row: the first of the file's first rows that has every required column (compared by
 * normaliseHeader), or null. Amazon's exports begin with a title line ('Fee-Earnings reports from … to …') before it.
 */
export function findHeaderRow(rows: readonly (readonly string[])[], required: readonly string[]): number | null {
  const wanted = required.map(normaliseHeader);
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    const names = new Set(row.map(normaliseHeader));
    if (wanted.every((name) => names.has(name))) return index;
  }
  return null;
}

/**
 * The data rows under the header as the endpoints take them, numbered as a spreadsheet numbers lines (the header's
 * line + 1 onwards). Blank lines are left out; a header named twice keeps its first column; cells past the header
 * are dropped and missing cells are absent.
 */
export function rowInputsUnder(rows: readonly (readonly string[])[], headerIndex: number): ReportRowInput[] {
  const header = (rows[headerIndex] ?? []).map((name) => name.trim());
  const inputs: ReportRowInput[] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index]!;
    if (row.every((cell) => cell.trim() === '')) continue;
    const values: Record<string, string> = {};
    header.forEach((name, column) => {
      const cell = row[column];
      if (name !== '' && cell !== undefined && cell !== '' && !Object.hasOwn(values, name)) values[name] = cell;
    });
    inputs.push({ rowNumber: index + 1, values });
  }
  return inputs;
}

export const reportTexts = {
  missing: (row: number, column: string) => `Row ${row}: ${column} is missing`,
  notAmount: (row: number, column: string, reason: string) => `Row ${row}: ${column} ${reason}`,
  notDate: (row: number, column: string) => `Row ${row}: ${column} is not a date like 2026-03-05, 3/5/2026 or March 5, 2026`,
  identifier: (row: number, column: string) => `Row ${row}: ${column} must be 1 to 128 printable characters without spaces`,
  formula: (row: number, column: string) => `Row ${row}: ${column} looks like a spreadsheet formula and is not accepted`,
  currency: (row: number, column: string, problem: string) => `Row ${row}: ${column} ${problem}`,
  status: (row: number, column: string, word: string) => `Row ${row}: ${column} '${word}' is not a status this network reports`,
  negative: (row: number, column: string) => `Row ${row}: ${column} is negative, which is only accepted for a reversal`,
  repeated: (row: number, first: number) => `Row ${row}: repeats the transaction of row ${first}`,
} as const;

const IDENTIFIER = /^[\x21-\x7e]{1,128}$/;

/** A row's cells by column, read through the export's formula guard; undefined for an absent or blank cell. */
export function cellReader(values: Readonly<Record<string, string>>): (column: string | undefined) => string | undefined {
  return (column) => {
    if (column === undefined || !Object.hasOwn(values, column)) return undefined;
    const text = unguardCell(values[column]!).trim();
    return text === '' ? undefined : text;
  };
}

/** Why an identifier cell (transaction id, click id, product code) is refused, or null when it is fine. */
export function identifierProblem(rowNumber: number, column: string, text: string): string | null {
  if (isFormulaLike(text)) return reportTexts.formula(rowNumber, column);
  if (!IDENTIFIER.test(text)) return reportTexts.identifier(rowNumber, column);
  return null;
}

export const isPostbackNetwork = (network: ReportNetwork): network is PostbackNetwork => network !== 'amazon';
