/**
 * GET /api/admin/products, POST /api/admin/products/bulk and DELETE /api/admin/products/:id over HTTP against a real
 * libSQL file (issue 10, points 3, 8 and 10): who may call them, the guards, bad input answered with 4xx (never a
 * 500), paging, search, filters and sorting, each bulk action's effect on the stored rows, one audit entry per
 * action, the delete order of spec section 7, and the rebuild request.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { affiliateLinks, auditLog, categories, productAnalytics, products, siteBuilds, wishlists, type NewProduct } from '../../db/schema.ts';
import { bulkTexts } from '../../src/domain/admin/product-bulk.ts';
import { productListTexts, type ProductList } from '../../src/domain/admin/product-list.ts';
import { createUser } from '../../src/server/accounts.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import type { Browser, LocalApi } from '../helpers/local-api.ts';
import { startLocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let ids: Record<string, number>;
let categoryIds: Record<string, number>;

const run = <T,>(work: (db: Db) => Promise<T>) => api.temp.database.run(work);

const BASE_TIME = Date.UTC(2026, 0, 1);

/** 24 plain products plus six with names and codes the search tests look for. */
function fixtureProducts(categoryOf: (slug: string) => number): (NewProduct & { slug: string })[] {
  const widgets = Array.from({ length: 24 }, (_, index) => {
    const n = index + 1;
    const code = String(n).padStart(5, '0');
    return {
      name: `Widget ${String(n).padStart(2, '0')}`,
      slug: `widget-${n}`,
      price: 10 * ((n % 5) + 1),
      rating: n % 3 === 0 ? null : (n % 5) + 0.5,
      inStock: n % 4 !== 0,
      categoryId: categoryOf(n % 2 === 0 ? 'recovery-tools' : 'yoga-mats'),
      clickCount: n,
      attributes: { sku: `RW-WID-${code}`, status: 'active' },
      createdAt: new Date(BASE_TIME + n * 60_000),
    };
  });
  const special = [
    { name: 'Foam Roller Pro', slug: 'foam-roller-pro', price: 35, rating: 4.8, categoryId: categoryOf('recovery-tools'), attributes: { sku: 'RW-FOAM-00001', asin: 'B0FOAM0001', status: 'Published', is_featured: true, brand: 'Repwell' } },
    { name: 'Mini foam roller', slug: 'mini-foam-roller', price: 15, categoryId: categoryOf('recovery-tools'), attributes: { sku: 'RW-FOAM-00002', status: 'draft' } },
    { name: 'Yoga Mat Deluxe', slug: 'yoga-mat-deluxe', price: 60, rating: 4.1, inStock: false, categoryId: categoryOf('yoga-mats'), attributes: { asin: 'B0YOGA0001', is_featured: true } },
    { name: '50% Off Resistance Bands', slug: 'resistance-bands', price: 20, categoryId: null, attributes: {} },
    { name: 'Draft Kettlebell', slug: 'draft-kettlebell', price: 80, categoryId: categoryOf('yoga-mats'), attributes: { sku: 'KB-1', status: 'draft', needs_review: 'scrape-failed' } },
    { name: 'Massage Gun', slug: 'massage-gun', price: 120, rating: 3.9, categoryId: categoryOf('recovery-tools'), attributes: { sku: 'rw-mg-1', status: 'published' } },
  ].map((product, index) => ({ ...product, clickCount: 100 + index, createdAt: new Date(BASE_TIME + (30 + index) * 60_000) }));
  return [...widgets, ...special].map((product) => ({ ...product, affiliateUrl: `https://www.example.com/${product.slug}`, updatedAt: product.createdAt }));
}

/** A fresh catalogue for each test that writes: every product and what hangs off it is replaced. */
async function seedCatalogue(): Promise<void> {
  await run((db) =>
    db.transaction(async (tx) => {
      await tx.delete(productAnalytics);
      await tx.delete(wishlists);
      await tx.delete(products);
      await tx.delete(affiliateLinks);
      await tx.delete(categories);
      await tx.delete(auditLog);
      await tx.delete(siteBuilds);
      const cats = await tx
        .insert(categories)
        .values([
          { name: 'Recovery Tools', slug: 'recovery-tools' },
          { name: 'Yoga Mats', slug: 'yoga-mats' },
          { name: 'Empty Shelf', slug: 'empty-shelf' },
        ])
        .returning({ id: categories.id, slug: categories.slug });
      categoryIds = Object.fromEntries(cats.map((cat) => [cat.slug, cat.id]));
      const rows = await tx
        .insert(products)
        .values(fixtureProducts((slug) => categoryIds[slug]!))
        .returning({ id: products.id, slug: products.slug });
      ids = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
    }),
  );
}

async function list(query = ''): Promise<ProductList> {
  const response = await admin.fetch(`/api/admin/products${query ? `?${query}` : ''}`);
  expect(response.status, query).toBe(200);
  return (await response.json()) as ProductList;
}
const names = async (query: string) => (await list(query)).rows.map((row) => row.name);

const bulk = (json: unknown, browser: Browser = admin) => browser.fetch('/api/admin/products/bulk', { method: 'POST', json });
const productRow = (slug: string) => run((db) => db.select().from(products).where(eq(products.slug, slug)).get());
const auditRows = () => run((db) => db.select().from(auditLog).orderBy(asc(auditLog.id)));
const buildRequests = (reason: string) => run((db) => db.select().from(siteBuilds).where(eq(siteBuilds.reason, reason)));

/** The rebuild request is written beside the answer (waitUntil), so the test waits for it rather than assuming it. */
async function waitForBuildRequests(reason: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await buildRequests(reason)).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} rebuild requests for "${reason}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  await seedCatalogue();
});
afterAll(() => api.close());

describe('who may call the products endpoints', () => {
  it('answers 401 to a visitor and 403 Access Denied to a plain user, and changes nothing', async () => {
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/products' });
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/products/bulk', json: { action: 'delete', ids: [ids['widget-1']] } });
    await expectAdminOnly(api, { method: 'DELETE', path: `/api/admin/products/${ids['widget-2']}` });
    expect(await productRow('widget-1')).toBeDefined();
    expect(await productRow('widget-2')).toBeDefined();
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a cross-site bulk action (403), a form body (415) and broken JSON (400)', async () => {
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/products/bulk', json: { action: 'delete', ids: [ids['widget-1']] } });
    expect(await productRow('widget-1')).toBeDefined();
  });

  it('refuses a cross-site delete (403)', async () => {
    const response = await admin.fetch(`/api/admin/products/${ids['widget-1']}`, { method: 'DELETE', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect(await productRow('widget-1')).toBeDefined();
  });
});

describe('listing', () => {
  it('lists every product whatever its status, newest first, 25 a page, with the total', async () => {
    const first = await list();
    expect(first.total).toBe(30);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(25);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.name).toBe('Massage Gun');
    expect(first.rows.map((row) => row.status)).toContain('draft');
    expect(first.rows.find((row) => row.slug === 'foam-roller-pro')).toEqual({
      id: ids['foam-roller-pro'],
      name: 'Foam Roller Pro',
      slug: 'foam-roller-pro',
      sku: 'RW-FOAM-00001',
      asin: 'B0FOAM0001',
      imageUrl: null,
      price: 35,
      salePrice: null,
      rating: 4.8,
      status: 'published',
      inStock: true,
      availability: true,
      isFeatured: true,
      needsReview: null,
      health: null,
      // Inserted directly, as no write path would: never checked, so stale (the site shows no amount).
      priceCheckedAt: null,
      priceSource: null,
      priceStale: true,
      priceCheckError: null,
      category: { id: categoryIds['recovery-tools'], name: 'Recovery Tools', slug: 'recovery-tools' },
      // Figures are counted from the events of the range (the last 30 days here), never the stored counter.
      clickCount: 0,
      conversionCount: 0,
      revenueCents: 0,
      createdAt: new Date(BASE_TIME + 30 * 60_000).toISOString(),
      updatedAt: new Date(BASE_TIME + 30 * 60_000).toISOString(),
    });
    const second = await list('page=2');
    expect(second.rows.map((row) => row.name)).toEqual(['Widget 05', 'Widget 04', 'Widget 03', 'Widget 02', 'Widget 01']);
    expect(second.total).toBe(30);
    // Past the end: no rows, the same total, so the screen can step back.
    expect(await list('page=3')).toEqual({ rows: [], total: 30, page: 3, pageSize: 25, range: expect.objectContaining({ preset: 30 }) });
    expect((await list('pageSize=50')).rows).toHaveLength(30);
  });

  it('searches names case-insensitively anywhere in them', async () => {
    expect(await names('search=FOAM%20roller&sort=name')).toEqual(['Foam Roller Pro', 'Mini foam roller']);
    expect(await names('search=deluxe')).toEqual(['Yoga Mat Deluxe']);
    // % and _ are matched literally, not as wildcards.
    expect(await names('search=50%25')).toEqual(['50% Off Resistance Bands']);
    expect(await names('search=0%25')).toEqual(['50% Off Resistance Bands']);
    expect(await names('search=_')).toEqual([]);
  });

  it('finds SKUs and ASINs exactly or by their beginning, in any case', async () => {
    expect(await names('search=RW-FOAM-00002')).toEqual(['Mini foam roller']);
    expect(await names('search=rw-foam&sort=name')).toEqual(['Foam Roller Pro', 'Mini foam roller']);
    expect(await names('search=B0YOGA0001')).toEqual(['Yoga Mat Deluxe']);
    expect(await names('search=b0foam')).toEqual(['Foam Roller Pro']);
    expect(await names('search=RW-MG')).toEqual(['Massage Gun']);
    expect((await list('search=RW-WID')).total).toBe(24);
    // The middle of a code is not a match: codes are looked up by their beginning.
    expect(await names('search=FOAM-00001')).toEqual([]);
  });

  it('filters by category id or slug, status, stock and featured, alone and together', async () => {
    expect((await list(`category=${categoryIds['recovery-tools']}`)).total).toBe(15);
    expect((await list('category=recovery-tools')).total).toBe(15);
    expect((await list('category=empty-shelf')).total).toBe(0);
    expect((await list('category=no-such-category')).total).toBe(0);
    expect(await names('status=draft&sort=name')).toEqual(['Draft Kettlebell', 'Mini foam roller']);
    expect(await names('status=published&sort=name')).toEqual(['Foam Roller Pro', 'Massage Gun']);
    expect((await list('status=active')).total).toBe(26);
    expect(await names('stock=out&sort=name')).toEqual(['Widget 04', 'Widget 08', 'Widget 12', 'Widget 16', 'Widget 20', 'Widget 24', 'Yoga Mat Deluxe']);
    expect((await list('stock=in')).total).toBe(23);
    expect(await names('featured=true&sort=name')).toEqual(['Foam Roller Pro', 'Yoga Mat Deluxe']);
    expect((await list('featured=false')).total).toBe(28);
    expect(await names('category=yoga-mats&stock=out&featured=true')).toEqual(['Yoga Mat Deluxe']);
    expect(await names('category=recovery-tools&status=draft&search=foam')).toEqual(['Mini foam roller']);
    const review = await list('review=needed');
    expect(review.rows.map((row) => [row.name, row.needsReview])).toEqual([['Draft Kettlebell', 'scrape-failed']]);
  });

  it('sorts by each column both ways, ties broken by id, unrated products last', async () => {
    const byPrice = (await list('sort=price&dir=asc&pageSize=100')).rows;
    for (let i = 1; i < byPrice.length; i++) {
      const [a, b] = [byPrice[i - 1]!, byPrice[i]!];
      expect(a.price < b.price || (a.price === b.price && a.id < b.id), `${a.name} before ${b.name}`).toBe(true);
    }
    const byPriceDesc = (await list('sort=price&dir=desc&pageSize=100')).rows;
    expect(byPriceDesc[0]!.name).toBe('Massage Gun');
    expect(byPriceDesc.map((row) => row.id)).toEqual([...byPrice].sort((a, b) => b.price - a.price || b.id - a.id).map((row) => row.id));

    expect((await names('sort=name&pageSize=100')).slice(0, 4)).toEqual(['50% Off Resistance Bands', 'Draft Kettlebell', 'Foam Roller Pro', 'Massage Gun']);
    expect((await names('sort=name&dir=desc')).slice(0, 2)).toEqual(['Yoga Mat Deluxe', 'Widget 24']);

    for (const dir of ['asc', 'desc']) {
      const ratings = (await list(`sort=rating&dir=${dir}&pageSize=100`)).rows.map((row) => row.rating);
      const rated = ratings.filter((rating) => rating !== null);
      expect(ratings.slice(rated.length).every((rating) => rating === null), `unrated last (${dir})`).toBe(true);
      expect(rated).toEqual([...rated].sort((a, b) => (dir === 'asc' ? a! - b! : b! - a!)));
    }
    expect((await names('sort=clicks')).slice(0, 2)).toEqual(['Massage Gun', 'Draft Kettlebell']);
    expect((await names('sort=created&dir=asc')).slice(0, 2)).toEqual(['Widget 01', 'Widget 02']);
    expect((await list('sort=updated&dir=asc')).rows[0]!.name).toBe('Widget 01');
  });

  it.each([
    ['page=0', productListTexts.pageInvalid],
    ['page=x', productListTexts.pageInvalid],
    ['pageSize=7', productListTexts.pageSizeInvalid],
    ['sort=bogus', productListTexts.sortInvalid],
    ['dir=sideways', productListTexts.dirInvalid],
    ['status=archived', productListTexts.statusInvalid],
    ['stock=2', productListTexts.stockInvalid],
    ['featured=1', productListTexts.featuredInvalid],
    ['category=%27%3B%20drop%20table%20products', productListTexts.categoryInvalid],
    [`search=${'x'.repeat(101)}`, productListTexts.searchTooLong],
    ['limit=10', 'Unknown parameter: limit.'],
  ])('answers 422 naming the parameter for %s', async (query, description) => {
    const response = await admin.fetch(`/api/admin/products?${query}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title: productListTexts.invalidQuery, description } });
  });
});

describe('bulk actions', () => {
  beforeEach(seedCatalogue);

  it('publishes the chosen products in one go, says how many were already published, and logs one audit entry', async () => {
    const chosen = [ids['widget-1']!, ids['mini-foam-roller']!, ids['foam-roller-pro']!];
    const response = await bulk({ action: 'publish', ids: chosen });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      action: 'publish',
      matched: 3,
      changed: 2,
      unchanged: 1,
      missing: 0,
      title: 'Published 2 products',
      description: '1 was already published.',
      undoJobId: expect.any(Number),
    });
    expect((await productRow('widget-1'))!.status).toBe('published');
    expect((await productRow('mini-foam-roller'))!.attributes).toEqual({ sku: 'RW-FOAM-00002', status: 'published' });
    // Other attributes stay as they were: the status changes in SQL, not by rewriting the object.
    expect((await productRow('foam-roller-pro'))!.attributes).toEqual({ sku: 'RW-FOAM-00001', asin: 'B0FOAM0001', status: 'Published', is_featured: true, brand: 'Repwell' });
    expect((await productRow('widget-2'))!.status).toBe('active');
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    const changed = [ids['widget-1']!, ids['mini-foam-roller']!].sort((a, b) => a - b);
    expect(audit[0]).toMatchObject({ action: 'products.bulk.publish', entityType: 'product', entityId: null, summary: `Published 2 products (ids ${changed.join(', ')})` });
    await waitForBuildRequests('products bulk publish', 1);
    expect((await buildRequests('products bulk publish'))[0]).toMatchObject({ status: 'queued', target: 'local' });
  });

  it('unpublishes to draft, and bumps updated_at only on the rows it changed', async () => {
    const before = (await productRow('widget-3'))!.updatedAt;
    const response = await bulk({ action: 'unpublish', ids: [ids['widget-3'], ids['draft-kettlebell']] });
    expect(await response.json()).toMatchObject({ title: 'Unpublished 1 product', description: '1 was already a draft.' });
    expect((await productRow('widget-3'))!.status).toBe('draft');
    expect((await productRow('widget-3'))!.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    expect((await productRow('draft-kettlebell'))!.updatedAt.getTime()).toBe(BASE_TIME + 34 * 60_000);
  });

  it('applies an action to everything matching a filter, across pages', async () => {
    const response = await bulk({ action: 'feature', allMatching: { category: 'recovery-tools', stock: 'in' } });
    expect(await response.json()).toMatchObject({ matched: 9, changed: 8, unchanged: 1, title: 'Featured 8 products', description: '1 was already featured.' });
    expect((await list('featured=true&pageSize=100')).total).toBe(10);
    expect((await list('category=recovery-tools&stock=in&featured=false')).total).toBe(0);
    expect((await productRow('widget-4'))!.isFeatured).toBe(false); // out of stock: not matched
    expect(await auditRows()).toHaveLength(1);
    // A search filter selects exactly what the list shows for it.
    const searched = await (await bulk({ action: 'out-of-stock', allMatching: { search: 'foam' } })).json();
    expect(searched).toMatchObject({ matched: 2, changed: 2, title: 'Marked 2 products out of stock' });
  });

  it('unfeatures, marks in and out of stock', async () => {
    expect(await (await bulk({ action: 'unfeature', ids: [ids['yoga-mat-deluxe'], ids['widget-1']] })).json()).toMatchObject({
      title: 'Removed 1 product from featured',
      description: '1 was not featured.',
    });
    expect((await productRow('yoga-mat-deluxe'))!.isFeatured).toBe(false);
    expect(await (await bulk({ action: 'in-stock', allMatching: { stock: 'out' } })).json()).toMatchObject({ changed: 7, title: 'Marked 7 products in stock' });
    expect((await list('stock=out')).total).toBe(0);
    expect(await (await bulk({ action: 'out-of-stock', ids: [ids['widget-1']] })).json()).toMatchObject({ title: 'Marked 1 product out of stock' });
    expect((await productRow('widget-1'))!.inStock).toBe(false);
    expect((await auditRows()).map((row) => row.action)).toEqual(['products.bulk.unfeature', 'products.bulk.in-stock', 'products.bulk.out-of-stock']);
    // A single product's entry names it.
    expect((await auditRows())[2]).toMatchObject({ entityId: String(ids['widget-1']), summary: `Marked 1 product out of stock (id ${ids['widget-1']})` });
  });

  it('moves products to an existing category, and refuses one that does not exist with nothing changed', async () => {
    const moved = await bulk({ action: 'move', categoryId: categoryIds['empty-shelf'], ids: [ids['widget-1'], ids['resistance-bands']] });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ changed: 2, title: 'Moved 2 products to Empty Shelf', description: '' });
    expect((await list('category=empty-shelf&sort=name')).rows.map((row) => row.name)).toEqual(['50% Off Resistance Bands', 'Widget 01']);

    const missing = await bulk({ action: 'move', categoryId: 999_999, ids: [ids['widget-2']] });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ error: { title: bulkTexts.failed, description: bulkTexts.categoryNotFound } });
    expect((await productRow('widget-2'))!.categoryId).toBe(categoryIds['recovery-tools']);
    expect(await auditRows()).toHaveLength(1);
  });

  it('counts ids that no longer exist, and writes nothing (no audit, no rebuild) when nothing changes', async () => {
    const response = await bulk({ action: 'publish', ids: [ids['foam-roller-pro'], 999_998, 999_999] });
    expect(await response.json()).toEqual({
      action: 'publish',
      matched: 1,
      changed: 0,
      unchanged: 1,
      missing: 2,
      title: 'Published 0 products',
      description: '1 was already published. 2 no longer exist.',
      undoJobId: null,
    });
    expect(await auditRows()).toEqual([]);
    expect(await buildRequests('products bulk publish')).toEqual([]);
  });

  it('deletes the analytics rows, the products, their wishlist entries and the affiliate links nothing else uses', async () => {
    const user = await createUser(api.temp.database, { email: 'shopper@example.com', password: 'shopper password 1' });
    const [sharedLink, ownLink] = await run((db) =>
      db
        .insert(affiliateLinks)
        .values([{ originalUrl: 'https://www.example.com/shared' }, { originalUrl: 'https://www.example.com/own' }])
        .returning({ id: affiliateLinks.id }),
    );
    await run(async (db) => {
      await db.update(products).set({ affiliateLinkId: sharedLink!.id }).where(inArray(products.id, [ids['widget-1']!, ids['widget-2']!]));
      await db.update(products).set({ affiliateLinkId: ownLink!.id }).where(eq(products.id, ids['widget-3']!));
      await db.insert(productAnalytics).values([
        { productId: ids['widget-1']!, eventType: 'view' },
        { productId: ids['widget-1']!, eventType: 'click' },
        { productId: ids['widget-3']!, eventType: 'conversion', revenueCents: 1299 },
        { productId: ids['widget-5']!, eventType: 'view' },
      ]);
      await db.insert(wishlists).values({ userId: user!.id, productId: ids['widget-3']! });
    });

    const response = await bulk({ action: 'delete', ids: [ids['widget-1'], ids['widget-3']] });
    expect(await response.json()).toMatchObject({ matched: 2, changed: 2, title: 'Deleted 2 products', description: '' });
    expect(await productRow('widget-1')).toBeUndefined();
    expect(await productRow('widget-3')).toBeUndefined();
    const analytics = await run((db) => db.select({ productId: productAnalytics.productId }).from(productAnalytics));
    expect(analytics).toEqual([{ productId: ids['widget-5'] }]);
    expect(await run((db) => db.select().from(wishlists))).toEqual([]);
    // widget-2 still uses the shared link; the link only widget-3 used is gone.
    const links = await run((db) => db.select({ id: affiliateLinks.id }).from(affiliateLinks).orderBy(asc(affiliateLinks.id)));
    expect(links).toEqual([{ id: sharedLink!.id }]);
    expect((await auditRows())[0]).toMatchObject({ action: 'products.bulk.delete', summary: `Deleted 2 products (ids ${[ids['widget-1'], ids['widget-3']].sort((a, b) => a! - b!).join(', ')})` });
    expect((await list()).total).toBe(28);
  });

  it('deletes everything matching a filter', async () => {
    const response = await bulk({ action: 'delete', allMatching: { status: 'draft' } });
    expect(await response.json()).toMatchObject({ changed: 2, title: 'Deleted 2 products' });
    expect((await list('status=draft')).total).toBe(0);
    expect((await list()).total).toBe(28);
  });

  it.each([
    ['no ids', { action: 'publish', ids: [] }, bulkTexts.idsRequired],
    ['no target', { action: 'publish' }, bulkTexts.targetRequired],
    ['move without a category', { action: 'move', ids: [1] }, bulkTexts.categoryRequired],
    ['an unknown action', { action: 'explode', ids: [1] }, bulkTexts.actionInvalid],
    ['a text id', { action: 'publish', ids: ['1; drop table products'] }, bulkTexts.idInvalid],
    ['an unknown status filter', { action: 'publish', allMatching: { status: 'gone' } }, productListTexts.statusInvalid],
    ['10,001 ids', { action: 'publish', ids: Array.from({ length: 10_001 }, (_, index) => index + 1) }, bulkTexts.idsTooMany],
    ['null', null, 'Invalid input: expected object, received null'],
  ])('answers 422 with the broken rule: %s', async (_label, body, description) => {
    const response = await bulk(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title: bulkTexts.failed, description } });
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a body past 200 KB with 413', async () => {
    const response = await admin.fetch('/api/admin/products/bulk', { method: 'POST', body: JSON.stringify({ action: 'publish', ids: [1], pad: 'x'.repeat(210 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
  });
});

describe('deleting one product', () => {
  beforeEach(seedCatalogue);

  it('removes its analytics rows first, then the product, logs it and requests a rebuild', async () => {
    const id = ids['massage-gun']!;
    await run((db) => db.insert(productAnalytics).values([{ productId: id, eventType: 'view' }, { productId: id, eventType: 'click' }]));
    const response = await admin.fetch(`/api/admin/products/${id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, name: 'Massage Gun', undoJobId: expect.any(Number) });
    expect(await productRow('massage-gun')).toBeUndefined();
    expect(await run((db) => db.select().from(productAnalytics).where(eq(productAnalytics.productId, id)))).toEqual([]);
    expect(await auditRows()).toMatchObject([{ action: 'product.delete', entityType: 'product', entityId: String(id), summary: 'Deleted "Massage Gun"' }]);
    await waitForBuildRequests('product deleted', 1);
  });

  it.each(['999999', 'abc', '0', '1.5'])('answers 404 for /api/admin/products/%s and changes nothing', async (id) => {
    const response = await admin.fetch(`/api/admin/products/${id}`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { title: bulkTexts.productNotFound, description: bulkTexts.productNotFoundDescription } });
    expect((await list()).total).toBe(30);
    expect(await auditRows()).toEqual([]);
  });

  it('answers 404 the second time', async () => {
    expect((await admin.fetch(`/api/admin/products/${ids['widget-9']}`, { method: 'DELETE' })).status).toBe(200);
    expect((await admin.fetch(`/api/admin/products/${ids['widget-9']}`, { method: 'DELETE' })).status).toBe(404);
    expect(await run((db) => db.select({ n: sql<number>`count(*)` }).from(auditLog).where(and(eq(auditLog.action, 'product.delete'))))).toEqual([{ n: 1 }]);
  });
});
