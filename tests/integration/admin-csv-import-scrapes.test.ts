/**
 * No scrapes after a CSV import: a row with no title and no product to match is an error (it used to be created as a
 * draft named from its URL, "Amazon" for most Amazon links, and scraped after finish), so finish has nothing to scrape
 * and the retailer's page (a fixture shop on 127.0.0.1, reachable only through SCRAPE_ALLOWED_HOSTS) is never fetched.
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

it('refuses a row with no title and no product to match, so nothing is created to scrape and no page is fetched', async () => {
  const importId = randomUUID();
  const rows = [
    { rowNumber: 2, values: { affiliate_link: `${shop.base}/pages/jsonld-product.html`, status: 'Published' } },
    { rowNumber: 3, values: { affiliate_link: `${shop.base}/pages/short-page.html` } },
  ];
  const before = await api.temp.database.run((db) => db.select().from(products).all());
  const batchResponse = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: 0, rows } });
  expect(batchResponse.status).toBe(200);
  const batch = (await batchResponse.json()) as CsvImportBatchAnswer;
  expect(batch.rows.map((row) => row.reason)).toEqual([
    "Row 2: title is required to create a product (no product matches this row's sku, asin or affiliate_link)",
    "Row 3: title is required to create a product (no product matches this row's sku, asin or affiliate_link)",
  ]);

  const finishResponse = await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } });
  expect(finishResponse.status).toBe(200);
  const finished = (await finishResponse.json()) as CsvImportFinishAnswer;
  expect(finished).toMatchObject({ untitledProductIds: [], scrapesStarted: 0, rebuildRequested: false });
  expect(await api.temp.database.run((db) => db.select().from(products).all())).toEqual(before);
  expect(shop.hits.get('/pages/jsonld-product.html')).toBeUndefined();
  expect(await api.temp.database.run((db) => db.select().from(siteBuilds).where(eq(siteBuilds.reason, 'imported products scraped')).all())).toEqual([]);
});
