/**
 * The Import tab's rows (issue 11, point 6) as pure functions: each parsed row with the state the preview shows.
 * Rows the browser can already refuse (the domain's readCsvRow, and the request limits of the contract, which would
 * otherwise make the server refuse a whole batch) are errors at once; the rest are pending until the server's
 * preview answers for them.
 */
import {
  KNOWN_COLUMNS,
  MAX_CELL_CHARS,
  MAX_ROW_BYTES,
  MAX_ROW_COLUMNS,
  importRequestTexts,
  processingCounts,
  rowBytes,
  type CsvRowInput,
  type CsvRowResult,
  type CsvRowState,
} from '../../../domain/admin/csv/contract.ts';
import type { CsvFieldChange } from '../../../domain/admin/csv/changes.ts';
import { withDuplicatesRefused } from '../../../domain/admin/csv/duplicates.ts';
import { csvRowNumber } from '../../../domain/admin/csv/parse.ts';
import { readCsvRow } from '../../../domain/admin/csv/row.ts';
import type { ProcessingCounts } from '../../../domain/admin/csv/texts.ts';

export interface PreviewRow {
  rowNumber: number;
  state: CsvRowState;
  /** 'Row N: …' for an error. */
  reason?: string;
  /** What the row is shown by: its title, else its link, else its SKU or ASIN. */
  label: string;
  input: CsvRowInput;
  /** For an update of a stored product: each field it changes, old and new. */
  changes?: CsvFieldChange[];
}

export type PreviewFilter = 'all' | 'successes' | 'errors';

/**
 * papaparse's records as the rows the endpoints take, numbered from 2 (as the domain's rowInputsFromRecords), without
 * empty cells: the row rules read an empty cell as a column the file does not have, and most of a wide file's cells
 * are empty, so the requests and the copy out of the worker are a fraction of the size.
 */
export function rowInputsWithoutBlanks(records: readonly Readonly<Record<string, unknown>>[]): CsvRowInput[] {
  return records.map((record, index) => {
    const values: Record<string, string> = {};
    for (const column in record) {
      const value = record[column];
      if (typeof value === 'string' && value !== '') values[column] = value;
    }
    return { rowNumber: csvRowNumber(index), values };
  });
}

/** A row the server could take: at most MAX_ROW_COLUMNS columns (the template's are kept first), no cell too long. */
function fitToRequest(input: CsvRowInput): CsvRowInput {
  if (Object.keys(input.values).length <= MAX_ROW_COLUMNS) return input;
  const values = Object.fromEntries(Object.entries(input.values).filter(([column]) => KNOWN_COLUMNS.has(column)));
  return { rowNumber: input.rowNumber, values };
}

function labelOf(values: Readonly<Record<string, string>>): string {
  for (const column of ['title', 'product_title', 'affiliate_link', 'product_url', 'sku', 'asin']) {
    const text = values[column]?.trim();
    if (text) return text;
  }
  return '';
}

/**
 * The rows as first shown: errors the browser finds, every other row pending. Rows naming the same product (same
 * SKU, or same link without a SKU) are found here across the whole file, which the server sees only in batches.
 */
export function initialPreviewRows(inputs: readonly CsvRowInput[]): PreviewRow[] {
  const fitted = inputs.map(fitToRequest);
  const read = withDuplicatesRefused(fitted.map((input) => readCsvRow(input.rowNumber, input.values)));
  return fitted.map((input, index) => {
    const row = { rowNumber: input.rowNumber, label: labelOf(input.values), input };
    const error = (reason: string): PreviewRow => ({ ...row, state: 'error', reason });
    if (Object.keys(input.values).length > MAX_ROW_COLUMNS) return error(`Row ${input.rowNumber}: ${importRequestTexts.tooManyColumns}`);
    if (Object.values(input.values).some((value) => value.length > MAX_CELL_CHARS)) return error(`Row ${input.rowNumber}: ${importRequestTexts.cellTooLong}`);
    if (rowBytes(input) > MAX_ROW_BYTES) return error(`Row ${input.rowNumber}: the row is too large to import.`);
    const result = read[index]!;
    return result.ok ? { ...row, state: 'pending' } : error(result.reason);
  });
}

/** The rows with the server's answers for some of them. */
export function withResults(rows: readonly PreviewRow[], results: readonly CsvRowResult[]): PreviewRow[] {
  const byNumber = new Map(results.map((result) => [result.rowNumber, result]));
  return rows.map((row) => {
    const result = byNumber.get(row.rowNumber);
    if (!result) return row;
    return {
      ...row,
      state: result.outcome,
      reason: result.outcome === 'error' ? (result.reason ?? `Row ${row.rowNumber}: not accepted`) : undefined,
      changes: result.outcome === 'update' ? result.changes : undefined,
    };
  });
}

export const pendingInputs = (rows: readonly PreviewRow[]): CsvRowInput[] => rows.filter((row) => row.state === 'pending').map((row) => row.input);

/** A row that changes something: an unchanged row is not sent, as importing it would write nothing. */
const isChange = (row: PreviewRow) => row.state === 'new' || row.state === 'update' || row.state === 'delete';
const isSuccess = (row: PreviewRow) => isChange(row) || row.state === 'unchanged';

/** The rows the import sends: those the preview says create, update or delete a product. */
export const importableInputs = (rows: readonly PreviewRow[]): CsvRowInput[] => rows.filter(isChange).map((row) => row.input);

export function visibleRows(rows: readonly PreviewRow[], filter: PreviewFilter): readonly PreviewRow[] {
  if (filter === 'successes') return rows.filter(isSuccess);
  if (filter === 'errors') return rows.filter((row) => row.state === 'error');
  return rows;
}

/** The 'Processing complete' numbers; only meaningful once no row is pending. */
export function previewCounts(rows: readonly PreviewRow[]): ProcessingCounts {
  return processingCounts(rows.flatMap((row) => (row.state === 'pending' ? [] : [{ outcome: row.state }])));
}

/** One page of a list (1-based), with the page clamped into range. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: readonly T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
