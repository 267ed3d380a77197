/**
 * scrapeImportedProducts (issue 11, point 6): the scrapes after a CSV import against a real libSQL file and a
 * retailer on 127.0.0.1, reached through an explicit allow-list. Only empty fields are filled, the review mark is
 * cleared, failures (an error page, a hostile redirect, a product gone) are counted and leave the row alone, each
 * update has its audit entry, and no more pages are fetched at once than the concurrency allows.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, type NewProduct } from '../../db/schema.ts';
import { productNameFromUrl } from '../../src/domain/admin/needs-review.ts';
import { productSlugBase } from '../../src/domain/admin/product-slug.ts';
import { scrapeImportedProducts } from '../../src/server/admin/import-scrapes.ts';
import { startScrapeFixtures, type ScrapeFixtures } from '../helpers/scrape-fixtures.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let shop: ScrapeFixtures;
let nextSuffix = 1;
const actor = { id: null as unknown as string, email: 'importer@example.com' };

/** A product as the import makes it from a row with a link and no title. */
async function imported(url: string, extra: Partial<NewProduct> = {}): Promise<number> {
  const name = productNameFromUrl(url);
  const row = await temp.database.run((db) =>
    db
      .insert(products)
      .values({
        name,
        // As the import names a second product of the same guessed name: base-2, base-3 …
        slug: `${productSlugBase(name)}-${(nextSuffix += 1)}`,
        affiliateUrl: url,
        attributes: { needs_review: 'no-title', csvImport: true, csvRow: 2, status: 'draft' },
        ...extra,
      })
      .returning({ id: products.id })
      .get(),
  );
  return row.id;
}

const read = (id: number) => temp.database.run((db) => db.select().from(products).where(eq(products.id, id)).get());

beforeAll(async () => {
  temp = await createTempDatabase();
  shop = await startScrapeFixtures();
});
afterAll(async () => {
  await shop.close();
  temp.cleanup();
});

describe('scrapeImportedProducts', () => {
  it('fills the empty fields from the page, clears the review mark and keeps the import markers', async () => {
    const url = `${shop.base}/pages/jsonld-product.html`;
    const id = await imported(url);
    const before = await read(id);
    expect(before?.slug.startsWith(productSlugBase(productNameFromUrl(url)))).toBe(true);

    expect(await scrapeImportedProducts(temp.database, [id], { allowedHosts: [shop.hostPort], actor })).toEqual({ scraped: 1, failed: 0 });
    const row = await read(id);
    expect(row).toMatchObject({
      name: 'PulseFit Recovery Massage Gun Pro',
      price: 1299.99,
      imageUrl: `${shop.base}/images/massage-gun-main.jpg`,
      rating: 4.6,
      description: '<p>Quiet percussion massager with six heads &amp; a 5-hour battery.</p>',
      specifications: { Weight: '1.1 kg', Speeds: '5' },
      status: 'draft',
    });
    expect(row?.attributes).toMatchObject({ csvImport: true, csvRow: 2, brand: 'PulseFit', sku: 'PF-MG-PRO', currency: 'USD', scrape: { outcome: 'json-ld' } });
    expect(row?.attributes.needs_review).toBeUndefined();
    // The slug was the URL guess's, so it follows the real name now.
    expect(row?.slug).toBe('pulsefit-recovery-massage-gun-pro');
    const audit = await temp.database.run((db) => db.select().from(auditLog).where(eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'product.scrape', userEmail: 'importer@example.com' });
    expect(audit[0]?.summary).toContain('PulseFit Recovery Massage Gun Pro');
  });

  it('never overwrites what the row gave: price, description, rating, image, specifications, SKU and a chosen slug', async () => {
    const url = `${shop.base}/pages/jsonld-product.html?kept`;
    const id = await imported(url, {
      slug: 'my-own-slug',
      price: 49,
      description: '<p>Our words</p>',
      rating: 3,
      imageUrl: 'https://cdn.repwell.test/own.jpg',
      specifications: { Weight: '1 kg' },
      attributes: { needs_review: 'no-title', sku: 'ROW-SKU' },
    });
    expect((await scrapeImportedProducts(temp.database, [id], { allowedHosts: [shop.hostPort] })).scraped).toBe(1);
    const row = await read(id);
    expect(row).toMatchObject({
      name: 'PulseFit Recovery Massage Gun Pro',
      slug: 'my-own-slug',
      price: 49,
      description: '<p>Our words</p>',
      rating: 3,
      imageUrl: 'https://cdn.repwell.test/own.jpg',
      specifications: { Weight: '1 kg', Speeds: '5' },
    });
    expect(row?.attributes.sku).toBe('ROW-SKU');
    // Without an admin, the audit entry names the import job.
    const [entry] = await temp.database.run((db) => db.select().from(auditLog).where(eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ userEmail: 'csv-import-scrape', userId: null });
  });

  it('counts failures and leaves those products as they were: an error page, a short page, a hostile redirect, a gone product', async () => {
    const ids = [
      await imported(`${shop.base}/pages/no-such-page.html`),
      await imported(`${shop.base}/pages/short-page.html`),
      await imported(`${shop.base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`),
      await imported('http://10.0.0.1/products/rowing-machine'),
    ];
    const before = await temp.database.run((db) => db.select().from(products).where(inArray(products.id, ids)));
    const good = await imported(`${shop.base}/pages/opengraph-product.html`);
    const outcome = await scrapeImportedProducts(temp.database, [...ids, 999_999, good], { allowedHosts: [shop.hostPort] });
    expect(outcome).toEqual({ scraped: 1, failed: 5 });
    const after = await temp.database.run((db) => db.select().from(products).where(inArray(products.id, ids)));
    expect(after).toEqual(before);
    expect((await read(good))?.name).toBe('Iron Den Adjustable Dumbbell 25 kg');
  });

  it.each([
    ['3 pages at once when asked', 3, 10],
    ['4 pages at once by default', undefined, 12],
  ])('fetches at most %s', async (_name, concurrency, count) => {
    const slowShop = await startScrapeFixtures();
    try {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push(await imported(`${slowShop.base}/slow/pages/microdata-product.html?n=${i}`));
      const outcome = await scrapeImportedProducts(temp.database, ids, { allowedHosts: [slowShop.hostPort], concurrency });
      expect(outcome).toEqual({ scraped: count, failed: 0 });
      expect(slowShop.maxInFlight()).toBeLessThanOrEqual(concurrency ?? 4);
      expect(slowShop.maxInFlight()).toBeGreaterThan(1);
      const names = await temp.database.run((db) => db.select({ name: products.name, slug: products.slug }).from(products).where(inArray(products.id, ids)));
      expect(new Set(names.map((row) => row.name))).toEqual(new Set(['Cork Yoga Block Pair']));
      // Parallel renames to the same name each get a free slug.
      expect(new Set(names.map((row) => row.slug)).size).toBe(count);
    } finally {
      await slowShop.close();
    }
  });

  it('does nothing for an empty list', async () => {
    expect(await scrapeImportedProducts(temp.database, [])).toEqual({ scraped: 0, failed: 0 });
  });
});
