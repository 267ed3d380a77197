/**
 * The editorial review's CSV columns over HTTP against a real libSQL file: exported after the template's columns
 * (reviewer as the author's slug, pros and cons joined with ' | '), imported again without changing any product,
 * set and changed by a file (blank cells keep the stored fields), and refused per row with the import's message for a
 * broken review rule or a reviewer slug that is no author's.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { authors, products } from '../../db/schema.ts';
import { CSV_COLUMNS } from '../../src/domain/admin/csv/columns.ts';
import { batchRows, IMPORT_BATCH_ROWS, type CsvImportBatchAnswer, type CsvImportCounts } from '../../src/domain/admin/csv/contract.ts';
import { EXPORT_COLUMNS } from '../../src/domain/admin/csv/export-row.ts';
import { csvParseConfig, rowInputsFromRecords } from '../../src/domain/admin/csv/parse.ts';
import { REVIEW_CSV_COLUMNS } from '../../src/domain/admin/csv/review-columns.ts';
import { rowTexts } from '../../src/domain/admin/csv/texts.ts';
import { reviewTexts } from '../../src/domain/editorial/review.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let mayaId: number;
let jordanId: number;

const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, csvParseConfig);
const reviewOf = async (sku: string) => (await db((d) => d.select({ review: products.review }).from(products).where(eq(products.sku, sku)).get()))?.review;

async function exportCsv(): Promise<string> {
  const response = await admin.fetch('/api/admin/products/export');
  expect(response.status).toBe(200);
  return response.text();
}

async function importCsv(csv: string): Promise<{ counts: CsvImportCounts; rows: CsvImportBatchAnswer['rows'] }> {
  const importId = randomUUID();
  const rows: CsvImportBatchAnswer['rows'] = [];
  for (const [index, part] of batchRows(rowInputsFromRecords(parse(csv).data), IMPORT_BATCH_ROWS).entries()) {
    const response = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: index, rows: part } });
    expect(response.status, await response.clone().text()).toBe(200);
    rows.push(...(await response.json()).rows);
  }
  const finished = await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } });
  expect(finished.status).toBe(200);
  return { counts: (await finished.json()).counts, rows };
}

/** A file whose header is every column any record names (papaparse takes the first record's keys otherwise). */
const csvOf = (records: Record<string, string>[]) => Papa.unparse(records, { columns: [...new Set(records.flatMap((record) => Object.keys(record)))] });

const base = (sku: string) => ({ affiliate_link: `https://shop.example.com/item/${sku}`, title: `Reviewed ${sku}`, price: '49.99', sku, status: 'published' });

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const rows = await db((d) =>
    d
      .insert(authors)
      .values([
        { slug: 'maya-chen', name: 'Maya Chen' },
        { slug: 'jordan-reyes', name: 'Jordan Reyes' },
      ])
      .returning(),
  );
  mayaId = rows.find((row) => row.slug === 'maya-chen')!.id;
  jordanId = rows.find((row) => row.slug === 'jordan-reyes')!.id;
});
afterAll(() => api.close());

describe('the review columns', () => {
  it('set a review from a file, export it as written, and import back unchanged', async () => {
    const records = [
      {
        ...base('REV-1'),
        review_verdict: 'Quiet, strong, light: our pick.',
        review_pros: 'Quiet at full power | Light | =Formula-looking pro',
        review_cons: 'Short battery',
        review_best_for: 'Runners',
        review_skip_if: 'You want heat',
        review_score: '8.5',
        review_award: 'best overall',
        review_reviewer: 'Maya-Chen',
        review_tested: '2026-03-01',
        review_updated: '2026-10-12',
      },
      { ...base('REV-2'), review_score: '6', review_award: 'Best for Travel' },
      base('REV-3'),
    ];
    const first = await importCsv(csvOf(records));
    expect(first.counts).toMatchObject({ imported: 3, errors: 0 });
    expect(await reviewOf('REV-1')).toEqual({
      verdict: 'Quiet, strong, light: our pick.',
      pros: ['Quiet at full power', 'Light', '=Formula-looking pro'],
      cons: ['Short battery'],
      bestFor: 'Runners',
      skipIf: 'You want heat',
      score: 8.5,
      award: 'Best Overall',
      reviewerId: mayaId,
      testedOn: '2026-03-01',
      updatedOn: '2026-10-12',
    });
    expect(await reviewOf('REV-2')).toMatchObject({ score: 6, award: 'Best for Travel', verdict: '', pros: [], reviewerId: null });
    expect(await reviewOf('REV-3')).toBeNull();

    const exported = await exportCsv();
    const parsed = parse(exported);
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(EXPORT_COLUMNS.slice(CSV_COLUMNS.length)).toEqual([...REVIEW_CSV_COLUMNS]);
    const row = parsed.data.find((record) => record.sku === 'REV-1')!;
    expect(row).toMatchObject({
      review_pros: 'Quiet at full power | Light | =Formula-looking pro',
      review_score: '8.5',
      review_award: 'Best Overall',
      review_reviewer: 'maya-chen',
      review_tested: '2026-03-01',
    });
    const before = await db((d) => d.select().from(products).orderBy(products.id));
    const again = await importCsv(exported);
    expect(again.counts.errors).toBe(0);
    expect(again.rows.every((result) => result.outcome === 'update' && result.changed === false)).toBe(true);
    expect(await db((d) => d.select().from(products).orderBy(products.id))).toEqual(before);
  });

  it('change only the fields whose cells are not blank, and preview the change', async () => {
    const csv = csvOf([{ affiliate_link: base('REV-1').affiliate_link, sku: 'REV-1', review_score: '9', review_reviewer: 'jordan-reyes' }]);
    const preview = await admin.fetch('/api/admin/products/import/preview', { method: 'POST', json: { rows: rowInputsFromRecords(parse(csv).data) } });
    expect(preview.status).toBe(200);
    const [result] = (await preview.json()).rows;
    expect(result).toMatchObject({ outcome: 'update' });
    expect(result.changes.map((change: { field: string }) => change.field)).toEqual(['review']);
    await importCsv(csv);
    expect(await reviewOf('REV-1')).toMatchObject({ score: 9, reviewerId: jordanId, verdict: 'Quiet, strong, light: our pick.', award: 'Best Overall' });
  });

  it('refuse a row with a broken review rule or an unknown reviewer, with the row named, and write nothing for it', async () => {
    const records = [
      { ...base('BAD-1'), review_score: '8.3' },
      { ...base('BAD-2'), review_pros: Array.from({ length: 9 }, (_, i) => `Pro ${i}`).join(' | ') },
      { ...base('BAD-3'), review_award: 'An award label far longer than thirty' },
      { ...base('BAD-4'), review_reviewer: 'nobody-here' },
      { ...base('BAD-5'), review_tested: '2026-02-30' },
    ];
    const { rows } = await importCsv(csvOf(records));
    expect(rows, JSON.stringify(rows)).toHaveLength(5);
    expect(rows.map((row) => row.outcome === 'error' && row.reason)).toEqual([
      rowTexts.formRule(2, reviewTexts.score),
      rowTexts.formRule(3, reviewTexts.prosTooMany),
      rowTexts.formRule(4, reviewTexts.award),
      rowTexts.unknownReviewer(5, 'nobody-here'),
      rowTexts.formRule(6, reviewTexts.testedOn),
    ]);
    expect(await db((d) => d.select().from(products).where(eq(products.sku, 'BAD-1')))).toEqual([]);
  });
});
