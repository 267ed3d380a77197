/**
 * Counting you can believe (issue 14, point 2): 1,000 beacons from mixed clients, 50 in flight at a time, over HTTP to
 * the real local server: distinct visitors, repeats within the window (sent in parallel with the first, so the
 * repeat check is raced), declared bots, prefetch and prerender requests, beacons of pages built before click ids,
 * and bad bodies (an unknown product among them). The stored totals must equal what this test computes from the list it sent: analytics rows per
 * event type and page path, each product's click_count, and the clicks rows with their product, page and network.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, productAnalytics, products } from '../../db/schema.ts';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import { Browser, freshLoopbackAddress, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
const catalogue = [
  { slug: 'yoga-mat', affiliateUrl: 'https://brand.sjv.io/c/1234567/654321/4321', network: 'impact' },
  { slug: 'kettlebell', affiliateUrl: 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&ued=https%3A%2F%2Fshop.example%2Fk', network: 'awin' },
  { slug: 'foam-roller', affiliateUrl: 'https://www.amazon.com/dp/B000000002', network: 'amazon' },
  { slug: 'bands', affiliateUrl: 'https://www.ebay.com/itm/123456789012?campid=5338000001', network: 'ebay' },
  { slug: 'bench', affiliateUrl: 'https://shop.example/bench', network: null },
] as const;
const ids = new Map<string, number>();

beforeAll(async () => {
  api = await startLocalApi();
  await api.temp.database.run(async (db) => {
    const rows = await db
      .insert(products)
      .values(catalogue.map((item) => ({ name: item.slug, slug: item.slug, price: 10, affiliateUrl: item.affiliateUrl })))
      .returning({ id: products.id, slug: products.slug });
    for (const row of rows) ids.set(row.slug, row.id);
  });
});
afterAll(() => api.close());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const BOTS = ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'facebookexternalhit/1.1', ''];
const PREFETCH: Record<string, string>[] = [
  { 'sec-purpose': 'prefetch' },
  { 'sec-purpose': 'prefetch;prerender' },
  { purpose: 'prefetch' },
  { 'x-purpose': 'preview' },
  { 'x-moz': 'prefetch' },
];
const PAGES = ['/products', '/', '/products/category/recovery', '/blog/best-rollers'];

/** One beacon, and what it must do: its answer, and whether it may be counted and stored. */
interface Beacon {
  address: string;
  userAgent: string;
  headers: Record<string, string>;
  body: string;
  expectedStatus: number;
  /** A browser's valid event for a known product: counted unless its (address, product, event) was counted already. */
  countable?: { productId: number; event: 'view' | 'click'; pagePath: string | null; clickId?: string; productSlug: string };
}

function plan(): Beacon[] {
  const beacons: Beacon[] = [];
  const valid = (address: string, index: number, userAgent = CHROME, headers: Record<string, string> = {}, expectedStatus = 204): Beacon => {
    const item = catalogue[index % catalogue.length]!;
    const productId = ids.get(item.slug)!;
    const kind = index % 3;
    if (kind === 0) {
      const body = { productId, event: 'view' as const };
      const countable = expectedStatus === 204 && userAgent === CHROME && Object.keys(headers).length === 0;
      return { address, userAgent, headers, body: JSON.stringify(body), expectedStatus, countable: countable ? { ...body, pagePath: `/product/${item.slug}`, productSlug: item.slug } : undefined };
    }
    // Most clicks carry a click id; every seventh is an old page's beacon without one.
    const withId = index % 7 !== 0;
    const pagePath = PAGES[index % PAGES.length]!;
    const body = withId ? { productId, event: 'click' as const, clickId: newClickId(), pagePath, network: item.network } : { productId, event: 'click' as const };
    const countable = expectedStatus === 204 && userAgent === CHROME && Object.keys(headers).length === 0;
    return {
      address,
      userAgent,
      headers,
      body: JSON.stringify(body),
      expectedStatus,
      countable: countable ? { productId, event: 'click', pagePath: withId ? pagePath : null, clickId: 'clickId' in body ? body.clickId : undefined, productSlug: item.slug } : undefined,
    };
  };

  // 500 visitors, one beacon each.
  const visitors = Array.from({ length: 500 }, () => freshLoopbackAddress());
  visitors.forEach((address, index) => beacons.push(valid(address, index)));
  // 150 repeats: the same visitor, product and event again (a new click id for a click), within the window.
  for (let index = 0; index < 150; index++) beacons.push(valid(visitors[index * 3]!, index * 3));
  // 40 visitors who each view one product and click two others.
  for (let index = 0; index < 40; index++) {
    const address = freshLoopbackAddress();
    for (let offset = 0; offset < 3; offset++) beacons.push(valid(address, index * 3 + offset));
  }
  // 90 declared bots.
  for (let index = 0; index < 90; index++) beacons.push(valid(freshLoopbackAddress(), index, BOTS[index % BOTS.length]!));
  // 80 prefetches and prerenders.
  for (let index = 0; index < 80; index++) beacons.push(valid(freshLoopbackAddress(), index, CHROME, PREFETCH[index % PREFETCH.length]!));
  // 60 bad bodies, an unknown product and an oversized body among them: answered 4xx, nothing stored.
  const productId = ids.get('yoga-mat')!;
  const bad: [string, number][] = [
    ['not json', 400],
    [JSON.stringify({ productId, event: 'conversion' }), 422],
    [JSON.stringify({ productId, event: 'click', clickId: 'short', pagePath: '/' }), 422],
    [JSON.stringify({ productId, event: 'click', clickId: newClickId() }), 422],
    [JSON.stringify({ productId, event: 'click', clickId: newClickId(), pagePath: 'https://evil.example/' }), 422],
    [JSON.stringify({ productId, event: 'view', clickId: newClickId(), pagePath: '/' }), 422],
    // An unknown product is answered like any event (the write after the answer leaves it out) and stored nowhere.
    [JSON.stringify({ productId: 999_999, event: 'click', clickId: newClickId(), pagePath: '/' }), 204],
    [JSON.stringify({ productId, event: 'click', clickId: newClickId(), pagePath: `/${'x'.repeat(2000)}` }), 413],
  ];
  for (let index = 0; index < 60; index++) {
    const [body, status] = bad[index % bad.length]!;
    beacons.push({ address: freshLoopbackAddress(), userAgent: CHROME, headers: {}, body, expectedStatus: status });
  }
  expect(beacons).toHaveLength(500 + 150 + 120 + 90 + 80 + 60);
  return beacons;
}

async function inParallel<T, R>(items: readonly T[], concurrency: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!);
      }
    }),
  );
  return results;
}

describe('1,000 beacons from mixed clients, 50 at a time', () => {
  it('store exactly the events and clicks computed by hand', async () => {
    const beacons = plan();
    expect(beacons.length).toBe(1000);
    // Shuffle deterministically so repeats, bots and bad bodies interleave with first visits.
    const order = beacons.map((beacon, index) => ({ beacon, key: (index * 7919) % 1000 })).sort((a, b) => a.key - b.key).map(({ beacon }) => beacon);
    const statuses = await inParallel(order, 50, async (beacon) => {
      const response = await new Browser(api.server.url, { address: beacon.address }).fetch('/api/track', {
        method: 'POST',
        body: beacon.body,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': beacon.userAgent, 'sec-fetch-site': 'same-origin', ...beacon.headers },
      });
      await response.arrayBuffer();
      return response.status;
    });
    expect(statuses).toEqual(order.map((beacon) => beacon.expectedStatus));
    // Events are written after the answer (src/server/track-writer.ts): the figures are read once that work is done.
    await api.server.settled();

    // By hand: one counted event per (address, product, event); every valid click with an id stored.
    const counted = new Map<string, NonNullable<Beacon['countable']>>();
    for (const beacon of beacons) {
      if (!beacon.countable) continue;
      const key = `${beacon.address}|${beacon.countable.productId}|${beacon.countable.event}`;
      // Which of a raced group counts is not known, but all share product and event; page paths of a repeat group are equal by construction.
      if (!counted.has(key)) counted.set(key, beacon.countable);
    }
    const storedClicks = beacons.flatMap((beacon) => (beacon.countable?.clickId ? [beacon.countable] : []));
    const expectedEvents = { view: 0, click: 0 };
    const expectedClickCount = new Map<number, number>();
    const expectedPaths = new Map<string, number>();
    for (const event of counted.values()) {
      expectedEvents[event.event]++;
      if (event.event === 'click') expectedClickCount.set(event.productId, (expectedClickCount.get(event.productId) ?? 0) + 1);
      const pathKey = `${event.event} ${event.pagePath}`;
      expectedPaths.set(pathKey, (expectedPaths.get(pathKey) ?? 0) + 1);
    }
    expect(expectedEvents.view).toBeGreaterThan(100);
    expect(expectedEvents.click).toBeGreaterThan(200);
    expect(storedClicks.length).toBeGreaterThan(expectedEvents.click - 100);

    const rows = await api.temp.database.run((db) => db.select().from(productAnalytics));
    expect({ view: rows.filter((row) => row.eventType === 'view').length, click: rows.filter((row) => row.eventType === 'click').length }).toEqual(expectedEvents);
    const paths = new Map<string, number>();
    for (const row of rows) paths.set(`${row.eventType} ${row.pagePath}`, (paths.get(`${row.eventType} ${row.pagePath}`) ?? 0) + 1);
    expect(Object.fromEntries(paths)).toEqual(Object.fromEntries(expectedPaths));

    for (const item of catalogue) {
      const id = ids.get(item.slug)!;
      const product = await api.temp.database.run((db) => db.select({ clickCount: products.clickCount }).from(products).where(eq(products.id, id)).get());
      expect(product!.clickCount, item.slug).toBe(expectedClickCount.get(id) ?? 0);
    }

    const clickRows = await api.temp.database.run((db) => db.select().from(clicks));
    expect(clickRows).toHaveLength(storedClicks.length);
    const byId = new Map(clickRows.map((row) => [row.clickId, row]));
    for (const click of storedClicks) {
      const item = catalogue.find((entry) => entry.slug === click.productSlug)!;
      expect(byId.get(click.clickId!)).toMatchObject({ productId: click.productId, pagePath: click.pagePath, network: item.network });
    }
  });
});
