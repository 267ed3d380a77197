/**
 * The HTTP contract of the network report import (issue 14, point 4), shared by the 'Report import' tab and the
 * functions. The browser parses the file (papaparse), finds the header row, numbers Amazon's rows over the whole file
 * (src/domain/revenue/report-rows.ts) and sends rows as JSON; the server reads every row again.
 *
 *   POST /api/admin/revenue/report/preview  reportPreviewRequestSchema → reportPreviewAnswerSchema
 *     { network, headers, mapping?, rows: [{ rowNumber, values, occurrence? }] } (1 to REPORT_PREVIEW_ROWS rows)
 *     → { rows: [{ rowNumber, outcome, transactionId?, productId?, productName?, matchedBy?, reason? }] }; nothing
 *     is written. outcome: matched (attributed to a product), unmatched (stored unattributed), duplicate (already
 *     stored as it is, or repeated in the file), changed (stored with other figures or status: will update), error.
 *   POST /api/admin/revenue/report/import   reportImportRequestSchema → reportImportAnswerSchema
 *     the same body (1 to REPORT_IMPORT_ROWS rows) → { rows: [{ rowNumber, outcome, productId, reason? }], counts }:
 *     each row through recordConversion, idempotent on (network, transaction id), so a batch sent again changes
 *     nothing. outcome: created, updated, unchanged, failed.
 *   GET  /api/admin/revenue/report/mapping?network=…  → reportMappingAnswerSchema { network, mapping | null, updatedAt }
 *   PUT  /api/admin/revenue/report/mapping { network, mapping } → the same, saved as the network's last mapping.
 *
 * Refusals are `{ error: { title, description } }`: 400 unreadable JSON, 413 body too large, 415 not JSON, 422 a body
 * that does not match the schema, 401/403 as every admin endpoint.
 */
import { z } from 'zod';
import { mappingProblem, reportMappingSchema } from '../revenue/report-generic.ts';
import { reportNetworks } from '../revenue/report.ts';

export const REPORT_PREVIEW_ROWS = 500;
/** One recordConversion transaction a row: 200 rows stay well inside a function's time on the shared machine. */
export const REPORT_IMPORT_ROWS = 200;
/** Report rows are short (a dozen cells); far under Netlify's 6 MB request limit. */
export const MAX_REPORT_BODY_BYTES = 2 * 1024 * 1024;
export const MAX_REPORT_CELL_CHARS = 2_000;
export const MAX_REPORT_COLUMNS = 60;

export const reportImportTexts = {
  previewFailed: 'Preview failed',
  importFailed: 'Import failed',
  mappingFailed: 'Could not save the mapping',
  noRows: 'Send at least one row.',
  tooManyRows: (max: number) => `Send at most ${max} rows per request.`,
  rowNumber: 'rowNumber must be a whole number from 2.',
  values: 'values must be an object of column names to cell texts.',
  cell: `A cell can hold at most ${MAX_REPORT_CELL_CHARS.toLocaleString('en-US')} characters.`,
  columns: `A row can have at most ${MAX_REPORT_COLUMNS} columns.`,
  network: `network must be one of ${reportNetworks.join(', ')}.`,
  mappingRequired: 'A column mapping is required for every network but Amazon Associates.',
  duplicateRow: 'Each rowNumber may appear once per request.',
} as const;

const networkSchema = z.enum(reportNetworks, { error: reportImportTexts.network });

export const reportRowInputSchema = z.object({
  rowNumber: z.number({ error: reportImportTexts.rowNumber }).int(reportImportTexts.rowNumber).min(2, reportImportTexts.rowNumber).max(1_000_000, reportImportTexts.rowNumber),
  values: z
    .record(z.string().max(200, reportImportTexts.values), z.string({ error: reportImportTexts.values }).max(MAX_REPORT_CELL_CHARS, reportImportTexts.cell), { error: reportImportTexts.values })
    .refine((values) => Object.keys(values).length <= MAX_REPORT_COLUMNS, reportImportTexts.columns),
  occurrence: z.number().int().min(1).max(1_000_000).optional(),
});
export type ReportRowInput = z.infer<typeof reportRowInputSchema>;

const requestSchema = (max: number) =>
  z
    .object({
      network: networkSchema,
      headers: z.array(z.string().max(200)).min(1).max(MAX_REPORT_COLUMNS, reportImportTexts.columns),
      mapping: reportMappingSchema.optional(),
      rows: z
        .array(reportRowInputSchema, { error: reportImportTexts.noRows })
        .min(1, reportImportTexts.noRows)
        .max(max, reportImportTexts.tooManyRows(max))
        .refine((rows) => new Set(rows.map((row) => row.rowNumber)).size === rows.length, reportImportTexts.duplicateRow),
    })
    .refine((body) => body.network === 'amazon' || body.mapping !== undefined, { message: reportImportTexts.mappingRequired, path: ['mapping'] })
    .superRefine((body, context) => {
      const problem = body.mapping === undefined || body.network === 'amazon' ? null : mappingProblem(body.mapping, body.headers);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['mapping'] });
    });

export const reportPreviewRequestSchema = requestSchema(REPORT_PREVIEW_ROWS);
export const reportImportRequestSchema = requestSchema(REPORT_IMPORT_ROWS);
export type ReportPreviewRequest = z.infer<typeof reportPreviewRequestSchema>;
export type ReportImportRequest = z.infer<typeof reportImportRequestSchema>;

export const reportPreviewOutcomes = ['matched', 'unmatched', 'duplicate', 'changed', 'error'] as const;
export type ReportPreviewOutcome = (typeof reportPreviewOutcomes)[number];
/** How a row found its product: its click's product, the ASIN, SKU or product id it names, or the stored conversion's. */
export const reportMatchKinds = ['click', 'asin', 'sku', 'product-id', 'stored'] as const;

export const reportPreviewRowSchema = z.object({
  rowNumber: z.number().int(),
  outcome: z.enum(reportPreviewOutcomes),
  transactionId: z.string().optional(),
  productId: z.number().int().optional(),
  productName: z.string().optional(),
  matchedBy: z.enum(reportMatchKinds).optional(),
  /** 'Row N: …' for an error; what a duplicate repeats or what a change changes otherwise. */
  reason: z.string().optional(),
});
export type ReportPreviewRow = z.infer<typeof reportPreviewRowSchema>;
export const reportPreviewAnswerSchema = z.object({ rows: z.array(reportPreviewRowSchema) });
export type ReportPreviewAnswer = z.infer<typeof reportPreviewAnswerSchema>;

export const reportImportOutcomes = ['created', 'updated', 'unchanged', 'failed'] as const;
export const reportImportRowSchema = z.object({
  rowNumber: z.number().int(),
  outcome: z.enum(reportImportOutcomes),
  productId: z.number().int().nullable(),
  reason: z.string().optional(),
});
export type ReportImportRow = z.infer<typeof reportImportRowSchema>;

/** unattributed: of the created and updated rows, those stored without a product. */
export const reportImportCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  unattributed: z.number().int(),
  failed: z.number().int(),
});
export type ReportImportCounts = z.infer<typeof reportImportCountsSchema>;
export const reportImportAnswerSchema = z.object({ rows: z.array(reportImportRowSchema), counts: reportImportCountsSchema });
export type ReportImportAnswer = z.infer<typeof reportImportAnswerSchema>;

export const emptyReportCounts = (): ReportImportCounts => ({ created: 0, updated: 0, unchanged: 0, unattributed: 0, failed: 0 });
export function addReportCounts(a: ReportImportCounts, b: ReportImportCounts): ReportImportCounts {
  return {
    created: a.created + b.created,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    unattributed: a.unattributed + b.unattributed,
    failed: a.failed + b.failed,
  };
}

export const reportMappingRequestSchema = z.object({ network: networkSchema, mapping: reportMappingSchema });
export type ReportMappingRequest = z.infer<typeof reportMappingRequestSchema>;
export const reportMappingQuerySchema = z.object({ network: networkSchema });
export const reportMappingAnswerSchema = z.object({
  network: networkSchema,
  mapping: reportMappingSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type ReportMappingAnswer = z.infer<typeof reportMappingAnswerSchema>;

export const reportPaths = {
  preview: '/api/admin/revenue/report/preview',
  import: '/api/admin/revenue/report/import',
  mapping: '/api/admin/revenue/report/mapping',
} as const;
