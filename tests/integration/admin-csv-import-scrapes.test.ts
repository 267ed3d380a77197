/**
 * The scrapes after a CSV import, end to end over HTTP (issue 11, point 6): a row with no title and no product to
 * match is created as a draft named from its URL, finish answers that its scrape started, and the product is then
 * filled from the retailer's page (a fixture shop on 127.0.0.1, reachable only through SCRAPE_ALLOWED_HOSTS) with its
 * review mark cleared, followed by one more rebuild request. A page that cannot be read leaves the row as imported.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products, siteBuilds } from '../../db/schema.ts';
import type { CsvImportBatchAnswer, CsvImportFinishAnswer } from '../../src/domain/admin/csv/contract.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';
import { startScrapeFixtures, type ScrapeFixtures } from '../helpers/scrape-fixtures.ts';

let shop: ScrapeFixtures;
let api: LocalApi;
let admin: Browser;

beforeAll(async () => {
  shop = await startScrapeFixtures();
  // Read once, on the server's first use of its environment: before any request.
  process.env.SCRAPE_ALLOWED_HOSTS = shop.hostPort;
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});

afterAll(async () => {
  await api.close();
  await shop.close();
  delete process.env.SCRAPE_ALLOWED_HOSTS;
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (const deadline = Date.now() + 30_000; ; ) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('fills an untitled row from its page after finish, clears the review mark and requests a rebuild', async () => {
  const importId = randomUUID();
  const rows = [
    { rowNumber: 2, values: { affiliate_link: `${shop.base}/pages/jsonld-product.html`, status: 'Published' } },
    { rowNumber: 3, values: { affiliate_link: `${shop.base}/pages/short-page.html` } },
  ];
  const batchResponse = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: 0, rows } });
  expect(batchResponse.status).toBe(200);
  const batch = (await batchResponse.json()) as CsvImportBatchAnswer;
  const [scrapedId, unreadableId] = batch.rows.map((row) => row.productId!);

  const finishResponse = await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } });
  expect(finishResponse.status).toBe(200);
  const finished = (await finishResponse.json()) as CsvImportFinishAnswer;
  expect(finished.untitledProductIds).toEqual([scrapedId, unreadableId]);
  expect(finished.scrapesStarted).toBe(2);

  const read = (id: number) => api.temp.database.run((db) => db.select().from(products).where(eq(products.id, id)).get());
  const scraped = await until(() => read(scrapedId!), (row) => row?.name === 'PulseFit Recovery Massage Gun Pro', 'the scraped name');
  expect(scraped).toMatchObject({ price: 1299.99 });
  expect(scraped!.attributes.needs_review).toBeUndefined();
  await until(
    () => api.temp.database.run((db) => db.select().from(siteBuilds).where(eq(siteBuilds.reason, 'imported products scraped')).all()),
    (builds) => builds.length === 1,
    'the rebuild request after the scrapes',
  );

  // Both fixture pages were requested; the short one is no scrape, so its row stays as the import made it.
  expect(shop.hits.get('/pages/short-page.html')).toBe(1);
  const unreadable = await read(unreadableId!);
  expect(unreadable).toMatchObject({ name: 'Short Page', status: 'draft', price: 0 });
  expect(unreadable!.attributes.needs_review).toBe('no-title');

  // Finishing again starts no second round of scrapes.
  const again = (await (await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } })).json()) as CsvImportFinishAnswer;
  expect(again.scrapesStarted).toBe(0);
});
