/**
 * POST /api/admin/products/from-link over HTTP against a real libSQL file and a retailer on 127.0.0.1 (issue 11,
 * points 2, 3 and 10): who may call it and the write guards, the spec's validation messages, a good scrape stored
 * with its link, audit entries and rebuild request, the fallback draft for ordinary failures, and more than 25
 * hostile targets refused through this endpoint with a clear error and nothing stored but the link row.
 *
 * The fixture retailer is reachable only because SCRAPE_ALLOWED_HOSTS names its host:port (set before the server
 * reads its environment), exactly as the production rule would allow a test host.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { affiliateLinks, auditLog, products, siteBuilds, users } from '../../db/schema.ts';
import { fromLinkAnswerSchema } from '../../src/domain/admin/from-link.ts';
import { taggedAffiliateUrl } from '../../src/domain/affiliate-url.ts';
import { addProductFromLink } from '../../src/server/admin/from-link.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';
import { startScrapeFixtures, type ScrapeFixtures } from '../helpers/scrape-fixtures.ts';

let api: LocalApi;
let admin: Browser;
let shop: ScrapeFixtures;
/** An internal service on another local port that no test may ever reach. */
let internal: { port: number; hits: number; close(): Promise<void> };
/** An allowed host:port where nothing listens: a shop that is down. */
let downPort: number;

const PATH = '/api/admin/products/from-link';
const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const post = (json: unknown, browser = admin) => browser.fetch(PATH, { method: 'POST', json });
const productCount = async () => (await db((d) => d.select({ n: count() }).from(products).get()))?.n ?? 0;
const linksFor = (url: string) => db((d) => d.select().from(affiliateLinks).where(eq(affiliateLinks.originalUrl, url)));
const productRow = (id: number) => db((d) => d.select().from(products).where(eq(products.id, id)).get());

async function listenOnce(): Promise<{ port: number; hits: number; close(): Promise<void> }> {
  const state = { hits: 0 };
  const server = createServer((_req, res) => {
    state.hits += 1;
    res.end('internal secret');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    get hits() {
      return state.hits;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

beforeAll(async () => {
  shop = await startScrapeFixtures();
  internal = await listenOnce();
  const down = await listenOnce();
  downPort = down.port;
  await down.close();
  // Read once, on the server's first use of its environment: before any request.
  process.env.SCRAPE_ALLOWED_HOSTS = `${shop.hostPort},127.0.0.1:${downPort}`;
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});

afterAll(async () => {
  await api.close();
  await shop.close();
  await internal.close();
  delete process.env.SCRAPE_ALLOWED_HOSTS;
});

describe('who may add by link', () => {
  it('answers 401 to a visitor and 403 to a user, refuses cross-site and non-JSON writes, and stores nothing', async () => {
    const url = `${shop.base}/pages/jsonld-product.html?guard`;
    const before = await productCount();
    await expectAdminOnly(api, { method: 'POST', path: PATH, json: { url } });
    await expectWriteGuards(admin, { method: 'POST', path: PATH, json: { url } });
    expect(await productCount()).toBe(before);
    expect(await linksFor(url)).toEqual([]);
    expect(shop.hits.get('/pages/jsonld-product.html') ?? 0).toBe(0);
  });
});

describe('the link is checked first (spec section 5)', () => {
  it.each([
    [{ url: '' }, 'Error', 'Please enter an affiliate link'],
    [{ url: '   ' }, 'Error', 'Please enter an affiliate link'],
    [{}, 'Error', 'Please enter an affiliate link'],
    [{ url: 42 }, 'Error', 'Please enter an affiliate link'],
    [[], 'Error', 'Please enter an affiliate link'],
    [{ url: 'www.amazon.com/dp/B08N5WRWNW' }, 'Please enter a valid URL', 'URL must start with http:// or https://'],
    [{ url: 'ftp://shop.example/item' }, 'Please enter a valid URL', 'URL must start with http:// or https://'],
    [{ url: 'javascript:alert(1)' }, 'Please enter a valid URL', 'URL must start with http:// or https://'],
    [{ url: 'http://' }, 'Please enter a valid URL', 'URL must start with http:// or https://'],
    [{ url: `https://shop.example/${'a'.repeat(2100)}` }, 'Please enter a valid URL', 'The affiliate link must be at most 2048 characters.'],
  ])('%j → 422 %s / %s, nothing stored', async (json, title, description) => {
    const links = (await db((d) => d.select({ n: count() }).from(affiliateLinks).get()))?.n;
    const response = await post(json);
    expect(response.status).toBe(422);
    expect((await response.json()).error).toEqual({ title, description });
    expect((await db((d) => d.select({ n: count() }).from(affiliateLinks).get()))?.n).toBe(links);
  });
});

describe('a page that is read', () => {
  it('creates the link row and an active product with the scraped fields, two audit entries and a rebuild request', async () => {
    const url = `${shop.base}/pages/jsonld-product.html`;
    const response = await post({ url: `  ${url}  ` });
    expect(response.status).toBe(201);
    const answer = fromLinkAnswerSchema.parse(await response.json());
    expect(answer).toMatchObject({
      product: { name: 'PulseFit Recovery Massage Gun Pro', slug: 'pulsefit-recovery-massage-gun-pro', status: 'active', publicPath: '/product/pulsefit-recovery-massage-gun-pro' },
      affiliateLink: { platform: 'generic', platformProductId: null, status: 'active' },
      scraped: true,
      needsReview: null,
      failure: null,
    });

    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({
      name: 'PulseFit Recovery Massage Gun Pro',
      description: '<p>Quiet percussion massager with six heads &amp; a 5-hour battery.</p>',
      price: 1299.99,
      imageUrl: `${shop.base}/images/massage-gun-main.jpg`,
      rating: 4.6,
      availability: true,
      inStock: true,
      affiliateUrl: url,
      affiliateLinkId: answer.affiliateLink.id,
      specifications: { Weight: '1.1 kg', Speeds: '5' },
      status: 'active',
    });
    expect(row?.attributes).toMatchObject({ currency: 'USD', brand: 'PulseFit', sku: 'PF-MG-PRO', status: 'active', scrape: { outcome: 'json-ld', url } });
    expect(row?.attributes.needs_review).toBeUndefined();

    const [link] = await linksFor(url);
    expect(link).toMatchObject({ id: answer.affiliateLink.id, status: 'active', platform: 'generic' });
    const admins = await db((d) => d.select({ id: users.id }).from(users).where(eq(users.role, 'admin')));
    expect(admins.map((a) => a.id)).toContain(link?.userId);

    const audit = await db((d) => d.select().from(auditLog).where(eq(auditLog.action, 'product.create')));
    expect(audit.some((entry) => entry.entityId === String(answer.product.id))).toBe(true);
    const linkAudit = await db((d) => d.select().from(auditLog).where(and(eq(auditLog.action, 'affiliate_link.create'), eq(auditLog.entityId, String(link!.id)))));
    expect(linkAudit).toHaveLength(1);
    expect((await db((d) => d.select().from(siteBuilds).where(eq(siteBuilds.reason, 'product added from a link')))).length).toBeGreaterThan(0);
  });

  it.each([
    ['microdata-product.html', 'Cork Yoga Block Pair', 24.5],
    ['opengraph-product.html', 'Iron Den Adjustable Dumbbell 25 kg', 1299],
    ['amazon-product.html', 'TheraGun Elite Massage Gun', 1199],
    ['title-only.html', 'Balance Board for Standing Desks', 0],
  ])('reads %s', async (file, name, price) => {
    const response = await post({ url: `${shop.base}/pages/${file}` });
    expect(response.status).toBe(201);
    const answer = fromLinkAnswerSchema.parse(await response.json());
    expect([answer.scraped, answer.product.name]).toEqual([true, name]);
    expect((await productRow(answer.product.id))?.price).toBe(price);
  });

  it('follows a redirect chain on the allowed host to the product page', async () => {
    const response = await post({ url: `${shop.base}/chain/3` });
    const answer = fromLinkAnswerSchema.parse(await response.json());
    expect(answer.scraped).toBe(true);
    expect((await productRow(answer.product.id))?.attributes.scrape).toMatchObject({ url: `${shop.base}/pages/jsonld-product.html` });
  });
});

describe('the fallback draft when the page cannot be read', () => {
  it.each([
    ['/pages/cork-foam-roller-pro.html', 'http-status', 'Cork Foam Roller Pro'],
    ['/pages/short-page.html', 'page-too-short', 'Short Page'],
    ['/pages/unknown-product.html', 'no-name', 'Unknown Product'],
    ['/json', 'not-html', 'Json'],
  ])('%s (%s): a draft named from the URL, price 0, no image, needing review', async (path, code, name) => {
    const url = `${shop.base}${path}`;
    const response = await post({ url });
    expect(response.status).toBe(201);
    const answer = fromLinkAnswerSchema.parse(await response.json());
    expect(answer).toMatchObject({ scraped: false, needsReview: 'scrape-failed', failure: { code }, product: { name, status: 'draft' } });
    expect(answer.warning).toMatch(/^The product page could not be read: /);
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({ name, price: 0, imageUrl: null, status: 'draft', description: '', affiliateUrl: url });
    expect(row?.attributes).toMatchObject({ needs_review: 'scrape-failed', scrape: { outcome: code, url } });
    expect(await linksFor(url)).toHaveLength(1);
  });

  it('a shop that is down (connection refused) is an ordinary failure too', async () => {
    const url = `http://127.0.0.1:${downPort}/products/steel-mace-10kg`;
    const answer = fromLinkAnswerSchema.parse(await (await post({ url })).json());
    expect(answer).toMatchObject({ scraped: false, failure: { code: 'network' }, product: { name: 'Steel Mace 10kg', status: 'draft' } });
  });

  it('an Amazon link is never fetched: it keeps its platform, ASIN and canonical link; pages tag it when shown', async () => {
    const url = 'https://www.amazon.com/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24?ref=sr_1_1';
    const answer = await addProductFromLink(api.temp.database, { id: (await db((d) => d.select().from(users).where(eq(users.role, 'admin')).get()))!.id, email: 'a@example.com' }, url, {
      resolve: async () => {
        throw new Error('Amazon must not be looked up');
      },
    });
    expect(answer).toMatchObject({ scraped: false, failure: null, affiliateLink: { platform: 'amazon', platformProductId: 'B0CRHF7D24' }, product: { name: 'TheraGun Elite Massage Gun' } });
    expect(answer.warning).toMatch(/needs Amazon's Creators API.*ASIN B0CRHF7D24 \(www\.amazon\.com\)/);
    const row = await productRow(answer.product.id);
    expect(row?.affiliateUrl).toBe('https://www.amazon.com/dp/B0CRHF7D24');
    expect(row?.affiliateSource).toBe('amazon');
    expect(row?.attributes).toMatchObject({ asin: 'B0CRHF7D24', affiliate_network: 'amazon', marketplace: 'www.amazon.com' });
    expect(taggedAffiliateUrl(row?.affiliateUrl, 'repwell-20')).toBe('https://www.amazon.com/dp/B0CRHF7D24?tag=repwell-20');
  });
});

describe('a failed read never invents a name and never says Success', () => {
  const actor = async () => ({ id: (await db((d) => d.select().from(users).where(eq(users.role, 'admin')).get()))!.id, email: 'a@example.com' });
  const unreachable = async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND www.amazon.com'), { code: 'ENOTFOUND' });
  };

  it('a bot wall (503) on …/dp/B001ARYU58/ref=sr_1_3: a draft with no name (not "Ref=sr 1 3"), the reason in the answer', async () => {
    const url = `${shop.base}/dp/B001ARYU58/ref=sr_1_3`;
    const response = await post({ url });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toMatch(/Success/);
    const answer = fromLinkAnswerSchema.parse(JSON.parse(text));
    expect(answer).toMatchObject({ scraped: false, failure: { code: 'http-status' }, product: { name: '', status: 'draft' } });
    expect(answer.warning).toBe(
      'The product page could not be read: the shop answered HTTP 503, which retailers send to refuse automated visits. The name, price, image and description are empty: fill them in the editor before publishing.',
    );
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({ name: '', price: 0, imageUrl: null, status: 'draft' });
    expect(row?.slug).toMatch(/^untitled-draft(-\d+)?$/);
  });

  it('an Amazon link without the Creators API keeps the retailer and ASIN from the link and no name (not "Amazon")', async () => {
    const url = 'https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3';
    const answer = await addProductFromLink(api.temp.database, await actor(), url, { resolve: unreachable });
    expect(answer).toMatchObject({ scraped: false, affiliateLink: { platform: 'amazon', platformProductId: 'B001ARYU58' }, product: { name: '', slug: 'b001aryu58' } });
    expect(answer.warning).toMatch(/Saved as a draft with ASIN B001ARYU58 \(www\.amazon\.com\)/);
    const row = await productRow(answer.product.id);
    expect(row).toMatchObject({ name: '', affiliateSource: 'amazon', status: 'draft' });
    expect(row?.attributes).toMatchObject({ asin: 'B001ARYU58', needs_review: 'amazon-data' });
  });

  it('a shop that stalls (10 s limit) is a draft with the reason, not a refusal', async () => {
    const url = `${shop.base}/drip`;
    const response = await post({ url });
    expect(response.status).toBe(201);
    const answer = fromLinkAnswerSchema.parse(await response.json());
    expect(answer).toMatchObject({ scraped: false, failure: { code: 'timeout' }, product: { status: 'draft' } });
    expect(answer.failure?.message).toMatch(/took longer than the 10 s limit/);
    expect(answer.warning).toMatch(/did not answer in time/);
  }, 30_000);
});

describe('a link already in the catalogue', () => {
  it('pasting it again (other tracking) offers the existing product: 409, no copy, no link row, no fetch', async () => {
    const first = `${shop.base}/pages/opengraph-product.html?variant=dup`;
    const created = fromLinkAnswerSchema.parse(await (await post({ url: first })).json());
    const again = `${shop.base}/pages/opengraph-product.html?utm_source=newsletter&variant=dup&ref=sr_1_3`;
    const before = { products: await productCount(), hits: shop.hits.get('/pages/opengraph-product.html') };
    const response = await post({ url: again });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        title: 'Already in the catalogue',
        description: '"Iron Den Adjustable Dumbbell 25 kg" already has this link. Open the existing product instead of adding it twice.',
      },
      existing: { id: created.product.id, name: created.product.name, slug: created.product.slug, status: 'active', publicPath: `/product/${created.product.slug}` },
    });
    expect(await productCount()).toBe(before.products);
    expect(await linksFor(again)).toEqual([]);
    expect(shop.hits.get('/pages/opengraph-product.html')).toBe(before.hits);
  });

  it('an Amazon ASIN already listed is offered whatever the path, host form or tag: no "amazon-2"', async () => {
    const actor = { id: (await db((d) => d.select().from(users).where(eq(users.role, 'admin')).get()))!.id, email: 'a@example.com' };
    const created = await addProductFromLink(api.temp.database, actor, 'https://www.amazon.com/Foam-Roller-Pro/dp/B07DUPE001?tag=other-20', {
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND www.amazon.com'), { code: 'ENOTFOUND' });
      },
    });
    const before = await productCount();
    for (const url of ['https://www.amazon.com/dp/B07DUPE001/ref=sr_1_3', 'https://amazon.com/gp/product/b07dupe001?th=1&psc=1']) {
      const response = await post({ url });
      expect(response.status).toBe(409);
      expect((await response.json()).existing).toMatchObject({ id: created.product.id, name: 'Foam Roller Pro' });
    }
    expect(await productCount()).toBe(before);
    const copies = await db((d) => d.select({ slug: products.slug }).from(products).where(sql`${products.slug} glob 'foam-roller-pro-*' or ${products.slug} glob 'amazon*'`));
    expect(copies).toEqual([]);
  });

  it('two pastes of one new link at the same moment make one product; the other is offered it', async () => {
    const url = `${shop.base}/pages/opengraph-product.html?variant=twice`;
    const before = await productCount();
    const [a, b] = await Promise.all([post({ url }), post({ url })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const created = fromLinkAnswerSchema.parse(await (a.status === 201 ? a : b).json());
    expect((await (a.status === 409 ? a : b).json()).existing).toMatchObject({ id: created.product.id });
    expect(await productCount()).toBe(before + 1);
    expect(await linksFor(url)).toHaveLength(1);
  });

  it('a different product on the same shop is still added', async () => {
    const response = await post({ url: `${shop.base}/pages/opengraph-product.html?variant=other` });
    expect(response.status).toBe(201);
  });
});

describe('hostile targets: a clear error, and nothing stored but the link row', () => {
  const redirect = (to: string) => `/redirect?to=${encodeURIComponent(to)}`;
  const targets: [string, () => string, RegExp][] = [
    ['decimal IPv4 of 127.0.0.1', () => 'http://2130706433/', /loopback/],
    ['octal IPv4', () => 'http://0177.0.0.1/', /loopback/],
    ['hex IPv4', () => 'http://0x7f.0.0.1/', /loopback/],
    ['one hex number', () => 'http://0x7f000001/', /loopback/],
    ['short IPv4', () => 'http://127.1/', /loopback/],
    ['[::1]', () => 'http://[::1]/', /loopback/],
    ['IPv4-mapped [::ffff:127.0.0.1]', () => 'http://[::ffff:127.0.0.1]/', /loopback/],
    ['IPv4-mapped in hex', () => 'http://[::ffff:7f00:1]/', /loopback/],
    ['0.0.0.0', () => 'http://0.0.0.0/', /unspecified/],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['IPv6 metadata', () => 'http://[fd00:ec2::254]/', /cloud metadata/],
    ['private 10/8', () => 'http://10.0.0.1/', /private/],
    ['private 192.168/16', () => 'https://192.168.1.1/', /private/],
    ['private 172.16/12', () => 'http://172.16.5.4/', /private/],
    ['carrier-grade NAT', () => 'http://100.64.0.1/', /carrier-grade NAT/],
    ['multicast', () => 'http://224.0.0.1/', /multicast/],
    ['unique-local IPv6', () => 'http://[fc00::1]/', /unique.local/i],
    ['link-local IPv6', () => 'http://[fe80::1]/', /link-local/],
    ['a DNS name resolving to 127.0.0.1 (localhost)', () => 'http://localhost/', /^Failed to create product: Refused to fetch localhost \((127\.0\.0\.1|::1)\)/],
    ['an internal port on loopback', () => `http://127.0.0.1:${internal.port}/`, /port|loopback/],
    ['a public name on a port other than 80 or 443', () => 'http://shop.example:8080/', /port/],
    ['credentials in the URL', () => 'http://user:pass@shop.example/', /user name or password/],
    ['a redirect from the allowed host to another local port', () => `${shop.base}${redirect(`http://127.0.0.1:${internal.port}/`)}`, /port/],
    ['a redirect to the metadata address', () => `${shop.base}${redirect('http://169.254.169.254/')}`, /cloud metadata/],
    ['a redirect to [::1]', () => `${shop.base}${redirect('http://[::1]/')}`, /loopback/],
    ['a redirect to localhost', () => `${shop.base}${redirect('http://localhost/')}`, /localhost/],
    ['a redirect to file:', () => `${shop.base}${redirect('file:///etc/passwd')}`, /file:|scheme|http/i],
    ['a redirect loop', () => `${shop.base}/loop-a`, /loop/],
    ['six redirects', () => `${shop.base}/chain/6`, /more than 5 times/],
    ['a gzip bomb', () => `${shop.base}/gzip-bomb`, /larger than the 3 MB limit/],
    ['an endless body', () => `${shop.base}/endless`, /larger than the 3 MB limit/],
  ];

  it('tests at least 25 of them', () => {
    expect(targets.length).toBeGreaterThanOrEqual(25);
  });

  it.each(targets)('%s', async (_name, target, reason) => {
    const url = target();
    const before = await productCount();
    const response = await post({ url });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.title).toBe('Error processing affiliate link');
    expect(error.description).toMatch(/^Failed to create product: /);
    expect(error.description).toMatch(reason);
    expect(await productCount()).toBe(before);
    const links = await linksFor(url);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ status: 'active' });
    expect(internal.hits).toBe(0);
  });
});

describe('when the database refuses the product', () => {
  it("answers 500 'Failed to create product: …' over HTTP, keeps the link row and requests no rebuild", async () => {
    const url = `${shop.base}/pages/jsonld-product.html?refused`;
    const rebuilds = async () => (await db((d) => d.select().from(siteBuilds).where(eq(siteBuilds.reason, 'product added from a link')))).length;
    const before = { products: await productCount(), rebuilds: await rebuilds() };
    // A real SQLite refusal, raised by a trigger on the same file the function writes to.
    await db((d) => d.run(sql.raw(`create trigger refuse_products_http before insert on products begin select raise(abort, 'refused by test'); end`)));
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await post({ url });
      expect(response.status).toBe(500);
      expect((await response.json()).error).toEqual({
        title: 'Error processing affiliate link',
        description: 'Failed to create product: The database could not save it. Try again.',
      });
    } finally {
      quiet.mockRestore();
      await db((d) => d.run(sql.raw('drop trigger if exists refuse_products_http')));
    }
    expect(await productCount()).toBe(before.products);
    expect(await linksFor(url)).toHaveLength(1);
    expect(await rebuilds()).toBe(before.rebuilds);
  });
});
