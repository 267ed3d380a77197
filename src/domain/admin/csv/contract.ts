/**
 * The HTTP contract of the CSV import and export (issue 11, points 6 and 7), shared by the Import tab and the
 * functions. The browser parses the file (papaparse, csvParseConfig) and sends rows as JSON; the server reads every
 * row again with readCsvRow and matches it against the database.
 *
 *   POST /api/admin/products/import/preview   csvPreviewRequestSchema  → csvPreviewAnswerSchema
 *     { rows: [{ rowNumber, values }] } (1 to PREVIEW_BATCH_ROWS) → { rows: [{ rowNumber, outcome, productId?, reason? }] }
 *     outcome: 'new' | 'update' (with changes: [{ field, from, to }]) | 'unchanged' | 'delete' | 'error' (reason is 'Row N: …');
 *     nothing is written. 'pending' is the
 *     browser's state for a row it has not had an answer for (csvRowStates).
 *   POST /api/admin/products/import           csvImportBatchRequestSchema → csvImportBatchAnswerSchema
 *     { importId (a uuid the browser makes per import), batchIndex (0, 1, …), rows } (1 to IMPORT_BATCH_ROWS rows,
 *     at most MAX_IMPORT_BODY_BYTES) → { importId, batchIndex, rows: [{ rowNumber, outcome, productId?, reason?,
 *     changed? }], counts }. One transaction per batch. The same (importId, batchIndex) sent again, also in
 *     parallel, changes nothing and gets the first answer again (header x-import-replay: true).
 *   POST /api/admin/products/import/finish    csvImportFinishRequestSchema → csvImportFinishAnswerSchema
 *     { importId } → { importId, batches, counts, linksCompleted, untitledProductIds, scrapesStarted, rebuildRequested }: the import's
 *     links become 'completed', one rebuild is requested, and the products created without a title are scraped.
 *     404 when no batch of the import was received.
 *   GET  /api/admin/products/export?search=&category=&status=&stock=&featured=  (the Manage list's filter; its sort
 *     and paging parameters are accepted and ignored) → text/csv, Content-Disposition attachment;
 *     filename="repwell-products-YYYY-MM-DD.csv", streamed, every product that matches in id order.
 *
 * Refusals are `{ error: { title, description } }`: 400 unreadable JSON, 413 body too large, 415 not JSON, 422 a body
 * that does not match the schema (the description names the problem), 401/403 as every admin endpoint.
 */
import { z } from 'zod';
import { productFilterSchema, type ProductFilter } from '../product-list.ts';
import { CSV_COLUMNS } from './columns.ts';
import type { ProcessingCounts } from './texts.ts';

/** Rows the browser sends per import request: a transaction of a second or so on the shared 2-core machine. */
export const IMPORT_BATCH_ROWS = 200;
/** Rows per preview request: no writes, three indexed lookups a row. */
export const PREVIEW_BATCH_ROWS = 500;
/** A request's body: far under Netlify's 6 MB request limit, and 200 typical rows are about 100 KB. */
export const MAX_IMPORT_BODY_BYTES = 2 * 1024 * 1024;
/** One row's JSON; batchRows starts a new batch before a row would push a body over MAX_IMPORT_BODY_BYTES. */
export const MAX_ROW_BYTES = 512 * 1024;
/** A cell: room for a long HTML description. */
export const MAX_CELL_CHARS = 100_000;
/** Columns a row may carry: the template's and a few of the spreadsheet's own. */
export const MAX_ROW_COLUMNS = 100;
/** 5 MB of CSV has fewer rows than this. */
export const MAX_ROW_NUMBER = 1_000_000;

export const importRequestTexts = {
  noRows: 'Send at least one row.',
  tooManyPreviewRows: `Send at most ${PREVIEW_BATCH_ROWS} rows per preview request.`,
  tooManyImportRows: `Send at most ${IMPORT_BATCH_ROWS} rows per import request.`,
  rowNumber: 'rowNumber must be a whole number from 2 (the header is row 1).',
  values: 'values must be an object of column names to cell texts.',
  cellTooLong: `A cell can hold at most ${MAX_CELL_CHARS.toLocaleString('en-US')} characters.`,
  tooManyColumns: `A row can have at most ${MAX_ROW_COLUMNS} columns.`,
  importId: 'importId must be a UUID.',
  batchIndex: 'batchIndex must be a whole number from 0.',
  duplicateRow: 'Each rowNumber may appear once per request.',
} as const;

export const csvRowInputSchema = z.object({
  rowNumber: z.number({ error: importRequestTexts.rowNumber }).int(importRequestTexts.rowNumber).min(2, importRequestTexts.rowNumber).max(MAX_ROW_NUMBER),
  values: z
    .record(z.string().max(200, importRequestTexts.values), z.string({ error: importRequestTexts.values }).max(MAX_CELL_CHARS, importRequestTexts.cellTooLong), {
      error: importRequestTexts.values,
    })
    .refine((values) => Object.keys(values).length <= MAX_ROW_COLUMNS, importRequestTexts.tooManyColumns),
});
export type CsvRowInput = z.infer<typeof csvRowInputSchema>;

const rowsSchema = (max: number, tooMany: string) =>
  z
    .array(csvRowInputSchema, { error: importRequestTexts.noRows })
    .min(1, importRequestTexts.noRows)
    .max(max, tooMany)
    .refine((rows) => new Set(rows.map((row) => row.rowNumber)).size === rows.length, importRequestTexts.duplicateRow);

export const csvPreviewRequestSchema = z.object({ rows: rowsSchema(PREVIEW_BATCH_ROWS, importRequestTexts.tooManyPreviewRows) });
export type CsvPreviewRequest = z.infer<typeof csvPreviewRequestSchema>;

/**
 * What the server says a row does. 'unchanged' (preview only) is a row that matches a product and would change none
 * of its fields; the import answers such a row 'update' with changed: false.
 */
export const csvRowOutcomes = ['new', 'update', 'unchanged', 'delete', 'error'] as const;
export type CsvRowOutcome = (typeof csvRowOutcomes)[number];
/** What the preview shows a row as: an outcome, or pending before the server has answered for it. */
export const csvRowStates = [...csvRowOutcomes, 'pending'] as const;
export type CsvRowState = (typeof csvRowStates)[number];

export const csvRowResultSchema = z.object({
  rowNumber: z.number().int(),
  outcome: z.enum(csvRowOutcomes),
  /** The product created, updated or deleted (for 'new' in a preview: absent). */
  productId: z.number().int().optional(),
  /** 'Row N: …' for an error. */
  reason: z.string().optional(),
  /** Import only, for 'update': false when the row matched the stored product exactly and nothing was written. */
  changed: z.boolean().optional(),
  /** Preview only, for 'update' of a stored product: each field it changes, stored value and the row's. */
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })).optional(),
});
export type CsvRowResult = z.infer<typeof csvRowResultSchema>;

export const csvPreviewAnswerSchema = z.object({ rows: z.array(csvRowResultSchema) });
export type CsvPreviewAnswer = z.infer<typeof csvPreviewAnswerSchema>;

export const csvImportBatchRequestSchema = z.object({
  importId: z.uuid({ error: importRequestTexts.importId }),
  batchIndex: z.number({ error: importRequestTexts.batchIndex }).int(importRequestTexts.batchIndex).min(0, importRequestTexts.batchIndex).max(100_000),
  rows: rowsSchema(IMPORT_BATCH_ROWS, importRequestTexts.tooManyImportRows),
});
export type CsvImportBatchRequest = z.infer<typeof csvImportBatchRequestSchema>;

/** imported: products created; updated: rows that matched a product (unchanged ones included); unchanged: of those, untouched. */
export const csvImportCountsSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
  errors: z.number().int(),
});
export type CsvImportCounts = z.infer<typeof csvImportCountsSchema>;

export const csvImportBatchAnswerSchema = z.object({
  importId: z.string(),
  batchIndex: z.number().int(),
  rows: z.array(csvRowResultSchema),
  counts: csvImportCountsSchema,
});
export type CsvImportBatchAnswer = z.infer<typeof csvImportBatchAnswerSchema>;

export const csvImportFinishRequestSchema = z.object({ importId: z.uuid({ error: importRequestTexts.importId }) });
export type CsvImportFinishRequest = z.infer<typeof csvImportFinishRequestSchema>;

export const csvImportFinishAnswerSchema = z.object({
  importId: z.string(),
  /** Batches received for the import. */
  batches: z.number().int(),
  /** The sum of the batches' counts. */
  counts: csvImportCountsSchema,
  /** affiliate_links rows of this import set from 'pending' to 'completed' by this call (0 when finished before). */
  linksCompleted: z.number().int(),
  /** Products created without a title (named from their URL, needs_review 'no-title'): the ones scraped now. */
  untitledProductIds: z.array(z.number().int()),
  /** How many scrapes were started in the background. */
  scrapesStarted: z.number().int(),
  /** Whether this call asked for a rebuild: once per import, and only when a batch changed something. */
  rebuildRequested: z.boolean(),
  /**
   * Set when Amazon products were imported without a title while the Creators API is not configured: they are never
   * scraped, so this says what to configure or fill in. Null otherwise.
   */
  amazonNotice: z.string().nullable().default(null),
});
export type CsvImportFinishAnswer = z.infer<typeof csvImportFinishAnswerSchema>;

export const emptyCounts = (): CsvImportCounts => ({ imported: 0, updated: 0, unchanged: 0, deleted: 0, errors: 0 });

/** Counts of row results (an import's, or a preview's where 'update' rows are all counted as updated). */
export function countOutcomes(rows: readonly CsvRowResult[]): CsvImportCounts {
  const counts = emptyCounts();
  for (const row of rows) {
    if (row.outcome === 'new') counts.imported++;
    else if (row.outcome === 'update' || row.outcome === 'unchanged') {
      counts.updated++;
      if (row.changed === false || row.outcome === 'unchanged') counts.unchanged++;
    } else if (row.outcome === 'delete') counts.deleted++;
    else counts.errors++;
  }
  return counts;
}

export function addCounts(a: CsvImportCounts, b: CsvImportCounts): CsvImportCounts {
  return {
    imported: a.imported + b.imported,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    deleted: a.deleted + b.deleted,
    errors: a.errors + b.errors,
  };
}

/**
 * Rows in request-sized groups, in order: at most `maxRows` rows and MAX_IMPORT_BODY_BYTES of JSON each (a row over
 * MAX_ROW_BYTES should be refused as an error before batching). Sizes are JSON's UTF-16 length times three at most,
 * an upper bound of its UTF-8 bytes, so no batch can exceed the server's limit.
 */
export function batchRows<T extends CsvRowInput>(rows: readonly T[], maxRows: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  const budget = MAX_IMPORT_BODY_BYTES - 1024;
  for (const row of rows) {
    const size = rowBytes(row);
    if (current.length > 0 && (current.length >= maxRows || bytes + size > budget)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** An upper bound of a row's UTF-8 JSON size. */
export function rowBytes(row: CsvRowInput): number {
  return JSON.stringify(row).length * 3 + 1;
}

/** The export's address for the Manage list's filter. */
export function exportUrl(filter: ProductFilter = {}): string {
  const params = new URLSearchParams();
  const parsed = productFilterSchema.parse(filter);
  if (parsed.search) params.set('search', parsed.search);
  if (parsed.category !== undefined) params.set('category', String(parsed.category));
  if (parsed.status) params.set('status', parsed.status);
  if (parsed.stock) params.set('stock', parsed.stock);
  if (parsed.featured !== undefined) params.set('featured', String(parsed.featured));
  const query = params.toString();
  return `/api/admin/products/export${query ? `?${query}` : ''}`;
}

/** Every column a row may name: the template's, for a browser that wants to drop others before sending. */
export const KNOWN_COLUMNS: ReadonlySet<string> = new Set(CSV_COLUMNS);

/** The 'Processing complete' numbers of a preview. */
export function processingCounts(rows: readonly Pick<CsvRowResult, 'outcome'>[]): ProcessingCounts {
  const counts: ProcessingCounts = { new: 0, updates: 0, unchanged: 0, deletes: 0, errors: 0 };
  for (const { outcome } of rows) {
    if (outcome === 'new') counts.new++;
    else if (outcome === 'update') counts.updates++;
    else if (outcome === 'unchanged') counts.unchanged++;
    else if (outcome === 'delete') counts.deletes++;
    else counts.errors++;
  }
  return counts;
}
