/** The import endpoints' schemas and the browser's batching (issue 11, point 6). */
import { describe, expect, it } from 'vitest';
import {
  batchRows,
  countOutcomes,
  csvImportBatchRequestSchema,
  csvPreviewRequestSchema,
  exportUrl,
  IMPORT_BATCH_ROWS,
  MAX_IMPORT_BODY_BYTES,
  processingCounts,
} from '../../src/domain/admin/csv/contract.ts';

const row = (rowNumber: number, extra = '') => ({ rowNumber, values: { affiliate_link: `https://a.example/${rowNumber}`, description: extra } });
const IMPORT_ID = '5b0c7c1e-4a51-4a4e-9a3a-2f1f6f7f8a9b';

describe('request schemas', () => {
  it('takes rows numbered from 2 with text cells', () => {
    expect(csvPreviewRequestSchema.safeParse({ rows: [row(2)] }).success).toBe(true);
    const message = (body: unknown) => csvPreviewRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ rows: [] })).toBe('Send at least one row.');
    expect(message({ rows: [{ rowNumber: 1, values: {} }] })).toBe('rowNumber must be a whole number from 2 (the header is row 1).');
    expect(message({ rows: [{ rowNumber: 2, values: { price: 5 } }] })).toBe('values must be an object of column names to cell texts.');
    expect(message({ rows: [row(2), row(2)] })).toBe('Each rowNumber may appear once per request.');
  });

  it('needs a UUID import id and a batch index from 0, and at most IMPORT_BATCH_ROWS rows', () => {
    expect(csvImportBatchRequestSchema.safeParse({ importId: IMPORT_ID, batchIndex: 0, rows: [row(2)] }).success).toBe(true);
    expect(csvImportBatchRequestSchema.safeParse({ importId: 'abc', batchIndex: 0, rows: [row(2)] }).error?.issues[0]?.message).toBe('importId must be a UUID.');
    expect(csvImportBatchRequestSchema.safeParse({ importId: IMPORT_ID, batchIndex: -1, rows: [row(2)] }).success).toBe(false);
    const many = Array.from({ length: IMPORT_BATCH_ROWS + 1 }, (_, i) => row(i + 2));
    expect(csvImportBatchRequestSchema.safeParse({ importId: IMPORT_ID, batchIndex: 0, rows: many }).error?.issues[0]?.message).toBe('Send at most 200 rows per import request.');
  });
});

describe('batchRows', () => {
  it('splits by row count, in order', () => {
    const rows = Array.from({ length: 450 }, (_, i) => row(i + 2));
    const batches = batchRows(rows, IMPORT_BATCH_ROWS);
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(batches.flat()).toEqual(rows);
  });

  it('splits by body size, so no request passes the server limit', () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 2, 'é'.repeat(90_000)));
    const batches = batchRows(rows, IMPORT_BATCH_ROWS);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(new TextEncoder().encode(JSON.stringify({ importId: IMPORT_ID, batchIndex: 0, rows: batch })).length).toBeLessThan(MAX_IMPORT_BODY_BYTES);
  });
});

describe('counts', () => {
  it('sums outcomes for the preview and the import summary', () => {
    const results = [
      { rowNumber: 2, outcome: 'new' as const },
      { rowNumber: 3, outcome: 'update' as const, changed: false },
      { rowNumber: 4, outcome: 'update' as const, changed: true },
      { rowNumber: 5, outcome: 'delete' as const },
      { rowNumber: 6, outcome: 'error' as const, reason: 'Row 6: Invalid URL format' },
      { rowNumber: 7, outcome: 'unchanged' as const, productId: 3 },
    ];
    expect(processingCounts(results)).toEqual({ new: 1, updates: 2, unchanged: 1, deletes: 1, errors: 1 });
    expect(countOutcomes(results)).toEqual({ imported: 1, updated: 3, unchanged: 2, deleted: 1, errors: 1 });
  });
});

describe('exportUrl', () => {
  it("carries the Manage list's filter", () => {
    expect(exportUrl()).toBe('/api/admin/products/export');
    expect(exportUrl({ search: 'roller', status: 'draft', featured: true, category: 'recovery' })).toBe('/api/admin/products/export?search=roller&category=recovery&status=draft&featured=true');
  });
});
