/**
 * /api/admin/categories, /api/admin/categories/:id and /api/admin/categories/order over HTTP against a real libSQL
 * file (issue 10, points 5 and 8): who may call them, the guards every admin write passes, the spec's messages for
 * bad input, duplicates, the protected default category, a delete that moves products in one transaction, the
 * navigation order, and the audit entry and rebuild request each write leaves.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, categories, products, siteBuilds } from '../../db/schema.ts';
import { categoryTexts, UNCATEGORIZED_SLUG } from '../../src/domain/admin/categories.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

const LIST = '/api/admin/categories';
const ORDER = '/api/admin/categories/order';
let api: LocalApi;
let admin: Browser;

const db = () => api.temp.database;
const rows = () => db().run((d) => d.select().from(categories).orderBy(categories.id));
const categoryBySlug = (slug: string) => db().run((d) => d.select().from(categories).where(eq(categories.slug, slug)).get());
const productsIn = async (categoryId: number) =>
  (await db().run((d) => d.select({ n: sql<number>`count(*)` }).from(products).where(eq(products.categoryId, categoryId)).get()))!.n;
const auditOf = (action: string) => db().run((d) => d.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id));
const buildRequests = (reason: string) => db().run((d) => d.select().from(siteBuilds).where(eq(siteBuilds.reason, reason)));

/** The rebuild request is written beside the answer (waitUntil), so the test waits for it rather than assuming it. */
async function waitForBuildRequests(reason: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await buildRequests(reason)).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} '${reason}' rebuild requests`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function insertCategory(name: string, slug: string, extra: Partial<typeof categories.$inferInsert> = {}): Promise<number> {
  const [row] = await db().run((d) => d.insert(categories).values({ name, slug, ...extra }).returning({ id: categories.id }));
  return row!.id;
}

let productSerial = 0;
async function insertProducts(categoryId: number | null, count: number, extra: Partial<typeof products.$inferInsert> = {}): Promise<void> {
  const values = Array.from({ length: count }, () => {
    productSerial++;
    return { name: `Product ${productSerial}`, slug: `product-${productSerial}`, affiliateUrl: `https://example.com/p/${productSerial}`, categoryId, ...extra };
  });
  await db().run((d) => d.insert(products).values(values));
}

const create = (json: unknown, browser = admin) => browser.fetch(LIST, { method: 'POST', json });
const update = (id: number | string, json: unknown) => admin.fetch(`${LIST}/${id}`, { method: 'PUT', json });
const remove = (id: number | string) => admin.fetch(`${LIST}/${id}`, { method: 'DELETE' });
const reorder = (json: unknown) => admin.fetch(ORDER, { method: 'PUT', json });

async function expectError(response: Response, status: number, title: string, description: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: { title, description } });
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());

beforeEach(async () => {
  await db().run((d) => d.delete(products));
  await db().run((d) => d.delete(categories));
  await db().run((d) => d.delete(auditLog));
  await insertCategory('Uncategorized', UNCATEGORIZED_SLUG, { showInNavigation: false, navigationOrder: 99 });
});

describe('who may call the category endpoints', () => {
  it('answers 401 to a visitor and 403 Access Denied to a user, for every endpoint and method, and changes nothing', async () => {
    const id = await insertCategory('Yoga', 'yoga');
    await expectAdminOnly(api, { method: 'GET', path: LIST });
    await expectAdminOnly(api, { method: 'POST', path: LIST, json: { name: 'Pilates' } });
    await expectAdminOnly(api, { method: 'PUT', path: `${LIST}/${id}`, json: { name: 'Hacked', description: null, showInNavigation: false } });
    await expectAdminOnly(api, { method: 'DELETE', path: `${LIST}/${id}` });
    await expectAdminOnly(api, { method: 'PUT', path: ORDER, json: { ids: [id] } });
    expect((await rows()).map((row) => [row.name, row.slug, row.showInNavigation])).toEqual([
      ['Uncategorized', 'uncategorized', false],
      ['Yoga', 'yoga', true],
    ]);
    expect(await db().run((d) => d.select().from(auditLog))).toEqual([]);
  });

  it('passes every write through the cross-site, JSON-only and parse guards', async () => {
    const id = await insertCategory('Yoga', 'yoga');
    await expectWriteGuards(admin, { method: 'POST', path: LIST, json: { name: 'Pilates' } });
    await expectWriteGuards(admin, { method: 'PUT', path: `${LIST}/${id}`, json: { name: 'Hacked', description: null, showInNavigation: false } });
    await expectWriteGuards(admin, { method: 'PUT', path: ORDER, json: { ids: [id] } });
    const crossSiteDelete = await admin.fetch(`${LIST}/${id}`, { method: 'DELETE', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSiteDelete.status).toBe(403);
    expect((await rows()).map((row) => row.name)).toEqual(['Uncategorized', 'Yoga']);
  });

  it('refuses other methods with 405 and the Allow header', async () => {
    const id = await insertCategory('Yoga', 'yoga');
    for (const [path, method, allow] of [
      [LIST, 'DELETE', 'GET, POST'],
      [`${LIST}/${id}`, 'GET', 'PUT, DELETE'],
      [`${LIST}/${id}`, 'POST', 'PUT, DELETE'],
      [ORDER, 'GET', 'PUT'],
      [ORDER, 'POST', 'PUT'],
    ] as const) {
      const response = await admin.fetch(path, { method, json: method === 'POST' ? {} : undefined });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
    }
  });
});

describe('the list', () => {
  it('answers every category by name with uncategorized last, with all and public product counts', async () => {
    const yoga = await insertCategory('yoga', 'yoga', { navigationOrder: 2 });
    const bands = await insertCategory('Bands', 'bands', { navigationOrder: 1, description: 'Loops and tubes' });
    await insertProducts(yoga, 2);
    await insertProducts(yoga, 1, { attributes: { status: 'draft' } });
    await insertProducts(yoga, 1, { inStock: false });
    await insertProducts(yoga, 1, { availability: false });
    const response = await admin.fetch(LIST);
    expect(response.status).toBe(200);
    const { categories: list } = await response.json();
    expect(list.map((category: { slug: string }) => category.slug)).toEqual(['bands', 'yoga', 'uncategorized']);
    expect(list[0]).toEqual({ id: bands, name: 'Bands', slug: 'bands', description: 'Loops and tubes', showInNavigation: true, navigationOrder: 1, productCount: 0, publicProductCount: 0 });
    expect(list[1]).toMatchObject({ id: yoga, productCount: 5, publicProductCount: 2 });
  });
});

describe('creating a category', () => {
  it('trims the name, derives the slug, answers 201, writes an audit entry and requests a rebuild', async () => {
    const before = (await buildRequests('category created')).length;
    await insertCategory('Bands', 'bands', { navigationOrder: 4 });
    const response = await create({ name: '  Yoga & Pilates ', description: ' Mats, blocks and straps ' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Yoga & Pilates',
      slug: 'yoga-pilates',
      description: 'Mats, blocks and straps',
      showInNavigation: true,
      navigationOrder: 5,
      productCount: 0,
      publicProductCount: 0,
    });
    expect(await categoryBySlug('yoga-pilates')).toMatchObject({ id: body.id, name: 'Yoga & Pilates', description: 'Mats, blocks and straps', showInNavigation: true });
    const [entry] = await auditOf('category.create');
    expect(entry).toMatchObject({ entityType: 'category', entityId: String(body.id), summary: 'Created category "Yoga & Pilates" (yoga-pilates)' });
    await waitForBuildRequests('category created', before + 1);
  });

  it('keeps a category out of the navigation when asked, with no navigation place', async () => {
    const response = await create({ name: 'Hidden', showInNavigation: false });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ slug: 'hidden', showInNavigation: false, navigationOrder: null, description: null });
  });

  it('refuses a name whose slug exists with 409, naming the existing category, and writes nothing', async () => {
    await insertCategory('Yoga', 'yoga');
    const audits = (await auditOf('category.create')).length;
    await expectError(await create({ name: ' YOGA ' }), 409, 'Error creating category', 'A category named "Yoga" (slug "yoga") already exists.');
    await expectError(await create({ name: 'Uncategorized' }), 409, 'Error creating category', 'A category named "Uncategorized" (slug "uncategorized") already exists.');
    expect((await rows()).map((row) => row.slug)).toEqual(['uncategorized', 'yoga']);
    expect(await auditOf('category.create')).toHaveLength(audits);
  });

  it('answers the second of two simultaneous creates of one name with 409, never a 500', async () => {
    const answers = await Promise.all([create({ name: 'Kettlebells' }), create({ name: 'kettlebells' }), create({ name: 'KETTLEBELLS' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect((await rows()).filter((row) => row.slug === 'kettlebells')).toHaveLength(1);
  });

  it.each([
    [{}, categoryTexts.nameRequired],
    [{ name: '   ' }, categoryTexts.nameRequired],
    [{ name: 'a'.repeat(81) }, 'Name must be at most 80 characters.'],
    [{ name: '%%%' }, categoryTexts.nameWithoutSlug],
    [{ name: 'Yoga', description: 'a'.repeat(501) }, 'Description must be at most 500 characters.'],
    [{ name: 'Yoga', showInNavigation: 'yes' }, 'Show in navigation must be true or false.'],
    [['Yoga'], 'Send the category as a JSON object.'],
  ])('answers 422 with the broken rule: %j', async (body, message) => {
    await expectError(await create(body), 422, 'Error creating category', message);
    expect(await rows()).toHaveLength(1);
  });
});

describe('editing a category', () => {
  it('saves name, description and navigation, keeps the slug, audits what changed and requests a rebuild', async () => {
    const id = await insertCategory('Yoga', 'yoga', { showInNavigation: false });
    await insertCategory('Bands', 'bands', { navigationOrder: 3 });
    const before = (await buildRequests('category updated')).length;
    const response = await update(id, { name: ' Yoga Mats ', description: 'Thick and thin', showInNavigation: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, name: 'Yoga Mats', slug: 'yoga', description: 'Thick and thin', showInNavigation: true, navigationOrder: 4 });
    expect(await categoryBySlug('yoga')).toMatchObject({ name: 'Yoga Mats', description: 'Thick and thin', showInNavigation: true, navigationOrder: 4 });
    const [entry] = await auditOf('category.update');
    expect(entry).toMatchObject({ entityId: String(id), summary: 'Updated category "Yoga Mats": renamed from "Yoga", description changed, shown in navigation' });
    await waitForBuildRequests('category updated', before + 1);
  });

  it('writes no audit entry for an edit that changes nothing', async () => {
    const id = await insertCategory('Yoga', 'yoga', { description: 'Mats' });
    const response = await update(id, { name: 'Yoga', description: 'Mats', showInNavigation: true });
    expect(response.status).toBe(200);
    expect(await auditOf('category.update')).toEqual([]);
  });

  it('refuses a name another category holds (409) and an unknown id (404)', async () => {
    const id = await insertCategory('Yoga', 'yoga');
    await insertCategory('Bands', 'bands');
    await expectError(await update(id, { name: 'bands', description: null, showInNavigation: true }), 409, 'Error updating category', 'A category named "Bands" (slug "bands") already exists.');
    await expectError(await update(999_999, { name: 'Gone', description: null, showInNavigation: true }), 404, 'Error updating category', categoryTexts.notFound);
    await expectError(await update('abc', { name: 'Gone', description: null, showInNavigation: true }), 404, 'Error updating category', categoryTexts.notFound);
    expect((await categoryBySlug('yoga'))?.name).toBe('Yoga');
  });

  it('answers 422 for a missing field', async () => {
    const id = await insertCategory('Yoga', 'yoga');
    await expectError(await update(id, { name: 'Yoga', description: null }), 422, 'Error updating category', 'Show in navigation must be true or false.');
  });

  it('lets Uncategorized change its description but not its name', async () => {
    const id = (await categoryBySlug(UNCATEGORIZED_SLUG))!.id;
    await expectError(await update(id, { name: 'Misc', description: null, showInNavigation: false }), 422, 'Error updating category', categoryTexts.uncategorizedRename);
    const response = await update(id, { name: 'Uncategorized', description: 'Waiting to be sorted', showInNavigation: false });
    expect(response.status).toBe(200);
    expect(await categoryBySlug(UNCATEGORIZED_SLUG)).toMatchObject({ name: 'Uncategorized', description: 'Waiting to be sorted' });
  });
});

describe('deleting a category', () => {
  it('moves every product to Uncategorized, deletes the category, audits it and requests a rebuild', async () => {
    const yoga = await insertCategory('Yoga', 'yoga');
    const bands = await insertCategory('Bands', 'bands');
    const uncategorized = (await categoryBySlug(UNCATEGORIZED_SLUG))!.id;
    await insertProducts(yoga, 7);
    await insertProducts(yoga, 2, { attributes: { status: 'draft' } });
    await insertProducts(bands, 3);
    await insertProducts(uncategorized, 1);
    const before = (await buildRequests('category deleted')).length;

    const response = await remove(yoga);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: { id: yoga, name: 'Yoga', slug: 'yoga' }, movedProducts: 9 });
    expect(await categoryBySlug('yoga')).toBeUndefined();
    expect(await productsIn(yoga)).toBe(0);
    expect(await productsIn(uncategorized)).toBe(10);
    expect(await productsIn(bands)).toBe(3);
    const [entry] = await auditOf('category.delete');
    expect(entry).toMatchObject({ entityId: String(yoga), summary: 'Deleted category "Yoga" (yoga); 9 products moved to Uncategorized' });
    await waitForBuildRequests('category deleted', before + 1);
  });

  it('recreates Uncategorized if it is missing, so the products still have a home', async () => {
    await db().run((d) => d.delete(categories).where(eq(categories.slug, UNCATEGORIZED_SLUG)));
    const yoga = await insertCategory('Yoga', 'yoga');
    await insertProducts(yoga, 2);
    expect((await remove(yoga)).status).toBe(200);
    const recreated = await categoryBySlug(UNCATEGORIZED_SLUG);
    expect(recreated).toMatchObject({ name: 'Uncategorized', showInNavigation: false });
    expect(await productsIn(recreated!.id)).toBe(2);
  });

  it('refuses to delete Uncategorized (422) and an unknown id (404)', async () => {
    const uncategorized = (await categoryBySlug(UNCATEGORIZED_SLUG))!.id;
    await insertProducts(uncategorized, 2);
    await expectError(await remove(uncategorized), 422, 'Error deleting category', categoryTexts.uncategorizedDelete);
    await expectError(await remove(999_999), 404, 'Error deleting category', categoryTexts.notFound);
    expect(await productsIn(uncategorized)).toBe(2);
    expect(await auditOf('category.delete')).toEqual([]);
  });

  it('leaves everything as it was when the delete fails halfway: products are not moved without the delete', async () => {
    const yoga = await insertCategory('Yoga', 'yoga');
    const uncategorized = (await categoryBySlug(UNCATEGORIZED_SLUG))!.id;
    await insertProducts(yoga, 4);
    // A fault after the products were moved, inside the same transaction.
    await db().run((d) => d.run(sql`create trigger refuse_yoga_delete before delete on categories when old.slug = 'yoga' begin select raise(abort, 'injected fault'); end`));
    try {
      const response = await remove(yoga);
      expect(response.status).toBe(500);
      expect(await productsIn(yoga)).toBe(4);
      expect(await productsIn(uncategorized)).toBe(0);
      expect(await categoryBySlug('yoga')).toBeDefined();
      expect(await auditOf('category.delete')).toEqual([]);
    } finally {
      await db().run((d) => d.run(sql`drop trigger refuse_yoga_delete`));
    }
  });
});

describe('the navigation order', () => {
  it('sets 1..n for the listed categories and puts the others after them, in one write with an audit entry and a rebuild', async () => {
    const a = await insertCategory('Alpha', 'alpha', { navigationOrder: 1 });
    const b = await insertCategory('Bravo', 'bravo', { navigationOrder: 2 });
    const c = await insertCategory('Charlie', 'charlie', { navigationOrder: 3 });
    const hidden = await insertCategory('Hidden', 'hidden', { showInNavigation: false, navigationOrder: null });
    const uncategorized = (await categoryBySlug(UNCATEGORIZED_SLUG))!.id;
    const before = (await buildRequests('navigation reordered')).length;

    const response = await reorder({ ids: [c, a, b] });
    expect(response.status).toBe(200);
    const { categories: list } = await response.json();
    expect(list.map((category: { name: string; navigationOrder: number }) => [category.name, category.navigationOrder])).toEqual([
      ['Alpha', 2],
      ['Bravo', 3],
      ['Charlie', 1],
      ['Hidden', 5],
      ['Uncategorized', 4],
    ]);
    const stored = new Map((await rows()).map((row) => [row.id, row.navigationOrder]));
    expect([stored.get(c), stored.get(a), stored.get(b), stored.get(uncategorized), stored.get(hidden)]).toEqual([1, 2, 3, 4, 5]);
    const [entry] = await auditOf('category.reorder');
    expect(entry?.summary).toBe('Reordered the navigation: Charlie, Alpha, Bravo');
    await waitForBuildRequests('navigation reordered', before + 1);
  });

  it('is not taken for a category id: /order reaches the order function, /:id the category function', async () => {
    const a = await insertCategory('Alpha', 'alpha');
    const asOrder = await reorder({ name: 'Order', description: null, showInNavigation: true });
    await expectError(asOrder, 422, 'Error saving navigation order', categoryTexts.orderInvalid);
    const asCategory = await update(a, { ids: [a] });
    await expectError(asCategory, 422, 'Error updating category', categoryTexts.nameRequired);
    // With a trailing slash too.
    expect((await admin.fetch(`${ORDER}/`, { method: 'PUT', json: { ids: [a] } })).status).toBe(200);
  });

  it('answers 404 when an id no longer exists and 422 for a malformed list, changing nothing', async () => {
    const a = await insertCategory('Alpha', 'alpha', { navigationOrder: 7 });
    await expectError(await reorder({ ids: [a, 999_999] }), 404, 'Error saving navigation order', categoryTexts.orderUnknown);
    await expectError(await reorder({ ids: [a, a] }), 422, 'Error saving navigation order', categoryTexts.orderDuplicate);
    await expectError(await reorder({ ids: [] }), 422, 'Error saving navigation order', categoryTexts.orderEmpty);
    await expectError(await reorder({ ids: ['alpha'] }), 422, 'Error saving navigation order', categoryTexts.orderInvalid);
    expect((await db().run((d) => d.select().from(categories).where(eq(categories.id, a)).get()))?.navigationOrder).toBe(7);
    expect(await auditOf('category.reorder')).toEqual([]);
  });
});
