/** The CSV import's and export's messages (spec sections 5 and 8; exact where the spec gives them). */

export const csvTexts = {
  invalidFileType: 'Invalid file type',
  invalidFileTypeDescription: 'Please select a CSV file',
  fileTooLarge: 'File too large',
  fileTooLargeDescription: 'Please select a file smaller than 5MB',
  noDataRows: 'CSV must contain at least a header row and one data row',
  unreadable: 'Could not read the selected file',
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

/** 'Found 12 products to import'. */
export function foundProductsText(count: number): string {
  return `Found ${count} products to import`;
}

export interface ProcessingCounts {
  new: number;
  updates: number;
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
  invalidImageUrl: (row: number) => `Row ${row}: image_url must start with http://, https:// or /`,
  notANumber: (row: number, column: string) => `Row ${row}: ${column} must be a number`,
  outOfRange: (row: number, column: string, min: number, max: number) => `Row ${row}: ${column} must be from ${min} to ${max}`,
  tooLong: (row: number, column: string, max: number) => `Row ${row}: ${column} must be at most ${max.toLocaleString('en-US')} characters`,
  nestedTooDeep: (row: number, column: string, max: number) => `Row ${row}: ${column} is nested more than ${max} levels deep`,
  unknownAction: (row: number) => `Row ${row}: action must be empty or 'delete'`,
  noMatchToDelete: (row: number) => `Row ${row}: no product matches this row's sku, asin or affiliate_link`,
} as const;
