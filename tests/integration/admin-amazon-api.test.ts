/**
 * Amazon products through the Creators API, over HTTP against a real libSQL file and the real functions, with the API
 * served by a fake on 127.0.0.1 (tests/helpers/fake-creators-api.ts; AMAZON_CREATORS_* point at it before the server
 * reads its environment). Add by link fills name, brand, images, price, sale price, availability, rating and features
 * (sanitized); Amazon's refusals are 4xx with nothing stored; the CSV import fills the Amazon rows it was given
 * without a title, ten ASINs a request.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { affiliateLinks, auditLog, products } from '../../db/schema.ts';
import type { CsvImportBatchAnswer, CsvImportFinishAnswer } from '../../src/domain/admin/csv/contract.ts';
import { fromLinkAnswerSchema } from '../../src/domain/admin/from-link.ts';
import { expectAdminOnly, signedInAs } from '../helpers/admin-api.ts';
import { fakeItem, startFakeCreators, type FakeCreators } from '../helpers/fake-creators-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let fake: FakeCreators;
let api: LocalApi;
let admin: Browser;

const PATH = '/api/admin/products/from-link';
const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const post = (json: unknown) => admin.fetch(PATH, { method: 'POST', json });
const productRow = (id: number) => db((d) => d.select().from(products).where(eq(products.id, id)).get());
const counts = async () => ({
  products: (await db((d) => d.select({ n: count() }).from(products).get()))?.n ?? 0,
  links: (await db((d) => d.select({ n: count() }).from(affiliateLinks).get()))?.n ?? 0,
});
const ENV = ['AMAZON_CREATORS_CREDENTIAL_ID', 'AMAZON_CREATORS_CREDENTIAL_SECRET', 'AMAZON_CREATORS_CREDENTIAL_VERSION', 'AMAZON_CREATORS_API_BASE', 'AMAZON_CREATORS_TOKEN_URL', 'AMAZON_CREATORS_REQUESTS_PER_SECOND'];
const csvAsins = Array.from({ length: 12 }, (_, i) => `B0CSV${String(i).padStart(5, '0')}`);

beforeAll(async () => {
  fake = await startFakeCreators({
    items: [
      fakeItem({
        asin: 'B001ARYU58',
        title: 'Bowflex SelectTech 552 Adjustable Dumbbells',
        brand: 'BowFlex',
        price: 379,
        listPrice: 429,
        rating: 4.8,
        ratingCount: 21874,
        features: ['Adjusts from 5 to 52.5 lbs <script>alert(1)</script>', 'Replaces 15 sets of weights & racks'],
        images: ['https://m.media-amazon.com/images/I/main.jpg', 'https://m.media-amazon.com/images/I/side.jpg', 'javascript:alert(1)'],
      }),
      fakeItem({ asin: 'B0CRHF7D24', marketplace: 'www.amazon.co.uk', title: 'TheraGun Elite', brand: 'Therabody', price: 279, currency: 'GBP', availability: 'OUT_OF_STOCK' }),
      fakeItem({ asin: 'B0THROTTLE', title: 'Throttled', price: 10 }),
      fakeItem({ asin: 'B0EXPIRED1', title: 'Foam Roller After A Token Expired', price: 25 }),
      ...csvAsins.map((asin, i) => fakeItem({ asin, title: `Imported Item ${i}`, brand: 'Acme', price: 20 + i, rating: 4.1 })),
    ],
  });
  fake.unavailable.add('B0GONE0001');
  Object.assign(process.env, {
    AMAZON_CREATORS_CREDENTIAL_ID: fake.credentialId,
    AMAZON_CREATORS_CREDENTIAL_SECRET: fake.credentialSecret,
    AMAZON_CREATORS_CREDENTIAL_VERSION: '2.1',
    AMAZON_CREATORS_API_BASE: fake.url,
    AMAZON_CREATORS_TOKEN_URL: fake.tokenUrl,
    AMAZON_CREATORS_REQUESTS_PER_SECOND: '20',
  });
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});

afterAll(async () => {
  await api.close();
  await fake.close();
  for (const name of ENV) delete process.env[name];
});

describe('the CSV import with the Creators API', () => {
  it('creates the Amazon rows without a title and fills them from GetItems after finish, ten ASINs a request', async () => {
    const importId = randomUUID();
    const rows = csvAsins.map((asin, i) => ({ rowNumber: i + 2, values: { affiliate_link: `https://www.amazon.com/dp/${asin}/ref=sr_1_${i}`} }));
    rows.push({ rowNumber: 14, values: { affiliate_link: 'https://shop.example/no-title' } });
    const batchResponse = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: 0, rows } });
    expect(batchResponse.status).toBe(200);
    const batch = (await batchResponse.json()) as CsvImportBatchAnswer;
    expect(batch.rows.filter((row) => row.outcome === 'new')).toHaveLength(12);
    expect(batch.rows.at(-1)?.reason).toMatch(/Row 14: title is required/);
    const ids = batch.rows.flatMap((row) => (row.outcome === 'new' && row.productId ? [row.productId] : []));

    const callsBefore = fake.getItemsCalls.length;
    const finished = (await (await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } })).json()) as CsvImportFinishAnswer;
    expect(finished).toMatchObject({ scrapesStarted: 12, amazonNotice: null });

    await vi.waitFor(
      async () => {
        const filled = await db((d) => d.select().from(products).where(inArray(products.id, ids)));
        expect(filled.every((row) => row.name.startsWith('Imported Item') && row.price > 0)).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
    const first = await db((d) => d.select().from(products).where(eq(products.id, ids[0]!)).get());
    expect(first).toMatchObject({ name: 'Imported Item 0', price: 20, rating: 4.1, slug: 'imported-item-0' });
    expect(first?.attributes).toMatchObject({ asin: 'B0CSV00000', marketplace: 'www.amazon.com', brand: 'Acme', status: 'draft' });
    expect(first?.attributes.needs_review).toBeUndefined();
    // Amazon's price is a check of it: stamped, by the Creators API.
    expect(first).toMatchObject({ priceSource: 'creators-api' });
    expect(first?.priceCheckedAt).toBeInstanceOf(Date);
    expect(fake.getItemsCalls.slice(callsBefore).map((call) => call.itemIds.length)).toEqual([10, 2]);
    const audits = await db((d) => d.select().from(auditLog).where(eq(auditLog.action, 'product.amazon')));
    expect(audits).toHaveLength(12);
  });
});

describe("the product form's Fill from Amazon", () => {
  it('answers the fields of the link\'s item in the form\'s terms and stores nothing', async () => {
    const before = await counts();
    const response = await admin.fetch('/api/admin/amazon/item', { method: 'POST', json: { url: 'https://smile.amazon.com/gp/product/b001aryu58?psc=1' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      asin: 'B001ARYU58',
      marketplace: 'www.amazon.com',
      canonicalUrl: 'https://www.amazon.com/dp/B001ARYU58',
      fields: {
        name: 'Bowflex SelectTech 552 Adjustable Dumbbells',
        brand: 'BowFlex',
        imageUrl: 'https://m.media-amazon.com/images/I/main.jpg',
        galleryImageUrls: ['https://m.media-amazon.com/images/I/main.jpg', 'https://m.media-amazon.com/images/I/side.jpg'],
        price: 429,
        salePrice: 379,
        inStock: true,
        rating: 4.8,
        description: '<ul><li>Adjusts from 5 to 52.5 lbs alert(1)</li><li>Replaces 15 sets of weights &amp; racks</li></ul>',
      },
    });
    expect(await counts()).toEqual(before);
  });

  it('is admin only and refuses a link that is not Amazon\'s with a clear 422', async () => {
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/amazon/item', json: { url: 'https://www.amazon.com/dp/B001ARYU58' } });
    const response = await admin.fetch('/api/admin/amazon/item', { method: 'POST', json: { url: 'https://shop.example/roller' } });
    expect(response.status).toBe(422);
    expect((await response.json()).error.title).toBe('Amazon data unavailable');
  });
});

describe('add by link with the Creators API', () => {
  it('fills name, brand, images, price, sale price, availability, rating and features, sanitized, as an active product', async () => {
    const response = await post({ url: 'https://www.amazon.com/Bowflex-SelectTech-552/dp/B001ARYU58/ref=sr_1_1?th=1' });
    expect(response.status).toBe(201);
    const answer = fromLinkAnswerSchema.parse(await response.json());
    expect(answer).toMatchObject({ scraped: true, needsReview: null, warning: null, failure: null, product: { name: 'Bowflex SelectTech 552 Adjustable Dumbbells', status: 'active' } });
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({
      name: 'Bowflex SelectTech 552 Adjustable Dumbbells',
      price: 429,
      salePrice: 379,
      inStock: true,
      rating: 4.8,
      imageUrl: 'https://m.media-amazon.com/images/I/main.jpg',
      affiliateUrl: 'https://www.amazon.com/dp/B001ARYU58',
      status: 'active',
      priceSource: 'creators-api',
    });
    expect(row?.priceCheckedAt).toBeInstanceOf(Date);
    // The feature's markup is dropped and its text kept: Amazon's texts are plain.
    expect(row?.description).toBe('<ul><li>Adjusts from 5 to 52.5 lbs alert(1)</li><li>Replaces 15 sets of weights &amp; racks</li></ul>');
    expect(row?.attributes).toMatchObject({
      asin: 'B001ARYU58',
      marketplace: 'www.amazon.com',
      brand: 'BowFlex',
      currency: 'USD',
      product_num_ratings: 21874,
      gallery_image_urls: ['https://m.media-amazon.com/images/I/main.jpg', 'https://m.media-amazon.com/images/I/side.jpg'],
    });
    expect(row?.attributes.needs_review).toBeUndefined();
    expect(fake.getItemsCalls.at(-1)).toMatchObject({ itemIds: ['B001ARYU58'], marketplace: 'www.amazon.com', partnerTag: 'repwell-20' });
  });

  it('asks the marketplace of a regional link and keeps its currency and stock', async () => {
    const answer = fromLinkAnswerSchema.parse(await (await post({ url: 'https://www.amazon.co.uk/dp/B0CRHF7D24' })).json());
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({ name: 'TheraGun Elite', price: 279, inStock: false, affiliateUrl: 'https://www.amazon.co.uk/dp/B0CRHF7D24' });
    expect(row?.attributes).toMatchObject({ marketplace: 'www.amazon.co.uk', currency: 'GBP' });
  });

  it('a token that expired early is replaced and the product still made', async () => {
    fake.expireTokens();
    const tokens = fake.tokenCalls.length;
    const response = await post({ url: 'https://www.amazon.com/dp/B0EXPIRED1' });
    expect(response.status).toBe(201);
    expect(fake.tokenCalls.length).toBe(tokens + 1);
  });

  // Throttling comes last: the 429's Retry-After holds every later request of this process, as it must.
  it.each([
    ['an ASIN Amazon does not serve', 'https://www.amazon.com/dp/B0GONE0001', () => {}, 422, /does not make B0GONE0001 available through the Creators API/],
    ['an ASIN Amazon does not know', 'https://www.amazon.com/dp/B0NOSUCH01', () => {}, 422, /B0NOSUCH01 is not a product on www\.amazon\.com/],
    ['a malformed answer', 'https://www.amazon.com/dp/B0THROTTLE', () => fake.failNext('malformed'), 422, /cannot read; nothing was changed/],
    ['an account not eligible', 'https://www.amazon.com/dp/B0THROTTLE', () => fake.failNext({ status: 403, code: 'AssociateNotEligible' }), 422, /not eligible for the Creators API/],
    ['throttling', 'https://www.amazon.com/dp/B0THROTTLE', () => fake.failNext({ status: 429, retryAfter: '90' }), 429, /limiting this site's requests.*Try again in 90 s/],
  ])('%s is a clear %#: 4xx, never a 500, and nothing is stored', async (_name, url, arrange, status, message) => {
    const before = await counts();
    arrange();
    const response = await post({ url });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { title: string; description: string } };
    expect(body.error.title).toBe('Error processing affiliate link');
    expect(body.error.description).toMatch(message);
    if (status === 429) expect(response.headers.get('retry-after')).toBe('90');
    expect(await counts()).toEqual(before);
  });
});
