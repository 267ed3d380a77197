/** The CSV import's and export's messages (spec sections 5 and 8; exact where the spec gives them). */

export const csvTexts = {
  invalidFileType: 'Invalid file type',
  invalidFileTypeDescription: 'Please select a CSV file',
  fileTooLarge: 'File too large',
  fileTooLargeDescription: 'Please select a file smaller than 5MB',
  noDataRows: 'CSV must contain at least a header row and one data row',
  unreadable: 'Could not read the selected file',
  unsupportedEncoding: 'Unsupported file encoding',
  unsupportedEncodingDescription:
    'The file is neither UTF-8 nor Windows-1252 text. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)" and choose it again.',
  /** Shown beside the preview when a file was not UTF-8: accents and symbols were read as Windows-1252. */
  readAsWindows1252: 'The file is not UTF-8; it was read as Windows-1252 (Excel\'s plain "CSV" format).',
  parsingFailed: 'CSV parsing failed',
  parsed: 'CSV parsed successfully',
  processingComplete: 'Processing complete',
  processingFailed: 'Processing failed',
  importSuccessful: 'Import successful',
  importFailed: 'Import failed',
  exportFailed: 'Export failed',
  /** Finish for an import none of whose batches arrived. */
  unknownImport: 'No batch of this import was received.',
} as const;

/** 'Missing required columns: affiliate_link'. */
export function missingColumnsText(columns: readonly string[]): string {
  return `Missing required columns: ${columns.join(', ')}`;
}

/** 'Columns "Title" and "title" are the same column (title)' for each group of headers that normalise alike. */
export function duplicateHeadersText(groups: readonly { column: string; headers: readonly string[] }[]): string {
  const quoted = (headers: readonly string[]) => headers.map((header) => `"${header}"`);
  const list = (items: string[]) => (items.length === 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
  return `${groups.map(({ column, headers }) => `Columns ${list(quoted(headers))} are the same column (${column})`).join('; ')}. Keep one of each and choose the file again.`;
}

/** 'Found 12 products to import'. */
export function foundProductsText(count: number): string {
  return `Found ${count} products to import`;
}

export interface ProcessingCounts {
  new: number;
  /** Rows that change a product; unchanged ones are counted apart and are not in the spec's message. */
  updates: number;
  unchanged: number;
  deletes: number;
  errors: number;
}

/** '3 new, 2 updates, 1 deletes, 0 errors' (the spec's wording, plurals as written). */
export function processingCompleteText(counts: ProcessingCounts): string {
  return `${counts.new} new, ${counts.updates} updates, ${counts.deletes} deletes, ${counts.errors} errors`;
}

export interface ImportCounts {
  imported: number;
  updated: number;
  deleted: number;
}

/** '3 imported, 2 updated, 1 deleted'. */
export function importSuccessfulText(counts: ImportCounts): string {
  return `${counts.imported} imported, ${counts.updated} updated, ${counts.deleted} deleted`;
}

/**
 * A papaparse failure: 'Row 2: Quoted field unterminated', numbered as the spreadsheet numbers rows. papaparse counts
 * the header in a quote error's row (0-based), but not in a field-count error's row.
 */
export function parseErrorText(error: { type?: string; row?: number | undefined; message: string }): string {
  if (error.row === undefined) return error.message;
  return `Row ${error.row + (error.type === 'Quotes' ? 1 : 2)}: ${error.message}`;
}

// Row rules (spec section 5, CSV file). The first three are the spec's words.

export const rowTexts = {
  deleteNeedsKey: (row: number) => `Row ${row}: delete action requires either affiliate_link, sku, or asin`,
  urlRequired: (row: number) => `Row ${row}: affiliate_link or product_url is required`,
  invalidUrl: (row: number) => `Row ${row}: Invalid URL format`,
  notANumber: (row: number, column: string) => `Row ${row}: ${column} must be a number`,
  /** A value the product form refuses, with the form's message. */
  formRule: (row: number, message: string) => `Row ${row}: ${message}`,
  /** A new product needs a name; a row that updates one may leave the title blank (the name stays). */
  titleRequired: (row: number) => `Row ${row}: title is required to create a product (no product matches this row's sku, asin or affiliate_link)`,
  duplicateKey: (row: number, key: string, others: readonly number[]) =>
    `Row ${row}: same ${key} as ${others.length === 1 ? 'row' : 'rows'} ${others.join(', ')}; a file may name each product once`,
  unknownCategory: (row: number, name: string, suggestion: string | null) =>
    `Row ${row}: category '${name}' does not exist${suggestion === null ? '' : ` (did you mean '${suggestion}'?)`}; correct the cell or add the category on the Categories page first`,
  unknownReviewer: (row: number, slug: string) => `Row ${row}: review_reviewer '${slug}' is no author's slug; add the author first or leave the cell blank`,
  nestedTooDeep: (row: number, column: string, max: number) => `Row ${row}: ${column} is nested more than ${max} levels deep`,
  unknownAction: (row: number) => `Row ${row}: action must be empty or 'delete'`,
  noMatchToDelete: (row: number) => `Row ${row}: no product matches this row's sku, asin or affiliate_link`,
} as const;
