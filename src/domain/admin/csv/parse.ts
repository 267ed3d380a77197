/**
 * How the browser reads a CSV file (spec section 5, CSV file; issue 11, point 4): the file checks before parsing,
 * papaparse's settings, and the checks of what it parsed. The tests parse through the same settings, so what they
 * prove is what the Import tab does.
 *
 *   const refused = checkCsvFile(file);                       // before reading
 *   Papa.parse(file, { ...csvParseConfig, worker: true, complete: (result) => {
 *     const problem = checkParsedCsv(result);                  // null when the rows can be previewed
 *   } });
 */
import Papa, { type ParseError, type ParseResult } from 'papaparse';
import { URL_COLUMNS } from './columns.ts';
import { csvTexts, duplicateHeadersText, missingColumnsText, parseErrorText } from './texts.ts';

/** Spec section 9: max CSV size 5MB. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;

/** "Product Title" → "product_title": lowercased, each character but a–z and 0–9 an underscore (after trimming). */
export function normalizeCsvHeader(header: string): string {
  return header.trim().toLowerCase().replace(/[^a-z0-9]/g, '_');
}

/**
 * papaparse's settings for the import: a header row (its names normalized), every cell kept as text (no dynamic
 * typing: "00123" is a SKU, not 123), and lines with nothing but blanks skipped. Spread into Papa.parse's config.
 */
export const csvParseConfig = {
  header: true,
  skipEmptyLines: 'greedy',
  dynamicTyping: false,
  transformHeader: normalizeCsvHeader,
} as const;

/** What a message box shows: the spec's title and its description. */
export interface CsvProblem {
  title: string;
  description: string;
}

/** The file chooser's checks: the name ends in .csv (any case), the size is at most 5 MB. */
export function checkCsvFile(file: { name: string; size: number }): CsvProblem | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return { title: csvTexts.invalidFileType, description: csvTexts.invalidFileTypeDescription };
  if (file.size > MAX_CSV_BYTES) return { title: csvTexts.fileTooLarge, description: csvTexts.fileTooLargeDescription };
  return null;
}

/**
 * Headers that normalise to one column ("Title" and "title ", "Product URL" and "product-url"): papaparse would keep
 * one and rename the other "title_1", so a cell would be read from whichever it kept. The file is refused, naming
 * them. Blank headers (a spreadsheet's empty trailing columns) are not columns and are left out.
 */
export function duplicateHeaderProblem(headers: readonly string[]): CsvProblem | null {
  const byColumn = new Map<string, string[]>();
  for (const header of headers) {
    const column = normalizeCsvHeader(header);
    if (column === '') continue;
    byColumn.set(column, [...(byColumn.get(column) ?? []), header]);
  }
  const groups = [...byColumn].filter(([, names]) => names.length > 1).map(([column, names]) => ({ column, headers: names }));
  return groups.length === 0 ? null : { title: csvTexts.parsingFailed, description: duplicateHeadersText(groups) };
}

/** The file's header row as written (its first line, read with the import's quoting rules). */
export function rawCsvHeaders(text: string): string[] {
  const first = Papa.parse<string[]>(text, { preview: 1, header: false, skipEmptyLines: 'greedy' }).data[0];
  return first ?? [];
}

/** The required columns the header lacks: affiliate_link when neither it nor product_url is there. */
export function missingRequiredColumns(fields: readonly string[]): string[] {
  return URL_COLUMNS.some((column) => fields.includes(column)) ? [] : ['affiliate_link'];
}

/**
 * Errors that make the file unreadable as a table: unbalanced quotes. A row with too few or too many fields is still
 * read (missing cells are empty, extra ones are dropped), as is a one-column file whose delimiter papaparse could not
 * guess.
 */
export function fatalParseErrors(errors: readonly ParseError[]): ParseError[] {
  return errors.filter((error) => error.type === 'Quotes');
}

/** The result of parsing, checked in the spec's order; null when there are rows to preview. */
export function checkParsedCsv(result: Pick<ParseResult<unknown>, 'data' | 'errors' | 'meta'>): CsvProblem | null {
  const fatal = fatalParseErrors(result.errors);
  if (fatal.length > 0) return { title: csvTexts.parsingFailed, description: parseErrorText(fatal[0]!) };
  if (result.data.length === 0) return { title: csvTexts.parsingFailed, description: csvTexts.noDataRows };
  const missing = missingRequiredColumns(result.meta.fields ?? []);
  if (missing.length > 0) return { title: csvTexts.parsingFailed, description: missingColumnsText(missing) };
  return null;
}

/** The spreadsheet row number of the n-th data record (0-based): the header is row 1. */
export function csvRowNumber(index: number): number {
  return index + 2;
}

/**
 * papaparse's records as the rows the endpoints take, numbered from 2. Cells papaparse could not fill (a short row)
 * are left out, and so are extra cells it collects under `__parsed_extra`.
 */
export function rowInputsFromRecords(records: readonly Readonly<Record<string, unknown>>[]): { rowNumber: number; values: Record<string, string> }[] {
  return records.map((record, index) => {
    const values: Record<string, string> = {};
    for (const [column, value] of Object.entries(record)) if (typeof value === 'string') values[column] = value;
    return { rowNumber: csvRowNumber(index), values };
  });
}
