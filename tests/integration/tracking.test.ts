import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, productAnalytics, products, trackingRecentEvents, trackingSalts } from '../../db/schema.ts';
import { rateLimits, windowStartOf } from '../../src/domain/rate-limit.ts';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import { REPEAT_WINDOW_MS } from '../../src/domain/tracking.ts';
import { recordTrackEvent, recordTrackEvents, resetTrackingSaltCache } from '../../src/server/tracking.ts';
import { Browser, freshLoopbackAddress, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let productId: number;
let otherId: number;
let impactId: number;
const createdUpdatedAt = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  api = await startLocalApi();
  await api.temp.database.run(async (db) => {
    const rows = await db
      .insert(products)
      .values([
        { name: 'Massage Gun', slug: 'massage-gun', price: 99, affiliateUrl: 'https://www.amazon.com/dp/B000000001', updatedAt: createdUpdatedAt },
        { name: 'Foam Roller', slug: 'foam-roller', price: 25, affiliateUrl: 'https://www.amazon.com/dp/B000000002', updatedAt: createdUpdatedAt },
        { name: 'Yoga Mat', slug: 'yoga-mat', price: 40, affiliateUrl: 'https://brand.sjv.io/c/1234567/654321/4321', updatedAt: createdUpdatedAt },
      ])
      .returning();
    productId = rows[0]!.id;
    otherId = rows[1]!.id;
    impactId = rows[2]!.id;
  });
});
afterAll(() => api.close());

let visitor = 0;
/** A distinct browser User-Agent per request (the key of a visitor is the address alone). */
const browserAgent = () => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${++visitor}.0 Safari/537.36`;

async function beacon(body: unknown, userAgent: string, init: { contentType?: string; headers?: Record<string, string>; address?: string } = {}) {
  // A visitor is an address: each beacon comes from a new one unless the test names it.
  const answer = await new Browser(api.server.url, { address: init.address ?? freshLoopbackAddress() }).fetch('/api/track', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    // What navigator.sendBeacon sends for a string.
    headers: { 'content-type': init.contentType ?? 'text/plain;charset=UTF-8', 'user-agent': userAgent, 'sec-fetch-site': 'same-origin', ...init.headers },
  });
  // The event is written after the answer (src/server/track-writer.ts): wait for it, as a reader of the figures would.
  await api.server.settled();
  return answer;
}

async function events(id: number, type?: 'view' | 'click') {
  const rows = await api.temp.database.run((db) => db.select().from(productAnalytics).where(eq(productAnalytics.productId, id)));
  return rows.filter((row) => !type || row.eventType === type).length;
}

async function product(id: number) {
  return api.temp.database.run((db) => db.select().from(products).where(eq(products.id, id)).get());
}

describe('POST /api/track', () => {
  it('records a view sent by a beacon (text/plain) and answers 204', async () => {
    const before = await events(productId, 'view');
    const response = await beacon({ productId, event: 'view' }, browserAgent());
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await events(productId, 'view')).toBe(before + 1);
  });

  it('accepts application/json too', async () => {
    const before = await events(productId, 'view');
    const response = await beacon({ productId, event: 'view' }, browserAgent(), { contentType: 'application/json' });
    expect(response.status).toBe(204);
    expect(await events(productId, 'view')).toBe(before + 1);
  });

  it('adds one to click_count atomically and leaves updated_at alone, so a click never triggers a rebuild', async () => {
    const before = await product(productId);
    const response = await beacon({ productId, event: 'click' }, browserAgent());
    expect(response.status).toBe(204);
    const after = await product(productId);
    expect(after!.clickCount).toBe(before!.clickCount + 1);
    expect(after!.updatedAt.getTime()).toBe(createdUpdatedAt.getTime());
    expect(await events(productId, 'click')).toBeGreaterThanOrEqual(1);
  });

  it('counts concurrent clicks from different visitors without losing any', async () => {
    const before = (await product(otherId))!.clickCount;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => beacon({ productId: otherId, event: 'click' }, browserAgent(), { address: freshLoopbackAddress() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(204));
    expect((await product(otherId))!.clickCount).toBe(before + 25);
  });

  it('does not count a repeat of the same event for the same product from the same client', async () => {
    const agent = browserAgent();
    const address = freshLoopbackAddress();
    const views = await events(otherId, 'view');
    const clicks = (await product(otherId))!.clickCount;
    for (let i = 0; i < 3; i++) {
      expect((await beacon({ productId: otherId, event: 'view' }, agent, { address })).status).toBe(204);
      expect((await beacon({ productId: otherId, event: 'click' }, agent, { address })).status).toBe(204);
    }
    expect(await events(otherId, 'view')).toBe(views + 1);
    expect((await product(otherId))!.clickCount).toBe(clicks + 1);
    // The same client's view of another product is a different event.
    const otherViews = await events(productId, 'view');
    await beacon({ productId, event: 'view' }, agent, { address });
    expect(await events(productId, 'view')).toBe(otherViews + 1);
  });

  it('counts a click once per address however the User-Agent rotates (9,312 clicks from one address in 10 s counted each)', async () => {
    const address = freshLoopbackAddress();
    const before = (await product(productId))!.clickCount;
    const answers = await Promise.all(Array.from({ length: 30 }, () => beacon({ productId, event: 'click' }, browserAgent(), { address })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(204));
    expect((await product(productId))!.clickCount).toBe(before + 1);
  });

  it('caps the events one address may send in a minute: past the cap they are answered 204 and not stored, also in parallel', async () => {
    const address = freshLoopbackAddress();
    const { max, windowMs } = rateLimits.track;
    const storedClicks = async () => (await api.temp.database.run((db) => db.select({ total: count() }).from(clicks).get()))!.total;
    const before = await storedClicks();
    const firstWindow = windowStartOf(Date.now(), windowMs);
    // Every click with a fresh id is stored, repeats included, unless the address is past its cap.
    const answers = await Promise.all(
      Array.from({ length: 2 * max + 15 }, () => beacon({ productId, event: 'click', clickId: newClickId(), pagePath: '/products' }, browserAgent(), { address })),
    );
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    // A burst that happened to straddle two fixed windows may use both windows' allowance.
    const windows = windowStartOf(Date.now(), windowMs) === firstWindow ? 1 : 2;
    const stored = (await storedClicks()) - before;
    expect(stored).toBeGreaterThanOrEqual(max);
    expect(stored).toBeLessThanOrEqual(windows * max);
    // Another address is not affected.
    const other = newClickId();
    expect((await beacon({ productId, event: 'click', clickId: other, pagePath: '/products' }, browserAgent(), { address: freshLoopbackAddress() })).status).toBe(204);
    expect(await clickRow(other)).toBeDefined();
  });

  it('does not count self-declared bots', async () => {
    const before = await events(productId);
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'HeadlessChrome/140.0.0.0']) {
      expect((await beacon({ productId, event: 'view' }, agent)).status).toBe(204);
    }
    expect(await events(productId)).toBe(before);
  });

  it('answers 204 for an unknown product and stores nothing for it', async () => {
    const clickId = newClickId();
    const response = await beacon({ productId: 999_999, event: 'click', clickId, pagePath: '/products' }, browserAgent());
    expect(response.status).toBe(204);
    expect(await events(999_999)).toBe(0);
    expect(await clickRow(clickId)).toBeUndefined();
  });

  it('refuses bodies that are not an event', async () => {
    expect((await beacon('not json', browserAgent())).status).toBe(400);
    expect((await beacon({ productId, event: 'conversion' }, browserAgent())).status).toBe(422);
    expect((await beacon({ productId: -1, event: 'view' }, browserAgent())).status).toBe(422);
    expect((await beacon({ productId, event: 'view' }, browserAgent(), { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await beacon({ productId, event: 'view', padding: 'x'.repeat(2000) }, browserAgent())).status).toBe(413);
  });

  it('refuses cross-site requests', async () => {
    const before = await events(productId);
    expect((await beacon({ productId, event: 'view' }, browserAgent(), { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await beacon({ productId, event: 'view' }, browserAgent(), { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect(await events(productId)).toBe(before);
  });

  it('accepts POST only', async () => {
    const response = await new Browser(api.server.url).fetch('/api/track');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

async function clickRow(clickId: string) {
  return api.temp.database.run((db) => db.select().from(clicks).where(eq(clicks.clickId, clickId)).get());
}

async function analyticsRows(id: number) {
  return api.temp.database.run((db) => db.select().from(productAnalytics).where(eq(productAnalytics.productId, id)).orderBy(productAnalytics.id));
}

describe('click ids', () => {
  it("stores a click with its id, product, page path and the network of the product's own link, whatever the page said", async () => {
    const clickId = newClickId();
    const before = (await product(impactId))!.clickCount;
    const body = { productId: impactId, event: 'click', clickId, pagePath: '/products/category/yoga?sort=price#top', network: 'amazon' };
    expect((await beacon(body, browserAgent())).status).toBe(204);
    const row = await clickRow(clickId);
    expect(row).toMatchObject({ clickId, productId: impactId, pagePath: '/products/category/yoga', network: 'impact' });
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await product(impactId))!.clickCount).toBe(before + 1);
    const counted = (await analyticsRows(impactId)).filter((event) => event.eventType === 'click');
    expect(counted.at(-1)!.pagePath).toBe('/products/category/yoga');
  });

  it('stores an Amazon click with no network slot as amazon', async () => {
    const clickId = newClickId();
    expect((await beacon({ productId, event: 'click', clickId, pagePath: '/', network: 'amazon' }, browserAgent())).status).toBe(204);
    expect(await clickRow(clickId)).toMatchObject({ productId, pagePath: '/', network: 'amazon' });
  });

  it('stores a repeat click (a purchase may follow it) but counts it once', async () => {
    const address = freshLoopbackAddress();
    const agent = browserAgent();
    const before = (await product(impactId))!.clickCount;
    const ids = [newClickId(), newClickId(), newClickId()];
    for (const clickId of ids) {
      expect((await beacon({ productId: impactId, event: 'click', clickId, pagePath: '/product/yoga-mat' }, agent, { address })).status).toBe(204);
    }
    for (const clickId of ids) expect(await clickRow(clickId)).toMatchObject({ productId: impactId, pagePath: '/product/yoga-mat' });
    expect((await product(impactId))!.clickCount).toBe(before + 1);
  });

  it('keeps the first click of an id sent twice', async () => {
    const clickId = newClickId();
    await beacon({ productId: impactId, event: 'click', clickId, pagePath: '/first' }, browserAgent());
    await beacon({ productId: impactId, event: 'click', clickId, pagePath: '/second' }, browserAgent());
    expect((await clickRow(clickId))!.pagePath).toBe('/first');
  });

  it('stores a view with its product page path, whatever path the page sent', async () => {
    const response = await beacon({ productId: impactId, event: 'view', pagePath: '/elsewhere' }, browserAgent());
    expect(response.status).toBe(204);
    const views = (await analyticsRows(impactId)).filter((event) => event.eventType === 'view');
    expect(views.at(-1)!.pagePath).toBe('/product/yoga-mat');
  });

  it('still counts a beacon of a page built before click ids', async () => {
    const before = (await product(impactId))!.clickCount;
    expect((await beacon({ productId: impactId, event: 'click' }, browserAgent())).status).toBe(204);
    expect((await product(impactId))!.clickCount).toBe(before + 1);
    expect((await analyticsRows(impactId)).at(-1)!.pagePath).toBeNull();
  });

  it('refuses a bad click id or page path and stores nothing', async () => {
    const before = (await product(impactId))!.clickCount;
    const clickCount = await api.temp.database.run((db) => db.select({ total: count() }).from(clicks).get());
    const bad = [
      { productId: impactId, event: 'click', clickId: 'not-a-click-id', pagePath: '/' },
      { productId: impactId, event: 'click', clickId: newClickId() },
      { productId: impactId, event: 'click', clickId: newClickId(), pagePath: 'https://evil.example/x' },
      { productId: impactId, event: 'click', clickId: newClickId(), pagePath: `/${'a'.repeat(400)}` },
      { productId: impactId, event: 'view', clickId: newClickId(), pagePath: '/' },
    ];
    for (const body of bad) expect((await beacon(body, browserAgent())).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    expect((await product(impactId))!.clickCount).toBe(before);
    expect(await api.temp.database.run((db) => db.select({ total: count() }).from(clicks).get())).toEqual(clickCount);
  });

  it('does not count or store prefetch and prerender requests', async () => {
    const before = (await product(impactId))!.clickCount;
    const views = await events(impactId, 'view');
    const prefetches: Record<string, string>[] = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-purpose': 'preview' },
      { 'x-moz': 'prefetch' },
    ];
    for (const headers of prefetches) {
      const clickId = newClickId();
      expect((await beacon({ productId: impactId, event: 'click', clickId, pagePath: '/' }, browserAgent(), { headers })).status).toBe(204);
      expect((await beacon({ productId: impactId, event: 'view' }, browserAgent(), { headers })).status).toBe(204);
      expect(await clickRow(clickId)).toBeUndefined();
    }
    expect((await product(impactId))!.clickCount).toBe(before);
    expect(await events(impactId, 'view')).toBe(views);
  });

  it("does not store a declared bot's click", async () => {
    const clickId = newClickId();
    expect((await beacon({ productId: impactId, event: 'click', clickId, pagePath: '/' }, 'Googlebot/2.1')).status).toBe(204);
    expect(await clickRow(clickId)).toBeUndefined();
  });
});

describe('recordTrackEvents: one batch, one transaction', () => {
  it('counts a key twice in one batch once, stores each click id, and numbers one address past its cap within the batch', async () => {
    const now = Date.now();
    const address = freshLoopbackAddress();
    const agent = browserAgent();
    const before = await events(otherId, 'click');
    const ids = Array.from({ length: 3 }, () => newClickId());
    const outcomes = await recordTrackEvents(
      api.temp.database,
      ids.map((clickId) => ({ productId: otherId, event: 'click' as const, clickId, pagePath: '/products', clientAddress: address, userAgent: agent, now })),
    );
    expect(outcomes).toEqual(['recorded', 'repeat', 'repeat']);
    expect(await events(otherId, 'click')).toBe(before + 1);
    for (const clickId of ids) expect(await clickRow(clickId)).toBeDefined();

    const { max } = rateLimits.track;
    const busy = freshLoopbackAddress();
    const burst = Array.from({ length: max + 5 }, () => ({ productId, event: 'click' as const, clickId: newClickId(), pagePath: '/', clientAddress: busy, userAgent: agent, now }));
    const answered = await recordTrackEvents(api.temp.database, burst, { rateLimit: rateLimits.track });
    // Only the first `max` of the address's events pass (minus any an earlier window boundary already took: none here).
    expect(answered.slice(0, max).every((outcome) => outcome !== 'limited')).toBe(true);
    expect(answered.slice(max)).toEqual(Array.from({ length: 5 }, () => 'limited'));
    for (const [index, event] of burst.entries()) expect(await clickRow(event.clickId) !== undefined, `event ${index}`).toBe(index < max);
  });
});

describe('the repeat window and the stored client keys', () => {
  const input = (now: number) => ({ productId, event: 'view' as const, clientAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 Test Browser', now });

  it('counts the same client again once the window has passed', async () => {
    const now = Date.parse('2030-03-10T10:00:00Z');
    expect(await recordTrackEvent(api.temp.database, input(now))).toBe('recorded');
    expect(await recordTrackEvent(api.temp.database, input(now + REPEAT_WINDOW_MS - 1))).toBe('repeat');
    expect(await recordTrackEvent(api.temp.database, input(now + REPEAT_WINDOW_MS))).toBe('recorded');
  });

  it('stores neither the address nor the user agent, and forgets expired keys', async () => {
    const now = Date.parse('2030-03-11T10:00:00Z');
    await recordTrackEvent(api.temp.database, input(now));
    const keys = await api.temp.database.run((db) => db.select().from(trackingRecentEvents));
    for (const row of keys) {
      expect(row.key).not.toContain('203.0.113.7');
      expect(row.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.seenAt.getTime()).toBeGreaterThan(now - REPEAT_WINDOW_MS);
    }
  });

  it('uses a new random salt each day and deletes salts older than yesterday', async () => {
    resetTrackingSaltCache();
    const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
    await recordTrackEvent(api.temp.database, input(day('2030-04-01')));
    await recordTrackEvent(api.temp.database, input(day('2030-04-02')));
    await recordTrackEvent(api.temp.database, input(day('2030-04-03')));
    const salts = await api.temp.database.run((db) => db.select().from(trackingSalts));
    expect(salts.map((salt) => salt.day).filter((d) => d.startsWith('2030-04')).sort()).toEqual(['2030-04-02', '2030-04-03']);
    expect(new Set(salts.map((salt) => salt.salt)).size).toBe(salts.length);
    const [row] = await api.temp.database.run((db) => db.select({ total: count() }).from(trackingSalts).where(eq(trackingSalts.day, '2030-04-01')));
    expect(row?.total).toBe(0);
  });
});
