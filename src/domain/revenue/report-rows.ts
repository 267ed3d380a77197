/**
 * A report file's rows read by its network's format (issue 14, point 4): the browser reads the whole file with it
 * before the preview, and the server reads every row of a request with it again, so they cannot disagree.
 *
 * The browser calls prepareReportRows over the whole file: Amazon's per-file numbering (report-amazon.ts) is made
 * there and travels with each row as `occurrence`. Both sides then call readReportRows over a batch.
 */
import { amazonOccurrences, readAmazonConversion, readAmazonRow, type AmazonRow } from './report-amazon.ts';
import { readMappedRow, repeatedTransactions, type ReportMapping } from './report-generic.ts';
import { isPostbackNetwork, reportTexts, type ReportNetwork, type ReportRowError, type ReportRowResult, type ReportConversion } from './report.ts';

export interface ReportFileRow {
  rowNumber: number;
  values: Readonly<Record<string, string>>;
  /** Amazon only: the row's n among the file's rows of its tracking id, ASIN and day. */
  occurrence?: number | undefined;
}

export interface ReportFormat {
  network: ReportNetwork;
  /** The file's header row, as written. */
  headers: readonly string[];
  /** Every network but Amazon. */
  mapping?: ReportMapping | undefined;
}

/** A row's reading: a conversion, a repeat of an earlier row of the same rows, or an error. */
export type ReadReportRow =
  | { kind: 'conversion'; conversion: ReportConversion }
  | { kind: 'repeat'; rowNumber: number; transactionId: string; firstRow: number; reason: string }
  | { kind: 'error'; error: ReportRowError };

/** Amazon's numbering over the whole file: the rows with `occurrence` set (unreadable rows get none). */
export function prepareReportRows<T extends ReportFileRow>(format: ReportFormat, rows: readonly T[]): T[] {
  if (format.network !== 'amazon') return [...rows];
  const read: AmazonRow[] = [];
  for (const row of rows) {
    const result = readAmazonRow(row.rowNumber, row.values, format.headers);
    if (result.ok) read.push(result.value);
  }
  const occurrences = amazonOccurrences(read);
  return rows.map((row) => ({ ...row, occurrence: occurrences.get(row.rowNumber) }));
}

function readOne(format: ReportFormat, row: ReportFileRow): ReportRowResult {
  if (format.network === 'amazon') {
    if (row.occurrence === undefined) {
      // An unreadable row has no number, and its reading says why; a readable one without it was sent wrongly.
      const read = readAmazonRow(row.rowNumber, row.values, format.headers);
      return read.ok ? { ok: false, error: { rowNumber: row.rowNumber, reason: `Row ${row.rowNumber}: the row's place in the file was not sent` } } : read;
    }
    return readAmazonConversion(row.rowNumber, row.values, format.headers, row.occurrence);
  }
  if (!isPostbackNetwork(format.network) || !format.mapping) {
    return { ok: false, error: { rowNumber: row.rowNumber, reason: `Row ${row.rowNumber}: no column mapping was given` } };
  }
  return readMappedRow(format.network, format.mapping, row.rowNumber, row.values);
}

/** Each row read, in order; a row repeating an earlier one's transaction id is a repeat of it. */
export function readReportRows(format: ReportFormat, rows: readonly ReportFileRow[]): ReadReportRow[] {
  const results = rows.map((row) => readOne(format, row));
  const conversions = results.flatMap((result) => (result.ok ? [result.value] : []));
  const repeats = repeatedTransactions(conversions);
  return results.map((result): ReadReportRow => {
    if (!result.ok) return { kind: 'error', error: result.error };
    const firstRow = repeats.get(result.value.rowNumber);
    if (firstRow === undefined) return { kind: 'conversion', conversion: result.value };
    return { kind: 'repeat', rowNumber: result.value.rowNumber, transactionId: result.value.transactionId, firstRow, reason: reportTexts.repeated(result.value.rowNumber, firstRow) };
  });
}
