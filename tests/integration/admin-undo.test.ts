/**
 * Undo of bulk actions and deletes over HTTP, through the real functions against a real libSQL file: a bulk action
 * stores the prior values of exactly the rows it changed and POST /api/admin/undo/:id puts them back in one
 * transaction; a later edit of another field does not stop it, one of the same field refuses it and changes nothing;
 * a delete keeps the product a day, comes back with the same id, slug and rows, and is purged after the day.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  affiliateLinks,
  auditLog,
  categories,
  clicks,
  linkHealth,
  pins,
  productAnalytics,
  products,
  productTrash,
  siteBuilds,
  undoJobs,
  users,
  wishlists,
} from '../../db/schema.ts';
import type { AdminOverview } from '../../src/domain/admin/overview.ts';
import type { BulkResult } from '../../src/domain/admin/product-bulk.ts';
import { UNDO_DELETE_WINDOW_MS, undoTexts, type UndoResult } from '../../src/domain/admin/undo.ts';
import { purgeTrash } from '../../src/server/admin/product-trash.ts';
import { expectAdminOnly, signedInAs } from '../helpers/admin-api.ts';
import type { Browser, LocalApi } from '../helpers/local-api.ts';
import { startLocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let budgetIds: number[];
/** The 14 Budget Picks that were out of stock before anything in these tests. */
let outBefore: number[];
let yogaId: number;

const run = <T,>(work: (db: Db) => Promise<T>) => api.temp.database.run(work);
const bulk = (json: unknown) => admin.fetch('/api/admin/products/bulk', { method: 'POST', json });
const undo = (jobId: number | string, browser: Browser = admin) => browser.fetch(`/api/admin/undo/${jobId}`, { method: 'POST', json: {} });

async function bulkOk(json: unknown): Promise<BulkResult> {
  const response = await bulk(json);
  expect(response.status).toBe(200);
  return (await response.json()) as BulkResult;
}

/** Every stored column of every product, for "nothing changed" checks. */
const allProducts = () => run((db) => db.select().from(products).orderBy(asc(products.id)));
const stockOf = async (ids: readonly number[]) => {
  const rows = await run((db) => db.select({ id: products.id, inStock: products.inStock }).from(products).where(inArray(products.id, [...ids])).orderBy(asc(products.id)));
  return { in: rows.filter((row) => row.inStock).map((row) => row.id), out: rows.filter((row) => !row.inStock).map((row) => row.id) };
};
const buildRequests = (reason: string) => run((db) => db.select().from(siteBuilds).where(eq(siteBuilds.reason, reason)));

/** The rebuild request is written beside the answer (waitUntil), so the test waits for it. */
async function waitForBuildRequests(reason: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await buildRequests(reason)).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} rebuild requests for "${reason}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Budget Picks: 92 products, 14 of them out of stock; one more product in another category. */
async function seedCatalogue(): Promise<void> {
  await run((db) =>
    db.transaction(async (tx) => {
      for (const table of [productTrash, undoJobs, productAnalytics, wishlists, linkHealth, pins, clicks, products, affiliateLinks, categories, auditLog, siteBuilds]) await tx.delete(table);
      const [budget, yoga] = await tx
        .insert(categories)
        .values([
          { name: 'Budget Picks', slug: 'budget' },
          { name: 'Yoga Mats', slug: 'yoga-mats' },
        ])
        .returning({ id: categories.id });
      const rows = await tx
        .insert(products)
        .values(
          Array.from({ length: 92 }, (_, index) => ({
            name: `Budget Pick ${index + 1}`,
            slug: `budget-pick-${index + 1}`,
            price: 10 + index,
            // 14 spread through the list were out of stock before the bulk action.
            inStock: !(index % 6 === 1 && index < 84),
            categoryId: budget!.id,
            affiliateUrl: `https://www.example.com/budget-${index + 1}`,
            attributes: { sku: `BP-${index + 1}`, status: index % 2 === 0 ? 'published' : 'active' },
          })),
        )
        .returning({ id: products.id, inStock: products.inStock });
      budgetIds = rows.map((row) => row.id);
      outBefore = rows.filter((row) => !row.inStock).map((row) => row.id);
      const yogaRow = await tx
        .insert(products)
        .values({ name: 'Cork Yoga Mat', slug: 'cork-yoga-mat', categoryId: yoga!.id, affiliateUrl: 'https://www.example.com/cork' })
        .returning({ id: products.id })
        .get();
      yogaId = yogaRow!.id;
    }),
  );
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());
beforeEach(seedCatalogue);

describe('who may undo', () => {
  it('answers 401 to a visitor, 403 to a plain user and to a cross-site request, 415 to a form, and changes nothing', async () => {
    const job = await bulkOk({ action: 'out-of-stock', allMatching: { category: 'budget' } });
    await expectAdminOnly(api, { method: 'POST', path: `/api/admin/undo/${job.undoJobId}`, json: {} });
    const crossSite = await admin.fetch(`/api/admin/undo/${job.undoJobId}`, { method: 'POST', json: {}, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const form = await admin.fetch(`/api/admin/undo/${job.undoJobId}`, { method: 'POST', body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await stockOf(budgetIds)).in).toEqual([]);
  });

  it.each(['999999', 'abc', '0'])('answers 404 for /api/admin/undo/%s', async (id) => {
    const response = await undo(id);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { title: undoTexts.failed, description: undoTexts.notFound } });
  });
});

describe('Budget Picks: 92 selected, 14 already out of stock', () => {
  it('undo of "Mark out of stock" puts back in stock exactly the 78 it changed and leaves the 14 out', async () => {
    expect((await stockOf(budgetIds)).in).toHaveLength(78);
    expect(outBefore).toHaveLength(14);

    const job = await bulkOk({ action: 'out-of-stock', allMatching: { category: 'budget' } });
    expect(job).toMatchObject({ matched: 92, changed: 78, unchanged: 14, title: 'Marked 78 products out of stock' });
    expect((await stockOf(budgetIds)).in).toEqual([]);
    const stored = await run((db) => db.select().from(undoJobs).where(eq(undoJobs.id, job.undoJobId!)).get());
    expect(stored!.changes).toMatchObject({ field: 'inStock', after: false });
    expect((stored!.changes as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual(budgetIds.filter((id) => !outBefore.includes(id)));

    const response = await undo(job.undoJobId!);
    expect(response.status).toBe(200);
    const result = (await response.json()) as UndoResult;
    expect(result).toEqual({ jobId: job.undoJobId, restored: 78, title: 'Undone', description: 'Undid "Marked 78 products out of stock": 78 products restored.' });
    const after = await stockOf(budgetIds);
    expect(after.in).toHaveLength(78);
    expect(after.out).toEqual(outBefore);
    await waitForBuildRequests('undo', 1);
    const audit = await run((db) => db.select().from(auditLog).orderBy(asc(auditLog.id)));
    expect(audit.map((row) => row.summary)).toEqual([`Marked 78 products out of stock (ids ${budgetIds.filter((id) => !outBefore.includes(id)).slice(0, 20).join(', ')} and 58 more)`, 'Undid "Marked 78 products out of stock"']);
  });

  it('"Mark in stock" is no undo: it puts all 92 back in stock, the 14 that were out before among them', async () => {
    await bulkOk({ action: 'out-of-stock', allMatching: { category: 'budget' } });
    expect(await bulkOk({ action: 'in-stock', allMatching: { category: 'budget' } })).toMatchObject({ changed: 92 });
    expect((await stockOf(budgetIds)).in).toHaveLength(92);
  });

  it('refuses a second undo of the same change', async () => {
    const job = await bulkOk({ action: 'out-of-stock', allMatching: { category: 'budget' } });
    expect((await undo(job.undoJobId!)).status).toBe(200);
    const again = await undo(job.undoJobId!);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: { title: undoTexts.failed, description: undoTexts.alreadyUndone } });
    expect((await stockOf(budgetIds)).out).toEqual(outBefore);
  });

  it('undoes after later edits of other fields, and keeps those edits', async () => {
    const job = await bulkOk({ action: 'out-of-stock', allMatching: { category: 'budget' } });
    const [first, second] = budgetIds.filter((id) => !outBefore.includes(id));
    // The product editor saves every field: its price changes, its stock is saved as it now is (out).
    const { product: current } = await (await admin.fetch(`/api/admin/products/${first}`)).json();
    const saved = await admin.fetch(`/api/admin/products/${first}`, { method: 'PUT', json: { ...current, specifications: JSON.stringify(current.specifications), price: 99.5 } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await bulkOk({ action: 'feature', ids: [first, second] })).toMatchObject({ changed: 2 });
    await run((db) => db.update(products).set({ attributes: sql`json_set(${products.attributes}, '$.brand', 'Later brand')` }).where(eq(products.id, second!)));

    const response = await undo(job.undoJobId!);
    expect(response.status).toBe(200);
    expect((await stockOf(budgetIds)).out).toEqual(outBefore);
    const [firstRow, secondRow] = await run((db) => db.select().from(products).where(inArray(products.id, [first!, second!])).orderBy(asc(products.id)));
    expect(firstRow).toMatchObject({ price: 99.5, inStock: true, isFeatured: true });
    expect(secondRow).toMatchObject({ inStock: true, isFeatured: true });
    expect(secondRow!.attributes).toMatchObject({ brand: 'Later brand', is_featured: true });
  });

  it('refuses when a later edit touched the same field, naming how many, and changes nothing', async () => {
    const job = await bulkOk({ action: 'out-of-stock', allMatching: { category: 'budget' } });
    const changed = budgetIds.filter((id) => !outBefore.includes(id));
    expect(await bulkOk({ action: 'in-stock', ids: changed.slice(0, 3) })).toMatchObject({ changed: 3 });
    const before = await allProducts();
    const auditBefore = await run((db) => db.select().from(auditLog));

    const response = await undo(job.undoJobId!);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { title: undoTexts.failed, description: 'A later edit changed the stock of 3 products. Nothing was undone.' } });
    expect(await allProducts()).toEqual(before);
    expect(await run((db) => db.select().from(auditLog))).toEqual(auditBefore);
    // Still not undone: the refusal rolled back the mark with everything else.
    expect((await run((db) => db.select().from(undoJobs).where(eq(undoJobs.id, job.undoJobId!)).get()))!.undoneAt).toBeNull();
  });

  it('undoes a status change to the raw values it replaced, and a move back to each prior category', async () => {
    await run((db) => db.update(products).set({ attributes: sql`json_remove(${products.attributes}, '$.status')` }).where(eq(products.id, budgetIds[1]!)));
    const publish = await bulkOk({ action: 'publish', ids: budgetIds.slice(0, 4) });
    expect(publish.changed).toBe(2);
    const move = await bulkOk({ action: 'move', categoryId: (await run((db) => db.select().from(categories).where(eq(categories.slug, 'yoga-mats')).get()))!.id, ids: [budgetIds[0]!, yogaId] });
    expect(move.changed).toBe(1);
    expect((await undo(move.undoJobId!)).status).toBe(200);
    expect((await undo(publish.undoJobId!)).status).toBe(200);
    const rows = await run((db) => db.select({ id: products.id, attributes: products.attributes, categoryId: products.categoryId }).from(products).where(inArray(products.id, budgetIds.slice(0, 4))).orderBy(asc(products.id)));
    expect(rows.map((row) => row.attributes.status)).toEqual(['published', undefined, 'published', 'active']);
    expect(new Set(rows.map((row) => row.categoryId)).size).toBe(1);
  });
});

describe('deleting and undoing the delete', () => {
  async function decorate(id: number) {
    const user = await run((db) => db.insert(users).values({ id: 'shopper-1', email: 'shopper@example.com', passwordHash: 'x' }).onConflictDoNothing().returning().get());
    const link = await run((db) => db.insert(affiliateLinks).values({ originalUrl: 'https://www.example.com/own' }).returning({ id: affiliateLinks.id }).get());
    await run(async (db) => {
      await db.update(products).set({ affiliateLinkId: link!.id, clickCount: 7 }).where(eq(products.id, id));
      await db.insert(productAnalytics).values([
        { productId: id, eventType: 'view' },
        { productId: id, eventType: 'click', pagePath: '/products' },
      ]);
      await db.insert(wishlists).values({ userId: user?.id ?? 'shopper-1', productId: id });
      await db.insert(linkHealth).values({ productId: id, url: 'https://www.example.com/own', lastClass: 'ok', lastCheckedAt: new Date(), nextCheckAt: new Date() });
      await db.insert(clicks).values({ clickId: 'click-1', productId: id, pagePath: '/products' });
      await db.insert(pins).values({ sourceType: 'product', productId: id, title: 'Pin', link: 'https://example.com', imageUrl: 'https://example.com/a.png', idempotencyKey: 'pin-key-1' });
    });
    return link!.id;
  }
  const rowsOf = async (id: number) =>
    run(async (db) => ({
      product: await db.select().from(products).where(eq(products.id, id)).get(),
      analytics: await db.select().from(productAnalytics).where(eq(productAnalytics.productId, id)).orderBy(asc(productAnalytics.id)),
      wishlists: await db.select().from(wishlists).where(eq(wishlists.productId, id)),
      health: await db.select().from(linkHealth).where(eq(linkHealth.productId, id)),
      clicks: await db.select().from(clicks).where(eq(clicks.productId, id)),
      pins: await db.select({ id: pins.id }).from(pins).where(eq(pins.productId, id)),
    }));

  it('removes the product as a delete did, then brings it back with the same id, slug and rows', async () => {
    const id = budgetIds[5]!;
    const linkId = await decorate(id);
    const before = await rowsOf(id);

    const deleted = await admin.fetch(`/api/admin/products/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const { undoJobId, name } = (await deleted.json()) as { undoJobId: number; name: string };
    expect(name).toBe('Budget Pick 6');
    expect(await rowsOf(id)).toEqual({ product: undefined, analytics: [], wishlists: [], health: [], clicks: [], pins: [] });
    expect(await run((db) => db.select().from(affiliateLinks).where(eq(affiliateLinks.id, linkId)))).toEqual([]);
    const listed = await (await admin.fetch('/api/admin/products?search=Budget%20Pick%206')).json();
    expect(listed.rows.map((row: { id: number }) => row.id)).not.toContain(id);
    await waitForBuildRequests('product deleted', 1);

    const response = await undo(undoJobId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ restored: 1, description: 'Undid "Deleted "Budget Pick 6"": 1 product restored.' });
    expect(await rowsOf(id)).toEqual(before);
    expect(await run((db) => db.select({ id: affiliateLinks.id }).from(affiliateLinks).where(eq(affiliateLinks.id, linkId)))).toEqual([{ id: linkId }]);
    expect(await run((db) => db.select().from(productTrash))).toEqual([]);
    await waitForBuildRequests('undo', 1);
    expect((await undo(undoJobId)).status).toBe(409);
  });

  it('undoes a bulk delete of several products', async () => {
    const chosen = budgetIds.slice(10, 13);
    const before = await run((db) => db.select().from(products).where(inArray(products.id, chosen)).orderBy(asc(products.id)));
    const job = await bulkOk({ action: 'delete', ids: chosen });
    expect(job).toMatchObject({ changed: 3, title: 'Deleted 3 products' });
    expect((await undo(job.undoJobId!)).status).toBe(200);
    expect(await run((db) => db.select().from(products).where(inArray(products.id, chosen)).orderBy(asc(products.id)))).toEqual(before);
  });

  it('refuses when another product took the address meanwhile', async () => {
    const id = budgetIds[20]!;
    const job = (await (await admin.fetch(`/api/admin/products/${id}`, { method: 'DELETE' })).json()) as { undoJobId: number };
    await run((db) => db.insert(products).values({ name: 'Newcomer', slug: 'budget-pick-21', affiliateUrl: 'https://www.example.com/new' }));
    const response = await undo(job.undoJobId);
    expect(response.status).toBe(409);
    expect((await response.json()).error.description).toBe(undoTexts.slugTaken('budget-pick-21'));
    expect(await run((db) => db.select({ id: products.id }).from(products).where(eq(products.id, id)))).toEqual([]);
  });

  it('brings a product back to uncategorized and without its link when those were deleted meanwhile', async () => {
    // The yoga mat shares one link with Budget Pick 1, so its delete keeps the link; the pick's later delete takes it.
    const shared = await run((db) => db.insert(affiliateLinks).values({ originalUrl: 'https://www.example.com/shared' }).returning({ id: affiliateLinks.id }).get());
    await run((db) => db.update(products).set({ affiliateLinkId: shared!.id }).where(inArray(products.id, [yogaId, budgetIds[0]!])));
    const job = (await (await admin.fetch(`/api/admin/products/${yogaId}`, { method: 'DELETE' })).json()) as { undoJobId: number };
    expect((await admin.fetch(`/api/admin/products/${budgetIds[0]!}`, { method: 'DELETE' })).status).toBe(200);
    const yoga = await run((db) => db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'yoga-mats')).get());
    expect((await admin.fetch(`/api/admin/categories/${yoga!.id}`, { method: 'DELETE' })).status).toBe(200);

    const response = await undo(job.undoJobId);
    expect(response.status).toBe(200);
    const restored = await run((db) =>
      db.select({ slug: products.slug, affiliateLinkId: products.affiliateLinkId, category: categories.slug }).from(products).leftJoin(categories, eq(categories.id, products.categoryId)).where(eq(products.id, yogaId)).get(),
    );
    expect(restored).toEqual({ slug: 'cork-yoga-mat', affiliateLinkId: null, category: 'uncategorized' });
  });

  it('is purged after a day and can no longer be undone', async () => {
    const id = budgetIds[30]!;
    const job = (await (await admin.fetch(`/api/admin/products/${id}`, { method: 'DELETE' })).json()) as { undoJobId: number };
    const now = Date.now();
    expect(await purgeTrash(api.temp.database, new Date(now + UNDO_DELETE_WINDOW_MS - 60_000))).toBe(0);
    expect(await run((db) => db.select({ id: productTrash.productId }).from(productTrash))).toEqual([{ id }]);
    expect(await purgeTrash(api.temp.database, new Date(now + UNDO_DELETE_WINDOW_MS + 60_000))).toBe(1);
    expect(await run((db) => db.select().from(productTrash))).toEqual([]);

    const response = await undo(job.undoJobId);
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ error: { title: undoTexts.failed, description: undoTexts.expired } });
    expect(await run((db) => db.select({ id: products.id }).from(products).where(eq(products.id, id)))).toEqual([]);
  });

  it('refuses a delete older than a day even before the purge ran, and the overview stops offering it', async () => {
    const id = budgetIds[40]!;
    const job = (await (await admin.fetch(`/api/admin/products/${id}`, { method: 'DELETE' })).json()) as { undoJobId: number };
    let overview = (await (await admin.fetch('/api/admin/overview')).json()) as AdminOverview;
    expect(overview.activity[0]).toMatchObject({ summary: 'Deleted "Budget Pick 41"', undo: { jobId: job.undoJobId, state: 'available' } });

    await run((db) => db.update(undoJobs).set({ createdAt: new Date(Date.now() - UNDO_DELETE_WINDOW_MS - 1000) }).where(eq(undoJobs.id, job.undoJobId)));
    overview = (await (await admin.fetch('/api/admin/overview')).json()) as AdminOverview;
    expect(overview.activity[0]).toMatchObject({ undo: { jobId: job.undoJobId, state: 'expired' } });
    expect((await undo(job.undoJobId)).status).toBe(410);
    expect(await run((db) => db.select({ id: products.id }).from(products).where(eq(products.id, id)))).toEqual([]);
  });
});
