/**
 * Every price carries its age, over HTTP against a real libSQL file: each write that sets a price or stock records
 * when and by what it was checked (admin create and edit, bulk stock changes and their undo, the CSV import), the
 * history keeps the last 30 checks, recordPriceCheck (the refresh job's entry point) refuses values no retailer gives,
 * and the admin sees the ages: the list's 'Price checked' filter, the overview's figures and a product's history.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { categories, priceChecks, products } from '../../db/schema.ts';
import { priceHistorySchema, priceOverviewSchema, priceTexts } from '../../src/domain/admin/prices.ts';
import { productListSchema } from '../../src/domain/admin/product-list.ts';
import { PRICE_HISTORY_LIMIT } from '../../src/domain/prices/price-check.ts';
import { PriceCheckError, recordPriceCheck, recordPriceCheckFailure } from '../../src/server/prices/price-checks.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;

const HOUR = 3_600_000;
const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const productRow = (id: number) => db((d) => d.select().from(products).where(eq(products.id, id)).get());
const history = (id: number) => db((d) => d.select().from(priceChecks).where(eq(priceChecks.productId, id)).orderBy(asc(priceChecks.id)));

async function createProduct(json: Record<string, unknown>): Promise<number> {
  const response = await admin.fetch('/api/admin/products', {
    method: 'POST',
    json: { affiliateUrl: `https://www.amazon.com/dp/B0${randomUUID().slice(0, 8).toUpperCase()}`, ...json },
  });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()).product.id;
}

/** The form's fields for a product: name, link, price and stock; the rest keep their defaults. */
async function editProduct(id: number, changes: Record<string, unknown>): Promise<void> {
  const row = (await productRow(id))!;
  const json = { name: row.name, affiliateUrl: row.affiliateUrl, price: row.price, salePrice: row.salePrice, inStock: row.inStock, ...changes };
  const response = await admin.fetch(`/api/admin/products/${id}`, { method: 'PUT', json });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
}

/** A product as a job finds it: never checked. */
async function uncheckedProduct(name: string, price: number): Promise<number> {
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 6)}`;
  const [row] = await db((d) =>
    d
      .insert(products)
      .values({ name, slug, price, affiliateUrl: `https://www.amazon.com/dp/B0${randomUUID().slice(0, 8).toUpperCase()}` })
      .returning({ id: products.id }),
  );
  return row!.id;
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  await db((d) => d.insert(categories).values({ name: 'Uncategorized', slug: 'uncategorized', showInNavigation: false }));
});
afterAll(() => api.close());

describe('the admin product form', () => {
  it("dates a new product's price as an admin check, with one history row", async () => {
    const before = Date.now();
    const id = await createProduct({ name: 'Stamped Foam Roller', price: 39.99, salePrice: 29.99 });
    const row = await productRow(id);
    expect(row?.priceSource).toBe('admin');
    expect(row!.priceCheckedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await history(id)).toMatchObject([{ price: 39.99, salePrice: 29.99, inStock: true, source: 'admin' }]);
  });

  it('records a check when an edit changes the price or stock, and none when it changes neither', async () => {
    const id = await createProduct({ name: 'Edited Massage Gun', price: 100 });
    await editProduct(id, { name: 'Edited Massage Gun Pro' });
    expect(await history(id)).toHaveLength(1);
    await editProduct(id, { price: 120 });
    await editProduct(id, { inStock: false });
    expect((await history(id)).map((check) => [check.price, check.inStock])).toEqual([
      [100, true],
      [120, true],
      [120, false],
    ]);
  });
});

describe('bulk stock changes and their undo', () => {
  it('record stock alone: a history row without a price, and the price keeps its stamp', async () => {
    const id = await createProduct({ name: 'Bulk Stock Yoga Mat', price: 25 });
    const stamped = (await productRow(id))!.priceCheckedAt!.getTime();
    const response = await admin.fetch('/api/admin/products/bulk', { method: 'POST', json: { action: 'out-of-stock', ids: [id] } });
    expect(response.status).toBe(200);
    const { undoJobId } = await response.json();
    expect(await history(id)).toMatchObject([{ price: 25 }, { price: null, salePrice: null, inStock: false, source: 'admin' }]);
    expect((await productRow(id))!.priceCheckedAt!.getTime()).toBe(stamped);

    expect((await admin.fetch(`/api/admin/undo/${undoJobId}`, { method: 'POST', json: {} })).status).toBe(200);
    expect((await history(id)).at(-1)).toMatchObject({ price: null, inStock: true, source: 'admin' });
    expect((await productRow(id))!.inStock).toBe(true);
  });
});

describe('the CSV import', () => {
  it('dates a price the file gives as an import check, and leaves a product without a price never checked', async () => {
    const importId = randomUUID();
    const rows = [
      {
        rowNumber: 2,
        values: { affiliate_link: 'https://shop.example.com/item/priced-band', title: 'Priced Resistance Band', price: '19.50', sku: 'PRICE-CSV-1' },
      },
      { rowNumber: 3, values: { affiliate_link: 'https://shop.example.com/item/unpriced-band', title: 'Unpriced Resistance Band', sku: 'PRICE-CSV-2' } },
    ];
    const response = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: 0, rows } });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    const priced = await db((d) => d.select().from(products).where(eq(products.sku, 'PRICE-CSV-1')).get());
    const unpriced = await db((d) => d.select().from(products).where(eq(products.sku, 'PRICE-CSV-2')).get());
    expect(priced).toMatchObject({ price: 19.5, priceSource: 'import' });
    expect(priced!.priceCheckedAt).not.toBeNull();
    expect(await history(priced!.id)).toMatchObject([{ price: 19.5, source: 'import' }]);
    expect(unpriced).toMatchObject({ priceCheckedAt: null, priceSource: null });
    expect(await history(unpriced!.id)).toMatchObject([{ price: null, source: 'import' }]);
  });
});

describe('recordPriceCheck, the refresh job’s entry point', () => {
  it('sets price, sale price, stock and stamp, clears a failure, and keeps the last 30 checks', async () => {
    const id = await uncheckedProduct('Refreshed Kettlebell', 50);
    await recordPriceCheckFailure(api.temp.database, id, { error: 'item not available', at: new Date() });
    expect((await productRow(id))!.priceCheckError).toBe('item not available');
    const start = Date.now() - 40 * HOUR;
    for (let i = 0; i < 35; i++) {
      const ok = await recordPriceCheck(api.temp.database, id, {
        price: 50 + i,
        salePrice: null,
        inStock: i % 2 === 0,
        source: 'creators-api',
        checkedAt: new Date(start + i * HOUR),
      });
      expect(ok).toBe(true);
    }
    const row = await productRow(id);
    expect(row).toMatchObject({ price: 84, salePrice: null, inStock: true, priceSource: 'creators-api', priceCheckError: null, priceCheckFailedAt: null });
    expect(row!.priceCheckedAt!.getTime()).toBe(start + 34 * HOUR);
    const kept = await history(id);
    expect(kept).toHaveLength(PRICE_HISTORY_LIMIT);
    expect(kept.map((check) => check.price)).toEqual(Array.from({ length: 30 }, (_, i) => 55 + i));

    // A check that arrives late (older than the stamp) joins the history but never turns the product back.
    await recordPriceCheck(api.temp.database, id, {
      price: 1,
      salePrice: null,
      inStock: false,
      source: 'retailer-page',
      checkedAt: new Date(start + 33.5 * HOUR),
    });
    expect(await productRow(id)).toMatchObject({ price: 84, inStock: true, priceSource: 'creators-api' });
  });

  it('refuses a negative or missing price, an unknown source and a time in the future, and writes nothing', async () => {
    const id = await createProduct({ name: 'Guarded Dumbbell', price: 30 });
    const before = await history(id);
    const good = { price: 30, salePrice: null, inStock: true, source: 'creators-api' as const, checkedAt: new Date() };
    await expect(recordPriceCheck(api.temp.database, id, { ...good, price: -1 })).rejects.toBeInstanceOf(PriceCheckError);
    await expect(recordPriceCheck(api.temp.database, id, { ...good, price: Number.NaN })).rejects.toBeInstanceOf(PriceCheckError);
    await expect(recordPriceCheck(api.temp.database, id, { ...good, source: 'scraper' as never })).rejects.toBeInstanceOf(PriceCheckError);
    await expect(recordPriceCheck(api.temp.database, id, { ...good, checkedAt: new Date(Date.now() + 24 * HOUR) })).rejects.toBeInstanceOf(PriceCheckError);
    expect(await history(id)).toEqual(before);
    expect(await recordPriceCheck(api.temp.database, 999_999, good)).toBe(false);
  });
});

describe('the admin sees price ages', () => {
  it('the overview counts stale and failing prices, says when the refresh last ran (never yet), and takes a new limit', async () => {
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/prices' });
    await expectAdminOnly(api, { method: 'PUT', path: '/api/admin/prices', json: { staleAfterHours: 12 } });
    await expectWriteGuards(admin, { method: 'PUT', path: '/api/admin/prices', json: { staleAfterHours: 12 } });
    const fresh = await uncheckedProduct('Six Hours Old Bench', 80);
    await recordPriceCheck(api.temp.database, fresh, {
      price: 80,
      salePrice: null,
      inStock: true,
      source: 'creators-api',
      checkedAt: new Date(Date.now() - 6 * HOUR),
    });

    const overview = priceOverviewSchema.parse(await (await admin.fetch('/api/admin/prices')).json());
    expect(overview).toMatchObject({ staleAfterHours: 24, lastRefreshAt: null });
    for (const hours of [0, 25, 1.5, '6']) {
      const refused = await admin.fetch('/api/admin/prices', { method: 'PUT', json: { staleAfterHours: hours } });
      expect(refused.status, String(hours)).toBe(422);
      expect((await refused.json()).error.title).toBe(priceTexts.settingsFailed);
    }
    const saved = await admin.fetch('/api/admin/prices', { method: 'PUT', json: { staleAfterHours: 4 } });
    expect(saved.status).toBe(200);
    const after = priceOverviewSchema.parse(await saved.json());
    // The six-hour-old price is stale under a four-hour limit.
    expect(after.staleAfterHours).toBe(4);
    expect(after.stale).toBeGreaterThan(overview.stale);

    const staleList = productListSchema.parse(await (await admin.fetch('/api/admin/products?price=stale&pageSize=100')).json());
    expect(staleList.rows.find((row) => row.id === fresh)).toMatchObject({ priceStale: true, priceSource: 'creators-api' });
    await admin.fetch('/api/admin/prices', { method: 'PUT', json: { staleAfterHours: 24 } });
    const freshList = productListSchema.parse(await (await admin.fetch('/api/admin/products?price=stale&pageSize=100')).json());
    expect(freshList.rows.some((row) => row.id === fresh)).toBe(false);
  });

  it("the list's failing filter shows a product whose last check failed, and its page shows its history", async () => {
    const id = await createProduct({ name: 'Failing Rower', price: 900 });
    await recordPriceCheckFailure(api.temp.database, id, { error: 'account not eligible', at: new Date() });
    const failing = productListSchema.parse(await (await admin.fetch('/api/admin/products?price=failing')).json());
    expect(failing.rows.map((row) => row.id)).toContain(id);
    expect(failing.rows.find((row) => row.id === id)?.priceCheckError).toBe('account not eligible');
    expect((await admin.fetch('/api/admin/products?price=old')).status).toBe(422);

    await expectAdminOnly(api, { method: 'GET', path: `/api/admin/products/${id}/prices` });
    const answer = priceHistorySchema.parse(await (await admin.fetch(`/api/admin/products/${id}/prices`)).json());
    expect(answer).toMatchObject({ productId: id, priceSource: 'admin', stale: false, priceCheckError: 'account not eligible' });
    expect(answer.checks).toMatchObject([{ price: 900, source: 'admin' }]);
    const missing = await admin.fetch('/api/admin/products/999999/prices');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.title).toBe(priceTexts.productNotFound);
  });

  it('an admin who checked the retailer confirms the price as it stands: stamped now, by admin, with the values they saw', async () => {
    const id = await uncheckedProduct('Confirmed Bench', 149);
    const path = `/api/admin/products/${id}/prices`;
    const seen = { price: 149, salePrice: null, inStock: true };
    await expectAdminOnly(api, { method: 'POST', path, json: seen });
    await expectWriteGuards(admin, { method: 'POST', path, json: seen });
    expect(priceHistorySchema.parse(await (await admin.fetch(path)).json())).toMatchObject({ stale: true, current: seen });

    // Malformed: 422 with the rule; nothing written.
    for (const bad of [{ price: '149', salePrice: null, inStock: true }, { price: 149, inStock: true }, { ...seen, extra: 1 }]) {
      const refused = await admin.fetch(path, { method: 'POST', json: bad });
      expect(refused.status).toBe(422);
    }
    expect(await history(id)).toHaveLength(0);

    // Values that are no longer the stored ones: 409, nothing written.
    const outdated = await admin.fetch(path, { method: 'POST', json: { ...seen, price: 139 } });
    expect(outdated.status).toBe(409);
    expect((await outdated.json()).error).toEqual({ title: priceTexts.confirmFailed, description: priceTexts.confirmChanged });
    expect(await history(id)).toHaveLength(0);

    const before = Date.now();
    const confirmed = await admin.fetch(path, { method: 'POST', json: seen });
    expect(confirmed.status).toBe(200);
    const answer = priceHistorySchema.parse(await confirmed.json());
    expect(answer).toMatchObject({ stale: false, priceSource: 'admin', current: seen });
    expect(new Date(answer.priceCheckedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.checks).toMatchObject([{ price: 149, salePrice: null, inStock: true, source: 'admin' }]);
    expect(await productRow(id)).toMatchObject({ price: 149, priceSource: 'admin' });

    expect((await admin.fetch('/api/admin/products/999999/prices', { method: 'POST', json: seen })).status).toBe(404);
  });
});
