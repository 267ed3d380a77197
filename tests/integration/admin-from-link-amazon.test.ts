/**
 * Add by link with an Amazon link on a site without Creators API credentials, over HTTP against a real libSQL file.
 * What a new admin saw before: a green 'Success!'-style answer and a draft named from Amazon's error page, with
 * 'getaddrinfo ENOTFOUND' as its only data, because the server tried to scrape Amazon. What must hold: Amazon's pages
 * are never fetched; the product is a draft with its ASIN, marketplace and canonical Amazon link; the answer says
 * plainly that Amazon's data needs the Creators API and which fields to fill in; no error text is stored as data.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { affiliateLinks, products, users } from '../../db/schema.ts';
import type { CsvImportBatchAnswer, CsvImportFinishAnswer } from '../../src/domain/admin/csv/contract.ts';
import { fromLinkAnswerSchema } from '../../src/domain/admin/from-link.ts';
import { taggedAffiliateUrl } from '../../src/domain/affiliate-url.ts';
import { addProductFromLink } from '../../src/server/admin/from-link.ts';
import { followShortLink } from '../../src/server/amazon/short-link.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
/** Every DNS lookup the server makes; Amazon's hosts must never be among them. */
const lookups: string[] = [];
/** A link shortener on 127.0.0.1 that answers redirects, as amzn.to does. */
let shortener: { base: string; hostPort: string; hits: string[]; close(): Promise<void> };

const PATH = '/api/admin/products/from-link';
const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const post = (json: unknown) => admin.fetch(PATH, { method: 'POST', json });
const productRow = (id: number) => db((d) => d.select().from(products).where(eq(products.id, id)).get());
const productCount = async () => (await db((d) => d.select({ n: count() }).from(products).get()))?.n ?? 0;
const actor = async () => ({ id: (await db((d) => d.select().from(users).where(eq(users.role, 'admin')).get()))!.id, email: 'a@example.com' });
const recordingResolver = async (host: string) => {
  lookups.push(host);
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    const routes: Record<string, string> = {
      '/3xYzAbC': 'https://www.amazon.co.uk/Bowflex-SelectTech-552i/dp/B001ARYU58/ref=cm_sw_r_cp_api?tag=someone-21',
      '/hop': '/3xYzAbC',
      '/search': 'https://www.amazon.com/s?k=foam+roller',
      '/elsewhere': 'https://shop.example/item',
    };
    const location = routes[request.url ?? ''];
    response.writeHead(location ? 301 : 404, location ? { location } : {});
    response.end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  shortener = { base: `http://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}`, hits, close: () => new Promise((done) => server.close(() => done())) };
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});

afterAll(async () => {
  await api.close();
  await shortener.close();
});

describe('an Amazon link without Creators API credentials', () => {
  it('is a draft with its ASIN, marketplace and canonical link, and a message that names the Creators API and the fields to fill', async () => {
    const url = 'https://www.amazon.com/dp/B08N5WRWNW/ref=sr_1_3?th=1';
    const response = await post({ url });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toMatch(/Success|ENOTFOUND|getaddrinfo/);
    const answer = fromLinkAnswerSchema.parse(JSON.parse(text));
    expect(answer).toMatchObject({
      scraped: false,
      failure: null,
      needsReview: 'amazon-data',
      affiliateLink: { platform: 'amazon', platformProductId: 'B08N5WRWNW' },
      product: { status: 'draft' },
    });
    expect(answer.product.name).not.toMatch(/^amazon$/i);
    expect(answer.warning).toBe(
      "Amazon's product data needs Amazon's Creators API, which is not configured on this site (set AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET and AMAZON_CREATORS_CREDENTIAL_VERSION); Amazon's pages are never scraped. Saved as a draft with ASIN B08N5WRWNW (www.amazon.com) and its Amazon link. Fill in the name, brand, images, price, sale price, availability, rating and features in the editor before publishing.",
    );
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({ name: '', price: 0, imageUrl: null, status: 'draft', affiliateUrl: 'https://www.amazon.com/dp/B08N5WRWNW', affiliateSource: 'amazon' });
    expect(row?.attributes).toMatchObject({ asin: 'B08N5WRWNW', marketplace: 'www.amazon.com', affiliate_network: 'amazon', needs_review: 'amazon-data' });
    expect(JSON.stringify(row)).not.toMatch(/ENOTFOUND|getaddrinfo|Could not fetch/);
    expect(row?.attributes.scrape).toBeUndefined();
    expect(taggedAffiliateUrl(row?.affiliateUrl, 'repwell-20')).toBe('https://www.amazon.com/dp/B08N5WRWNW?tag=repwell-20');
    const [link] = await db((d) => d.select().from(affiliateLinks).where(eq(affiliateLinks.id, answer.affiliateLink.id)));
    expect(link?.originalUrl).toBe(url);
  });

  it('never looks up or fetches Amazon, keeps a title slug as the draft’s name and a regional store as its marketplace', async () => {
    const url = 'https://www.amazon.co.uk/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24?ref=sr_1_1';
    lookups.length = 0;
    const answer = await addProductFromLink(api.temp.database, await actor(), url, { resolve: recordingResolver });
    expect(lookups).toEqual([]);
    expect(answer).toMatchObject({ scraped: false, failure: null, product: { name: 'TheraGun Elite Massage Gun', status: 'draft' } });
    expect(answer.warning).toMatch(/ASIN B0CRHF7D24 \(www\.amazon\.co\.uk\)/);
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({ affiliateUrl: 'https://www.amazon.co.uk/dp/B0CRHF7D24' });
    expect(row?.attributes).toMatchObject({ asin: 'B0CRHF7D24', marketplace: 'www.amazon.co.uk' });
  });

  it('the same product pasted again in another shape is the existing one (409), nothing stored', async () => {
    const before = await productCount();
    const response = await post({ url: 'https://smile.amazon.com/gp/product/b08n5wrwnw?psc=1' });
    expect(response.status).toBe(409);
    expect(await productCount()).toBe(before);
  });

  it('an Amazon link that names no product is refused with a clear 422 and nothing stored', async () => {
    const before = await productCount();
    const response = await post({ url: 'https://www.amazon.com/s?k=foam+roller' });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toEqual({
      title: 'Error processing affiliate link',
      description: "This Amazon link names no product (it has no ASIN): paste the link of the product's own page, the one with /dp/ and a ten-character code.",
    });
    expect(await productCount()).toBe(before);
  });

  it('a short link that cannot be followed is a 422 that says so, without the resolver’s internals, and stores nothing', async () => {
    const before = { products: await productCount(), links: (await db((d) => d.select({ n: count() }).from(affiliateLinks).get()))?.n };
    lookups.length = 0;
    await expect(addProductFromLink(api.temp.database, await actor(), 'https://amzn.to/3xYzAbC', { resolve: recordingResolver })).rejects.toMatchObject({
      status: 422,
      description: "The short link https://amzn.to/3xYzAbC could not be followed: amzn.to could not be reached. Paste the product's full Amazon link (with /dp/ and its ASIN) instead.",
    });
    expect(lookups).toEqual(['amzn.to']);
    expect(await productCount()).toBe(before.products);
    expect((await db((d) => d.select({ n: count() }).from(affiliateLinks).get()))?.n).toBe(before.links);
  });
});

describe('short links are followed by their redirects only', () => {
  it('stops at the first Amazon store URL, through several hops, without loading it', async () => {
    shortener.hits.length = 0;
    expect(await followShortLink(`${shortener.base}/hop`, { allowedHosts: [shortener.hostPort] })).toEqual({
      ok: true,
      link: { asin: 'B001ARYU58', marketplace: 'www.amazon.co.uk', canonicalUrl: 'https://www.amazon.co.uk/dp/B001ARYU58' },
      shortLink: `${shortener.base}/hop`,
    });
    expect(shortener.hits).toEqual(['/hop', '/3xYzAbC']);
  });

  it('a short link to an Amazon page without a product, or to another shop, is named so', async () => {
    expect(await followShortLink(`${shortener.base}/search`, { allowedHosts: [shortener.hostPort] })).toMatchObject({ ok: false, message: expect.stringMatching(/names no product/) });
    expect(await followShortLink(`${shortener.base}/elsewhere`, { allowedHosts: [shortener.hostPort], resolve: recordingResolver })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not lead to an Amazon product page/),
    });
  });
});

describe('the CSV import without Creators API credentials', () => {
  it('creates Amazon rows without a title as drafts with their ASIN and marketplace, and the finish answer says why they have no data', async () => {
    const importId = randomUUID();
    const rows = [
      { rowNumber: 2, values: { affiliate_link: 'https://www.amazon.de/dp/B0CSVDE001/ref=sr_1_1' } },
      { rowNumber: 3, values: { affiliate_link: 'https://www.amazon.com/Yoga-Block-Pair/dp/B0CSVUS001' } },
      { rowNumber: 4, values: { affiliate_link: 'https://www.amazon.com/s?k=yoga' } },
    ];
    lookups.length = 0;
    const batch = (await (await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId, batchIndex: 0, rows } })).json()) as CsvImportBatchAnswer;
    expect(batch.rows.map((row) => row.outcome)).toEqual(['new', 'new', 'error']);
    expect(batch.rows[2]?.reason).toMatch(/Row 4: title is required/);
    const finished = (await (await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId } })).json()) as CsvImportFinishAnswer;
    expect(finished.amazonNotice).toBe(
      "2 Amazon products were imported without Amazon's data: it needs Amazon's Creators API, which is not configured on this site (set AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET and AMAZON_CREATORS_CREDENTIAL_VERSION). Fill in the name, brand, images, price, sale price, availability, rating and features in the editor, or give the rows a title and price.",
    );
    const [de, us] = await Promise.all([productRow(batch.rows[0]!.productId!), productRow(batch.rows[1]!.productId!)]);
    expect(de).toMatchObject({ name: '', status: 'draft', price: 0 });
    expect(de?.attributes).toMatchObject({ asin: 'B0CSVDE001', marketplace: 'www.amazon.de', needs_review: 'amazon-data' });
    expect(us).toMatchObject({ name: 'Yoga Block Pair', status: 'draft' });
    expect(lookups).toEqual([]);
  });
});

describe("the product form's Fill from Amazon without credentials", () => {
  it('says which variables are missing and which fields to fill by hand', async () => {
    const response = await admin.fetch('/api/admin/amazon/item', { method: 'POST', json: { url: 'https://www.amazon.co.uk/dp/B001ARYU58' } });
    expect(response.status).toBe(422);
    expect((await response.json()).error).toEqual({
      title: 'Amazon data unavailable',
      description:
        "Amazon's Creators API is not configured: AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET, AMAZON_CREATORS_CREDENTIAL_VERSION are not set. Amazon's data needs the Creators API; fill in the name, brand, images, price, sale price, availability, rating, features by hand (ASIN B001ARYU58, www.amazon.co.uk).",
    });
  });
});
