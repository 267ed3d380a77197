/**
 * The CSV import at scale (issue 11, point 9): a 10,000-row file of about 5 MB (long HTML descriptions, JSON
 * specifications, every template column) imported end to end in Chromium against the served site, signed in as an
 * admin: chosen in the CSV Import tab, parsed in the worker (the progress bar must move), previewed in batches,
 * imported in batches, finished with one rebuild request. Total under 60 s. Prints the browser's JS heap (main
 * thread, peak), the bench process's RSS (it runs the local server and every function, peak) and the longest task on
 * the page's main thread (the worker should keep it short).
 *
 * The file mixes what an admin sends: new products, updates of seeded ones (by SKU), deletes and bad rows.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { chromium } from 'playwright-core';
import type { Database } from '../../db/client.ts';
import { products, siteBuilds } from '../../db/schema.ts';
import { CSV_COLUMNS, TEMPLATE_EXAMPLE_ROW, type CsvColumn } from '../../src/domain/admin/csv/columns.ts';
import { MAX_CSV_BYTES } from '../../src/domain/admin/csv/parse.ts';
import { createUser } from '../../src/server/accounts.ts';
import { chromiumArgs } from '../../tests/e2e/chromium.ts';
import type { Figure } from './report.ts';

export const CSV_BENCH_ROWS = 10_000;
const UPDATES = 500;
const DELETES = 100;
const BAD_ROWS = 50;
/** About 5 MB and safely under the 5 MB limit. */
const TARGET_BYTES = Math.floor(MAX_CSV_BYTES * 0.95);
const BUDGET_S = 60;
const MB = 1024 * 1024;

const WORDS =
  'quiet deep muscle recovery massage percussion battery speed grip foam roller stretch mobility yoga mat resistance band kettlebell dumbbell adjustable bench posture desk balance board hydration bottle tracker heart rate sleep cushion compression sleeve ankle knee support'.split(
    ' ',
  );

/** A deterministic generator, so every run imports the same file. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

type Row = Partial<Record<CsvColumn, string>>;

function newRow(index: number, next: () => number, descriptionWords: number): Row {
  const word = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const title = `Bench ${sentence(3)} ${index}`.replace(/\b\w/g, (letter) => letter.toUpperCase());
  const price = (10 + next() * 490).toFixed(2);
  // The columns a shop's export fills; all 47 would leave no room for descriptions in 5 MB at 10,000 rows.
  return {
    affiliate_link: `https://www.amazon.com/dp/B${String(index).padStart(9, '0')}`,
    title,
    image_url: `https://m.media-amazon.com/images/I/bench-${index}.jpg`,
    description: `<p>${sentence(descriptionWords)}.</p><ul><li>${sentence(6)}</li><li>${sentence(6)}</li></ul>`,
    price,
    sale_price: next() < 0.3 ? (Number(price) * 0.9).toFixed(2) : '',
    rating: (1 + next() * 4).toFixed(1),
    category: TEMPLATE_EXAMPLE_ROW.category,
    tags: `${word()}, ${word()}`,
    sku: `BENCH-${index}`,
    status: next() < 0.8 ? 'Published' : 'Draft',
    specifications: JSON.stringify({ weight: `${(next() * 20).toFixed(1)} lb`, material: word(), warranty: `${1 + Math.floor(next() * 3)} years` }),
    product_num_ratings: String(Math.floor(next() * 5000)),
  };
}

export interface BenchFile {
  path: string;
  bytes: number;
  rows: number;
  expected: { new: number; updates: number; deletes: number; errors: number };
}

/** Writes the file: updates and deletes name seeded products by SKU; bad rows have no usable link. */
export async function writeBenchCsv(database: Database, dir: string): Promise<BenchFile> {
  const seeded = await database.run((db) =>
    db.select({ sku: products.sku, affiliateUrl: products.affiliateUrl }).from(products).where(isNotNull(products.sku)).orderBy(asc(products.id)).limit(UPDATES + DELETES).all(),
  );
  if (seeded.length < UPDATES + DELETES) throw new Error(`the csv-import bench needs ${UPDATES + DELETES} seeded products with a SKU, found ${seeded.length}`);
  const fresh = CSV_BENCH_ROWS - UPDATES - DELETES - BAD_ROWS;
  const build = (descriptionWords: number) => {
    const next = random(42);
    const rows: Row[] = [];
    for (let index = 0; index < fresh; index++) rows.push(newRow(index, next, descriptionWords));
    for (const product of seeded.slice(0, UPDATES)) rows.push({ sku: product.sku!, affiliate_link: product.affiliateUrl, price: (5 + next() * 100).toFixed(2) });
    for (const product of seeded.slice(UPDATES)) rows.push({ sku: product.sku!, action: 'delete' });
    for (let index = 0; index < BAD_ROWS; index++) rows.push({ title: `No link ${index}`, affiliate_link: 'not a link' });
    return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows.map((row) => CSV_COLUMNS.map((column) => row[column] ?? '')) });
  };
  // Description length chosen so the file comes out at about TARGET_BYTES.
  const base = Buffer.byteLength(build(10));
  const perWord = (Buffer.byteLength(build(20)) - base) / (10 * fresh);
  const words = Math.max(10, 10 + Math.floor((TARGET_BYTES - base) / (perWord * fresh)));
  let csv = build(words);
  for (let fewer = words - 2; Buffer.byteLength(csv) > MAX_CSV_BYTES; fewer -= 2) {
    if (fewer < 1) throw new Error('csv-import bench: the rows alone are over 5 MB');
    csv = build(fewer);
  }
  const path = join(dir, 'bench-products.csv');
  writeFileSync(path, csv);
  return { path, bytes: statSync(path).size, rows: CSV_BENCH_ROWS, expected: { new: fresh, updates: UPDATES, deletes: DELETES, errors: BAD_ROWS } };
}

interface PageRecord {
  progress: { label: string; value: number }[];
  longestTaskMs: number;
  /** Moments on the page's clock (performance.now()): this process also runs the server, so its own clock lags. */
  at: Partial<Record<'chosen' | 'parsed' | 'previewed' | 'importClicked' | 'imported', number>>;
}

declare global {
  interface Window {
    __csvBench?: PageRecord;
  }
}

export async function measureCsvImport(database: Database, baseUrl: string, chromePath: string, log: (message: string) => void): Promise<Figure[]> {
  const dir = join(tmpdir(), `repwell-csv-bench-${randomUUID()}`);
  mkdirSync(dir);
  const email = `bench-csv-${randomUUID()}@example.com`;
  const password = `bench csv ${randomUUID()}`;
  await createUser(database, { email, password, role: 'admin' });
  const file = await writeBenchCsv(database, dir);
  log(`csv-import: ${file.rows.toLocaleString('en-US')} rows, ${(file.bytes / MB).toFixed(2)} MB`);
  const [before] = await database.run((db) => db.select({ n: sql<number>`count(*)` }).from(products).all());
  const [lastBuild] = await database.run((db) => db.select({ id: sql<number>`coalesce(max(${siteBuilds.id}), 0)` }).from(siteBuilds).all());

  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  let rssPeak = process.memoryUsage().rss;
  let heapPeak = 0;
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') log(`csv-import: page error: ${message.text()}`);
    });
    page.on('pageerror', (error) => log(`csv-import: page exception: ${error.message}`));
    const signIn = await page.request.post('/api/auth/sign-in', { data: { email, password } });
    if (signIn.status() !== 200) throw new Error(`csv-import bench sign-in answered ${signIn.status()}`);
    await page.goto('/add-product');
    await page.getByRole('tab', { name: 'CSV Import' }).click();
    const input = page.getByLabel('CSV file', { exact: true });
    await input.waitFor();

    await page.evaluate(() => {
      const record: PageRecord = { progress: [], longestTaskMs: 0, at: {} };
      window.__csvBench = record;
      performance.setResourceTimingBufferSize(10_000);
      const mark = (name: keyof PageRecord['at']) => (record.at[name] ??= performance.now());
      document.addEventListener('change', () => mark('chosen'), { capture: true });
      document.addEventListener('click', (event) => {
        if ((event.target as Element | null)?.closest('button')?.textContent?.trim().startsWith('Import ')) mark('importClicked');
      }, { capture: true });
      new MutationObserver(() => {
        if ([...document.querySelectorAll('[data-sonner-toast]')].some((toast) => toast.textContent?.includes('CSV parsed successfully'))) mark('parsed');
        const status = [...document.querySelectorAll('p[role="status"]')].map((element) => element.textContent ?? '').join(' ');
        if (status.includes('Processing complete')) mark('previewed');
        if (status.includes('Import successful')) mark('imported');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const label = bar.getAttribute('aria-label') ?? '';
          const value = Number(bar.getAttribute('aria-valuenow'));
          const last = record.progress.findLast((entry) => entry.label === label);
          if (last?.value !== value) record.progress.push({ label, value });
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.longestTaskMs = Math.max(record.longestTaskMs, entry.duration);
      }).observe({ type: 'longtask' });
    });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      cdp
        .send('Performance.getMetrics')
        .then(({ metrics }) => {
          heapPeak = Math.max(heapPeak, metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0);
        })
        .catch(() => {});
    }, 200);

    const wait = { timeout: 120_000 };
    await input.setInputFiles(file.path);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'CSV parsed successfully' }).waitFor(wait);
    const previewStatus = page.getByText(/^Processing (complete|failed): /);
    await previewStatus.waitFor(wait).catch(async (error: unknown) => {
      const progress = await page.getByRole('progressbar').getAttribute('aria-valuenow').catch(() => null);
      throw new Error(`csv-import bench: no preview answer (progress ${progress}%)`, { cause: error });
    });
    const status = await previewStatus.textContent();
    const expected = `Processing complete: ${file.expected.new} new, ${file.expected.updates} updates, ${file.expected.deletes} deletes, ${file.expected.errors} errors`;
    if (status !== expected) throw new Error(`csv-import bench: the preview said "${status}", expected "${expected}"`);

    await page.getByRole('button', { name: /^Import [\d,]+ rows$/ }).click();
    await page.getByText(/^Import (successful|failed): /).waitFor(wait);
    clearInterval(sampler);
    const outcome = await page.getByText(/^Import (successful|failed): /).textContent();
    log(`csv-import: ${outcome}`);
    if (!outcome?.startsWith('Import successful')) throw new Error(`csv-import bench: ${outcome}`);

    const record = (await page.evaluate(() => window.__csvBench))!;
    // The browser's own timing of each request: this process also runs the server, so its clock for events lags.
    const requests = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, ms: entry.duration })),
    );
    const timesOf = (path: string) => requests.filter((entry) => entry.path === path).map((entry) => entry.ms);
    const batchTimes = timesOf('/api/admin/products/import');
    const previewTimes = timesOf('/api/admin/products/import/preview');
    const finishMs = timesOf('/api/admin/products/import/finish')[0] ?? Number.NaN;
    const parseSteps = record.progress.filter((entry) => entry.label === 'Reading the file' && entry.value > 0 && entry.value < 100).length;
    const [after] = await database.run((db) => db.select({ n: sql<number>`count(*)` }).from(products).all());
    const rebuilds = await database.run((db) =>
      db.select({ id: siteBuilds.id }).from(siteBuilds).where(and(eq(siteBuilds.reason, 'products imported'), gt(siteBuilds.id, lastBuild?.id ?? 0))).all(),
    );
    if (rebuilds.length !== 1) throw new Error(`csv-import bench: the import requested ${rebuilds.length} rebuilds, expected one`);
    const growth = (after?.n ?? 0) - (before?.n ?? 0);
    if (growth !== file.expected.new - file.expected.deletes) throw new Error(`csv-import bench: ${growth} products more, expected ${file.expected.new - file.expected.deletes}`);
    const { chosen = Number.NaN, parsed = Number.NaN, previewed = Number.NaN, importClicked = Number.NaN, imported = Number.NaN } = record.at;
    const seconds = (from: number, to: number) => (to - from) / 1000;
    const mean = batchTimes.reduce((sum, ms) => sum + ms, 0) / Math.max(1, batchTimes.length);

    return [
      { name: `csv-import: file (${file.rows.toLocaleString('en-US')} rows)`, value: file.bytes / MB, unit: 'MB' },
      { name: 'csv-import: parse in the worker (file chosen to parsed)', value: seconds(chosen, parsed), unit: 's' },
      { name: '  progress bar steps shown while parsing', value: parseSteps, unit: '', budget: 2, atLeast: true, digits: 0 },
      { name: 'csv-import: preview, every row checked by the server', value: seconds(parsed, previewed), unit: 's' },
      { name: `  ${previewTimes.length} preview requests, all together`, value: previewTimes.reduce((sum, ms) => sum + ms, 0) / 1000, unit: 's' },
      { name: `csv-import: import, ${batchTimes.length} batches and finish`, value: seconds(importClicked, imported), unit: 's' },
      { name: '  mean batch request', value: mean, unit: 'ms', digits: 0 },
      { name: '  batch requests, all together', value: batchTimes.reduce((sum, ms) => sum + ms, 0) / 1000, unit: 's' },
      { name: '  finish request (links completed, rebuild requested)', value: finishMs / 1000, unit: 's' },
      { name: 'csv-import: total (parse + preview + import)', value: seconds(chosen, previewed) + seconds(importClicked, imported), unit: 's', budget: BUDGET_S },
      { name: '  rebuilds requested by the import', value: rebuilds.length, unit: '', budget: 1, digits: 0 },
      { name: '  longest main-thread task on the page', value: record.longestTaskMs, unit: 'ms', digits: 0 },
      { name: '  browser JS heap, main thread, peak', value: heapPeak / MB, unit: 'MB', digits: 0 },
      { name: '  bench process RSS (server + functions), peak', value: rssPeak / MB, unit: 'MB', digits: 0 },
    ];
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
