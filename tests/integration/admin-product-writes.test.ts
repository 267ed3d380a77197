/**
 * POST /api/admin/products, POST /api/admin/products/batch and GET/PUT /api/admin/products/:id over HTTP against a
 * real libSQL file (issue 10, points 4 and 8): who may call them, the guards every admin write passes, the spec's
 * messages for bad input, the stored rows (product, affiliate link, audit entry), slugs under races, the batch's
 * per-entry outcome, edits that keep imported data, sanitizing and the rebuild request.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { affiliateLinks, auditLog, categories, products, productSlugRedirects, siteBuilds } from '../../db/schema.ts';
import { productTexts } from '../../src/domain/admin/product-form.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let recoveryId: number;

const amazonUrl = 'https://www.amazon.com/Foam-Roller/dp/B08N5WRWNW?ref=sr_1_1';

const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const productRow = (id: number) => db((d) => d.select().from(products).where(eq(products.id, id)).get());
const productCount = async () => (await db((d) => d.select({ id: products.id }).from(products))).length;
const create = (json: unknown, browser = admin) => browser.fetch('/api/admin/products', { method: 'POST', json });
const update = (id: number, json: unknown) => admin.fetch(`/api/admin/products/${id}`, { method: 'PUT', json });
const batch = (json: unknown) => admin.fetch('/api/admin/products/batch', { method: 'POST', json });

async function created(json: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const response = await create(json);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()).product;
}

/** The rebuild request is written beside the answer, so the test waits for it rather than assuming it. */
async function expectBuildRequest(reason: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await db((d) => d.select().from(siteBuilds).where(eq(siteBuilds.reason, reason)))).length === 0) {
    if (Date.now() > deadline) throw new Error(`no rebuild requested for '${reason}'`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const rows = await db((d) =>
    d
      .insert(categories)
      .values([
        { name: 'Recovery', slug: 'recovery' },
        { name: 'Uncategorized', slug: 'uncategorized', showInNavigation: false },
      ])
      .returning(),
  );
  recoveryId = rows[0]!.id;
});
afterAll(() => api.close());

describe('who may call the product write endpoints', () => {
  it('answers 401 to a visitor and 403 Access Denied to a user, and writes nothing', async () => {
    const product = await created({ name: 'Guarded Product', affiliateUrl: amazonUrl });
    const before = await productCount();
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/products', json: { name: 'X', affiliateUrl: amazonUrl } });
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/products/batch', json: { products: [{ name: 'X', affiliateUrl: amazonUrl }] } });
    await expectAdminOnly(api, { method: 'GET', path: `/api/admin/products/${product.id}` });
    await expectAdminOnly(api, { method: 'PUT', path: `/api/admin/products/${product.id}`, json: { name: 'Stolen', affiliateUrl: amazonUrl } });
    expect(await productCount()).toBe(before);
    expect((await productRow(product.id))?.name).toBe('Guarded Product');
  });

  it('refuses cross-site writes, non-JSON bodies and broken JSON', async () => {
    const product = await created({ name: 'Guards Product', affiliateUrl: amazonUrl });
    const before = await productCount();
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/products', json: { name: 'X', affiliateUrl: amazonUrl } });
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/products/batch', json: { products: [{ name: 'X', affiliateUrl: amazonUrl }] } });
    await expectWriteGuards(admin, { method: 'PUT', path: `/api/admin/products/${product.id}`, json: { name: 'X', affiliateUrl: amazonUrl } });
    expect(await productCount()).toBe(before);
  });

  it('answers 404 Product not found for an unknown or malformed id', async () => {
    for (const path of ['/api/admin/products/999999', '/api/admin/products/abc', '/api/admin/products/0']) {
      const response = await admin.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { title: 'Product not found', description: productTexts.notFoundDescription } });
    }
    expect((await update(999_999, { name: 'X', affiliateUrl: amazonUrl })).status).toBe(404);
  });
});

describe('POST /api/admin/products', () => {
  it('stores the product, its active affiliate link and an audit entry, and requests a rebuild', async () => {
    const response = await create({
      name: 'Deep Tissue Foam Roller',
      affiliateUrl: amazonUrl,
      description: '<p>Firm <strong>EVA</strong> foam</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      price: '34.99',
      salePrice: 29.99,
      imageUrl: 'https://cdn.example.com/roller.jpg',
      galleryImageUrls: ['https://cdn.example.com/1.jpg', '', '  '],
      rating: '4.6',
      categoryId: String(recoveryId),
      inStock: false,
      specifications: '{"length_cm": 45}',
      tags: ['Recovery', ' recovery', 'Foam'],
      commissionRate: '4',
      sku: 'RW-FR-1',
      brand: 'TriggerPoint',
      status: 'published',
      featured: true,
    });
    expect(response.status).toBe(201);
    const { product } = await response.json();
    expect(product).toMatchObject({ slug: 'deep-tissue-foam-roller', name: 'Deep Tissue Foam Roller', price: 34.99, salePrice: 29.99, status: 'published', featured: true });

    const row = (await productRow(product.id))!;
    expect(row).toMatchObject({
      name: 'Deep Tissue Foam Roller',
      slug: 'deep-tissue-foam-roller',
      description: '<p>Firm <strong>EVA</strong> foam</p>',
      price: 34.99,
      salePrice: 29.99,
      imageUrl: 'https://cdn.example.com/roller.jpg',
      rating: 4.6,
      availability: true,
      inStock: false,
      categoryId: recoveryId,
      affiliateUrl: amazonUrl,
      affiliateSource: 'amazon',
      commissionRate: 4,
      specifications: { length_cm: 45 },
      sku: 'RW-FR-1',
      asin: 'B08N5WRWNW',
      isFeatured: true,
      status: 'published',
    });
    expect(row.attributes).toEqual({
      currency: 'USD',
      unit_count: 1,
      date_added: new Date().toISOString().slice(0, 10),
      sku: 'RW-FR-1',
      asin: 'B08N5WRWNW',
      status: 'published',
      cta: 'Buy Now',
      gallery_image_urls: ['https://cdn.example.com/1.jpg'],
      tags: ['Recovery', 'Foam'],
      affiliate_network: 'amazon',
      brand: 'TriggerPoint',
      is_featured: true,
      // The store the Amazon link names (amazon-asin.ts): the Creators API is asked per store.
      marketplace: 'www.amazon.com',
    });

    const link = await db((d) => d.select().from(affiliateLinks).where(eq(affiliateLinks.id, row.affiliateLinkId!)).get());
    expect(link).toMatchObject({ originalUrl: amazonUrl, platform: 'amazon', platformProductId: 'B08N5WRWNW', status: 'active' });
    expect(link?.userId).toBeTruthy();

    const audit = await db((d) => d.select().from(auditLog).where(and(eq(auditLog.action, 'product.create'), eq(auditLog.entityId, String(product.id)))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityType: 'product', summary: 'Created "Deep Tissue Foam Roller" (/product/deep-tissue-foam-roller)', userId: link!.userId });
    await expectBuildRequest('product created');
  });

  it('puts a product without a category in uncategorized, with the platform of its URL', async () => {
    const product = await created({ name: 'Walmart Yoga Mat', affiliateUrl: 'https://www.walmart.com/ip/Yoga-Mat/123456789' });
    const row = (await productRow(product.id))!;
    const uncategorized = await db((d) => d.select().from(categories).where(eq(categories.slug, 'uncategorized')).get());
    expect(row.categoryId).toBe(uncategorized!.id);
    expect(row.affiliateSource).toBe('walmart');
    expect(row.attributes.affiliate_network).toBe('walmart');
    const link = await db((d) => d.select().from(affiliateLinks).where(eq(affiliateLinks.id, row.affiliateLinkId!)).get());
    expect(link).toMatchObject({ platform: 'walmart', platformProductId: '123456789', status: 'active' });
  });

  it.each([
    [{}, 'Missing required fields', productTexts.missingDescription],
    [{ name: 'Only a name' }, 'Missing required fields', productTexts.missingDescription],
    [{ name: '   ', affiliateUrl: amazonUrl }, 'Missing required fields', productTexts.missingDescription],
    [{ name: 'Bad URL', affiliateUrl: 'javascript:alert(1)' }, 'Error creating product', productTexts.urlInvalid],
    [{ name: 'Bad price', affiliateUrl: amazonUrl, price: '-5' }, 'Error creating product', productTexts.price],
    [{ name: 'Bad price', affiliateUrl: amazonUrl, price: 9.999 }, 'Error creating product', productTexts.price],
    [{ name: 'Bad rating', affiliateUrl: amazonUrl, rating: 6 }, 'Error creating product', productTexts.rating],
    [{ name: 'Bad rating', affiliateUrl: amazonUrl, rating: '4.55' }, 'Error creating product', productTexts.rating],
    [{ name: 'Bad status', affiliateUrl: amazonUrl, status: 'live' }, 'Error creating product', productTexts.statusInvalid],
    [{ name: 'No category', affiliateUrl: amazonUrl, categoryId: 987_654 }, 'Error creating product', productTexts.categoryMissing],
    [[], 'Error creating product', 'Send the product as a JSON object.'],
  ])('answers 422 with the broken rule and stores nothing: %j', async (body, title, description) => {
    const before = await productCount();
    const linksBefore = (await db((d) => d.select({ id: affiliateLinks.id }).from(affiliateLinks))).length;
    const response = await create(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title, description } });
    expect(await productCount()).toBe(before);
    expect((await db((d) => d.select({ id: affiliateLinks.id }).from(affiliateLinks))).length).toBe(linksBefore);
  });

  it('refuses a body over 256 KB with 413', async () => {
    const response = await create({ name: 'Huge', affiliateUrl: amazonUrl, description: 'x'.repeat(300 * 1024) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.title).toBe('Error creating product');
  });
});

describe('slugs', () => {
  it('adds -2, -3 … to a taken slug and never uses a reserved name', async () => {
    const first = await created({ name: 'Massage Gun', affiliateUrl: amazonUrl });
    const second = await created({ name: 'Massage  Gun!', affiliateUrl: amazonUrl });
    const third = await created({ name: 'massage gun', affiliateUrl: amazonUrl });
    expect([first.slug, second.slug, third.slug]).toEqual(['massage-gun', 'massage-gun-2', 'massage-gun-3']);
    expect((await created({ name: 'Index', affiliateUrl: amazonUrl })).slug).toBe('index-2');
    expect((await created({ name: 'Not Found', affiliateUrl: amazonUrl })).slug).toBe('not-found-2');
    expect((await created({ name: '!!!', affiliateUrl: amazonUrl })).slug).toBe('product');
  });

  it('gives 10 parallel creates of one name 10 different slugs, with no failure', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => create({ name: 'Parallel Kettlebell', affiliateUrl: amazonUrl })));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const slugs = (await Promise.all(responses.map((response) => response.json()))).map((body) => body.product.slug).sort();
    const expected = ['parallel-kettlebell', ...Array.from({ length: 9 }, (_, i) => `parallel-kettlebell-${i + 2}`)].sort();
    expect(slugs).toEqual(expected);
    const stored = await db((d) => d.select({ slug: products.slug }).from(products).where(like(products.slug, 'parallel-kettlebell%')));
    expect(stored).toHaveLength(10);
  });
});

describe('POST /api/admin/products/batch', () => {
  it('creates the good entries and reports each bad one with its reason', async () => {
    const before = await productCount();
    const response = await batch({
      products: [
        { name: 'Batch Resistance Bands', affiliateUrl: 'https://www.ebay.com/itm/123456789012', price: '19.99', categoryId: String(recoveryId), status: 'active' },
        { name: '', affiliateUrl: amazonUrl },
        { name: 'Batch Bad URL', affiliateUrl: 'notaurl' },
        { name: 'Batch Missing Category', affiliateUrl: amazonUrl, categoryId: 987_654 },
        { name: 'Batch Jump Rope', affiliateUrl: amazonUrl, imageUrl: 'https://cdn.example.com/rope.jpg', status: 'draft' },
      ],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.created).toBe(2);
    expect(body.failed).toBe(3);
    expect(body.results).toEqual([
      { index: 0, ok: true, product: { id: expect.any(Number), slug: 'batch-resistance-bands', name: 'Batch Resistance Bands' } },
      { index: 1, ok: false, reason: 'Each product must have at least a name and affiliate URL.' },
      { index: 2, ok: false, reason: productTexts.urlInvalid },
      { index: 3, ok: false, reason: productTexts.categoryMissing },
      { index: 4, ok: true, product: { id: expect.any(Number), slug: 'batch-jump-rope', name: 'Batch Jump Rope' } },
    ]);
    expect(await productCount()).toBe(before + 2);
    // The entry that failed inside its transaction left no affiliate link behind.
    expect(await db((d) => d.select().from(affiliateLinks).where(eq(affiliateLinks.originalUrl, amazonUrl)))).toHaveLength(
      (await db((d) => d.select().from(products).where(eq(products.affiliateUrl, amazonUrl)))).length,
    );
    const bands = (await productRow(body.results[0].product.id))!;
    expect(bands).toMatchObject({ price: 19.99, categoryId: recoveryId, status: 'active', affiliateSource: 'ebay' });
    expect((await productRow(body.results[4].product.id))?.status).toBe('draft');
    const audits = await db((d) => d.select().from(auditLog).where(like(auditLog.summary, 'Created "Batch %')));
    expect(audits).toHaveLength(2);
    await expectBuildRequest('products created');
  });

  it('answers 422 Batch creation failed for no entries or too many', async () => {
    const empty = await batch({ products: [] });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({ error: { title: 'Batch creation failed', description: 'Add at least one product.' } });
    const tooMany = await batch({ products: Array.from({ length: 51 }, (_, i) => ({ name: `P${i}`, affiliateUrl: amazonUrl })) });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).error.description).toBe('Send at most 50 products at a time.');
  });

  it('accepts 50 compact entries in one request', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ name: `Bulk Dumbbell ${i}`, affiliateUrl: `https://shop.example.com/db-${i}`, price: '49.99', imageUrl: 'https://cdn.example.com/db.jpg', status: 'draft' }));
    const response = await batch({ products: entries });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ created: 50, failed: 0 });
  });
});

describe('GET and PUT /api/admin/products/:id', () => {
  it('reads a product for the editor and saves an edit, keeping the attributes the form does not edit', async () => {
    const product = await created({ name: 'Imported Massage Chair', affiliateUrl: amazonUrl, price: 999, tags: ['Chair'], sku: 'RW-MC-1' });
    // What an import stored beside the form's keys.
    const stored = (await productRow(product.id))!.attributes;
    await db((d) =>
      d
        .update(products)
        .set({
          attributes: { ...stored, review_1: 'Life changing', product_num_ratings: 2345, imported: true },
          specifications: { review_1_text: 'Great', total_reviews_fetched: 20 },
        })
        .where(eq(products.id, product.id)),
    );
    const read = await admin.fetch(`/api/admin/products/${product.id}`);
    expect(read.status).toBe(200);
    const { product: editable } = await read.json();
    expect(editable).toMatchObject({ id: product.id, name: 'Imported Massage Chair', price: 999, tags: ['Chair'], sku: 'RW-MC-1', specifications: { review_1_text: 'Great', total_reviews_fetched: 20 } });

    const response = await update(product.id, {
      name: 'Imported Massage Chair',
      affiliateUrl: amazonUrl,
      price: '899.99',
      tags: ['Chair', 'Recovery'],
      sku: 'RW-MC-1',
      specifications: JSON.stringify(editable.specifications),
      description: '<p onclick="x()">Zero gravity</p><script>steal()</script>',
    });
    expect(response.status).toBe(200);
    expect((await response.json()).product).toMatchObject({ price: 899.99, slug: product.slug });
    const row = (await productRow(product.id))!;
    expect(row.price).toBe(899.99);
    expect(row.description).toBe('<p>Zero gravity</p>');
    expect(row.attributes).toMatchObject({ review_1: 'Life changing', product_num_ratings: 2345, imported: true, tags: ['Chair', 'Recovery'], sku: 'RW-MC-1', currency: 'USD' });
    expect(row.specifications).toEqual({ review_1_text: 'Great', total_reviews_fetched: 20 });
    const audit = await db((d) => d.select().from(auditLog).where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(product.id)))));
    expect(audit.map((entry) => entry.summary)).toEqual(['Updated "Imported Massage Chair" (description, price, tags)']);
    await expectBuildRequest('product updated');
  });

  it('keeps the slug on rename unless asked, and then makes a new unique one', async () => {
    const product = await created({ name: 'Ab Roller', affiliateUrl: amazonUrl });
    await created({ name: 'Ab Wheel Pro', affiliateUrl: amazonUrl });
    const kept = await update(product.id, { name: 'Ab Wheel Pro', affiliateUrl: amazonUrl });
    expect((await kept.json()).product.slug).toBe('ab-roller');
    const renamed = await update(product.id, { name: 'Ab Wheel Pro', affiliateUrl: amazonUrl, renameSlug: true });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).product.slug).toBe('ab-wheel-pro-2');
    expect((await productRow(product.id))?.slug).toBe('ab-wheel-pro-2');
    // The old address is remembered, to redirect to the new one; an edit that keeps the slug adds nothing.
    const redirects = await db((d) => d.select().from(productSlugRedirects).where(eq(productSlugRedirects.productId, product.id)));
    expect(redirects.map((row) => row.oldSlug)).toEqual(['ab-roller']);
  });

  it('remembers every old address of a product renamed twice, and forgets one a product takes again', async () => {
    const product = await created({ name: 'Grip Trainer', affiliateUrl: amazonUrl });
    await update(product.id, { name: 'Grip Trainer Plus', affiliateUrl: amazonUrl, renameSlug: true });
    await update(product.id, { name: 'Grip Trainer Max', affiliateUrl: amazonUrl, renameSlug: true });
    const oldSlugs = async () => (await db((d) => d.select().from(productSlugRedirects).where(eq(productSlugRedirects.productId, product.id)))).map((row) => row.oldSlug).sort();
    expect(await oldSlugs()).toEqual(['grip-trainer', 'grip-trainer-plus']);
    // Renamed back: its first address is its page again, not a redirect to itself.
    await update(product.id, { name: 'Grip Trainer', affiliateUrl: amazonUrl, renameSlug: true });
    expect((await productRow(product.id))?.slug).toBe('grip-trainer');
    expect(await oldSlugs()).toEqual(['grip-trainer-max', 'grip-trainer-plus']);
  });

  it('moves the affiliate link with a changed URL', async () => {
    const product = await created({ name: 'Moving Link Bench', affiliateUrl: amazonUrl });
    const linkId = (await productRow(product.id))!.affiliateLinkId!;
    const response = await update(product.id, { name: 'Moving Link Bench', affiliateUrl: 'https://www.ebay.com/itm/998877665544' });
    expect(response.status).toBe(200);
    const row = (await productRow(product.id))!;
    expect(row.affiliateLinkId).toBe(linkId);
    expect(row.affiliateSource).toBe('ebay');
    expect(await db((d) => d.select().from(affiliateLinks).where(eq(affiliateLinks.id, linkId)).get())).toMatchObject({
      originalUrl: 'https://www.ebay.com/itm/998877665544',
      platform: 'ebay',
      platformProductId: '998877665544',
    });
  });

  it('answers 422 with the rule and leaves the product as it was', async () => {
    const product = await created({ name: 'Unchanged Rower', affiliateUrl: amazonUrl, price: 500 });
    const missing = await update(product.id, { name: '', affiliateUrl: amazonUrl, price: 1 });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ error: { title: 'Missing required fields', description: productTexts.missingDescription } });
    const badRating = await update(product.id, { name: 'Unchanged Rower', affiliateUrl: amazonUrl, rating: 0 });
    expect(badRating.status).toBe(422);
    expect(await badRating.json()).toEqual({ error: { title: 'Error updating product', description: productTexts.rating } });
    expect((await productRow(product.id))?.price).toBe(500);
  });
});
