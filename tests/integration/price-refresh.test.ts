/**
 * The scheduled Amazon price refresh against a fake Creators API on 127.0.0.1 and a real libSQL file: oldest check
 * first, ten ASINs a request, unavailable items out of stock, per-item failures, a run stopped by throttling or bad
 * credentials and recorded, an expired token renewed, a process killed mid-run losing nothing, nothing done without
 * credentials, the time budget, and one rebuild request a run only when a page would change.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { priceChecks, products, settings, siteBuilds } from '../../db/schema.ts';
import type { CreatorsConfig } from '../../src/server/amazon/config.ts';
import { CreatorsClient } from '../../src/server/amazon/creators-client.ts';
import { RequestPacer } from '../../src/server/amazon/pacer.ts';
import { startPriceRefreshTimer } from '../../src/server/jobs/price-refresh-timer.ts';
import { claimJobLease, releaseJobLease } from '../../src/server/jobs/job-lease.ts';
import { PRICE_REFRESH_JOB, runPriceRefresh, type PriceRefreshOptions } from '../../src/server/jobs/price-refresh.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { readPriceOverview } from '../../src/server/prices/price-settings.ts';
import { configureRebuilds } from '../../src/server/rebuild.ts';
import { fakeItem, startFakeCreators, type FakeCreators } from '../helpers/fake-creators-api.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const HOUR = 3_600_000;
let fake: FakeCreators;
let temp: TempDatabase;
const db = <T>(work: (d: Db) => Promise<T>) => temp.database.run(work);

function config(overrides: Partial<CreatorsConfig> = {}): CreatorsConfig {
  return {
    credentialId: fake.credentialId,
    credentialSecret: fake.credentialSecret,
    credentialVersion: '2.1',
    tokenStyle: 'cognito',
    tokenUrl: fake.tokenUrl,
    apiBase: fake.url,
    marketplace: 'www.amazon.com',
    partnerTag: 'repwell-20',
    requestsPerSecond: 50,
    ...overrides,
  };
}

/** Its own pacer per client, so no test's throttling holds another. */
const client = (overrides: Partial<CreatorsConfig> = {}) => new CreatorsClient(config(overrides), { pacer: new RequestPacer(50) });
const refresh = (options: PriceRefreshOptions = {}) => runPriceRefresh(temp.database, { client: client(), ...options });

const asinOf = (n: number) => `B0RF${String(n).padStart(6, '0')}`;

/** Amazon products as the site stores them (ASIN and marketplace in attributes), each `checkedHoursAgo` old or never checked. */
async function seed(specs: { n: number; price?: number; salePrice?: number | null; inStock?: boolean; checkedHoursAgo?: number | null; marketplace?: string }[]): Promise<number[]> {
  const now = Date.now();
  const rows = await db((d) =>
    d
      .insert(products)
      .values(
        specs.map((spec) => ({
          name: `Refresh ${spec.n}`,
          slug: `refresh-${spec.n}`,
          price: spec.price ?? 100,
          salePrice: spec.salePrice ?? null,
          inStock: spec.inStock ?? true,
          affiliateUrl: `https://${spec.marketplace ?? 'www.amazon.com'}/dp/${asinOf(spec.n)}`,
          attributes: { asin: asinOf(spec.n), marketplace: spec.marketplace ?? 'www.amazon.com' },
          priceCheckedAt: spec.checkedHoursAgo === null || spec.checkedHoursAgo === undefined ? null : new Date(now - spec.checkedHoursAgo * HOUR),
          priceSource: spec.checkedHoursAgo === null || spec.checkedHoursAgo === undefined ? null : ('creators-api' as const),
        })),
      )
      .returning({ id: products.id }),
  );
  return rows.map((row) => row.id);
}

/** The fake's catalogue: each ASIN at `price` (and `listPrice` when on sale). */
function offer(n: number, price: number, options: { listPrice?: number; marketplace?: string; availability?: string } = {}) {
  fake.add(fakeItem({ asin: asinOf(n), title: `Refresh ${n}`, price, ...options }));
}

const row = (id: number) => db((d) => d.select().from(products).where(eq(products.id, id)).get());
const priceRefreshBuilds = () => db((d) => d.select().from(siteBuilds).where(like(siteBuilds.reason, 'price refresh%')));

beforeAll(async () => {
  fake = await startFakeCreators();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  temp?.cleanup();
  temp = await createTempDatabase('repwell-price-refresh-');
  configureRebuilds({ database: temp.database, hookUrl: null, logger: silentLogger });
  fake.getItemsCalls.length = 0;
  fake.unavailable.clear();
});

afterAll(() => temp?.cleanup());

describe('the order and the batches', () => {
  it('asks never-checked products first, then the oldest checks, ten ASINs a request, and stamps each price as the Creators API', async () => {
    // 25 products: 5 never checked, 20 checked 1 to 20 hours ago (n = 5 the freshest, n = 24 the oldest).
    const ids = await seed(Array.from({ length: 25 }, (_, n) => ({ n, checkedHoursAgo: n < 5 ? null : n - 4 })));
    for (let n = 0; n < 25; n++) offer(n, 50 + n);

    const report = await refresh();

    expect(report).toMatchObject({ stoppedBecause: 'done', requests: 3, refreshed: 25, changed: 25, failed: 0, remaining: 0 });
    expect(fake.getItemsCalls.map((call) => call.itemIds.length)).toEqual([10, 10, 5]);
    const order = fake.getItemsCalls.flatMap((call) => call.itemIds);
    const expected = [0, 1, 2, 3, 4, ...Array.from({ length: 20 }, (_, i) => 24 - i)].map(asinOf);
    expect(order).toEqual(expected);
    for (const [n, id] of ids.entries()) {
      const product = (await row(id))!;
      expect(product).toMatchObject({ price: 50 + n, inStock: true, priceSource: 'creators-api', priceCheckFailedAt: null });
      expect(Date.now() - product.priceCheckedAt!.getTime()).toBeLessThan(60_000);
    }
  });

  it('asks each marketplace in its own requests, oldest first', async () => {
    await seed([
      { n: 1, checkedHoursAgo: 5, marketplace: 'www.amazon.co.uk' },
      { n: 2, checkedHoursAgo: 4 },
      { n: 3, checkedHoursAgo: 3, marketplace: 'www.amazon.co.uk' },
    ]);
    offer(1, 10, { marketplace: 'www.amazon.co.uk' });
    offer(2, 20);
    offer(3, 30, { marketplace: 'www.amazon.co.uk' });

    const report = await refresh();

    expect(report).toMatchObject({ requests: 2, refreshed: 3 });
    expect(fake.getItemsCalls.map((call) => [call.marketplace, call.itemIds])).toEqual([
      ['www.amazon.co.uk', [asinOf(1), asinOf(3)]],
      ['www.amazon.com', [asinOf(2)]],
    ]);
  });

  it('stops at its time budget and leaves the rest, which the next run asks first', async () => {
    await seed(Array.from({ length: 30 }, (_, n) => ({ n, checkedHoursAgo: 30 - n })));
    for (let n = 0; n < 30; n++) offer(n, 70);
    // A clock that moves a minute each time it is read: the budget of 5 minutes runs out after two requests.
    let clock = Date.now() - 60 * 60_000;
    const report = await refresh({ now: () => (clock += 60_000), budgetMs: 5 * 60_000 });

    expect(report.stoppedBecause).toBe('budget');
    expect(report.requests).toBeLessThan(3);
    expect(report.remaining).toBe(30 - report.requests * 10);
    const first = fake.getItemsCalls.length;

    const next = await refresh();
    expect(next).toMatchObject({ stoppedBecause: 'done', remaining: 0 });
    // The products the first run left are asked before any it refreshed.
    expect(fake.getItemsCalls[first]!.itemIds[0]).toBe(asinOf(report.requests * 10));
  });
});

describe('items', () => {
  it('records an item Amazon does not serve as out of stock with a stock-only check, and a refused ASIN as a failure', async () => {
    const [available, unavailable, invalid] = await seed([
      { n: 1, price: 40, checkedHoursAgo: 30 },
      { n: 2, price: 50, checkedHoursAgo: 30 },
      { n: 900, price: 60, checkedHoursAgo: 30 },
    ]);
    offer(1, 45, { listPrice: 55 });
    offer(2, 50);
    fake.unavailable.add(asinOf(2));
    // asinOf(900) is not in the fake's catalogue: InvalidParameterValue for that item.

    const report = await refresh();

    expect(report).toMatchObject({ refreshed: 2, unavailable: 1, failed: 1, changed: 2 });
    expect(await row(available!)).toMatchObject({ price: 55, salePrice: 45, inStock: true });
    const gone = (await row(unavailable!))!;
    expect(gone).toMatchObject({ inStock: false, price: 50 });
    // Nobody confirmed the price: its stamp stays where it was, so it ages into 'Check price'.
    expect(Date.now() - gone.priceCheckedAt!.getTime()).toBeGreaterThan(29 * HOUR);
    const stockCheck = await db((d) => d.select().from(priceChecks).where(eq(priceChecks.productId, unavailable!)).get());
    expect(stockCheck).toMatchObject({ price: null, inStock: false, source: 'creators-api' });
    const refused = (await row(invalid!))!;
    expect(refused.priceCheckFailedAt).not.toBeNull();
    expect(refused.priceCheckError).toContain(asinOf(900));
    expect(refused.price).toBe(60);
  });

  it('records a price no retailer gives as a failing check and goes on with the next product', async () => {
    const [absurd, fine] = await seed([
      { n: 1, price: 40, checkedHoursAgo: 30 },
      { n: 2, price: 40, checkedHoursAgo: 29 },
    ]);
    offer(1, 2_000_000);
    offer(2, 41);

    const report = await refresh();

    expect(report).toMatchObject({ stoppedBecause: 'done', refreshed: 1, failed: 1 });
    const refused = (await row(absurd!))!;
    expect(refused).toMatchObject({ price: 40 });
    expect(refused.priceCheckError).toContain(asinOf(1));
    expect(await row(fine!)).toMatchObject({ price: 41, priceCheckFailedAt: null });
  });

  it('fails the products of a malformed answer and goes on with the next request', async () => {
    const ids = await seed(Array.from({ length: 15 }, (_, n) => ({ n, checkedHoursAgo: 30 - n })));
    for (let n = 0; n < 15; n++) offer(n, 80);
    fake.failNext('malformed');

    const report = await refresh();

    expect(report).toMatchObject({ stoppedBecause: 'done', requests: 2, failed: 10, refreshed: 5 });
    for (const id of ids.slice(0, 10)) expect((await row(id))!.priceCheckFailedAt).not.toBeNull();
    for (const id of ids.slice(10)) expect(await row(id)).toMatchObject({ price: 80, priceCheckFailedAt: null });
  });
});

describe("Amazon's image links", () => {
  it('are renewed with the price when they came from Amazon, and left alone when the editor chose their own', async () => {
    const [fromAmazon, ownImage] = await seed([
      { n: 1, price: 20, checkedHoursAgo: 30 },
      { n: 2, price: 20, checkedHoursAgo: 30 },
    ]);
    const old = (n: number) => `https://m.media-amazon.com/images/I/old-${n}.jpg`;
    await db((d) => d.update(products).set({ imageUrl: old(1), attributes: { asin: asinOf(1), marketplace: 'www.amazon.com', gallery_image_urls: [old(1), old(11)] } }).where(eq(products.id, fromAmazon!)));
    await db((d) => d.update(products).set({ imageUrl: '/media/own-photo.webp' }).where(eq(products.id, ownImage!)));
    const current = (n: number) => [`https://m.media-amazon.com/images/I/new-${n}.jpg`, `https://m.media-amazon.com/images/I/new-${n}b.jpg`];
    fake.add(fakeItem({ asin: asinOf(1), title: 'Refresh 1', price: 20, images: current(1) }));
    fake.add(fakeItem({ asin: asinOf(2), title: 'Refresh 2', price: 20, images: current(2) }));

    const report = await refresh();
    // Same prices: the new image links alone make the product changed (its pages show them).
    expect(report).toMatchObject({ refreshed: 2, changed: 1, rebuildRequested: true });
    const renewed = await row(fromAmazon!);
    expect(renewed!.imageUrl).toBe(current(1)[0]);
    expect(renewed!.attributes).toMatchObject({ asin: asinOf(1), gallery_image_urls: current(1) });
    expect((await row(ownImage!))!.imageUrl).toBe('/media/own-photo.webp');
  });
});

describe('run-level failures', () => {
  it('stops the run when Amazon throttles beyond the back-off, keeps what it wrote, and records why', async () => {
    const ids = await seed(Array.from({ length: 30 }, (_, n) => ({ n, price: 10, checkedHoursAgo: 30 - n })));
    for (let n = 0; n < 30; n++) offer(n, 90);
    fake.failNext({ status: 429, retryAfter: '0' });
    const first = await refresh({ rebuild: async () => {} }).then(async () => {
      // One 429 with Retry-After 0 is backed off and retried: nothing failed.
      return readPriceOverview(temp.database);
    });
    expect(first.failing).toBe(0);

    await db((d) => d.update(products).set({ price: 10, priceCheckedAt: new Date(Date.now() - 40 * HOUR) }));
    fake.getItemsCalls.length = 0;
    // Once the first request of the run is answered, the next is asked to wait two minutes: beyond what the client waits.
    let throttled = false;
    const report = await refresh({
      rebuild: async () => {},
      now: () => {
        if (fake.getItemsCalls.length === 1 && !throttled) {
          throttled = true;
          fake.failNext({ status: 429, retryAfter: '120' });
        }
        return Date.now();
      },
    });

    expect(report.stoppedBecause).toBe('error');
    expect(report.message).toMatch(/throttled/);
    expect(report.refreshed).toBe(10);
    expect(report.remaining).toBe(20);
    const written = await db((d) => d.select({ price: products.price }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)));
    expect(written.filter((p) => p.price === 90)).toHaveLength(10);
    const overview = await readPriceOverview(temp.database);
    expect(overview.lastRefreshError).toMatch(/TooManyRequests/);
    expect(overview.lastRefreshCount).toBe(10);
  });

  it('renews an expired token and goes on', async () => {
    await seed([{ n: 1, checkedHoursAgo: 30 }]);
    offer(1, 33);
    const tokensBefore = fake.tokenCalls.length;
    const sharedClient = client();
    await runPriceRefresh(temp.database, { client: sharedClient });
    fake.expireTokens();
    offer(1, 34);
    const report = await runPriceRefresh(temp.database, { client: sharedClient });

    expect(report).toMatchObject({ stoppedBecause: 'done', refreshed: 1, changed: 1 });
    expect(fake.tokenCalls.length).toBeGreaterThan(tokensBefore + 1);
  });

  it('stops at once with bad credentials, writes nothing and records the reason for the overview', async () => {
    const [id] = await seed([{ n: 1, price: 12, checkedHoursAgo: 30 }]);
    offer(1, 99);

    const report = await runPriceRefresh(temp.database, { client: client({ credentialSecret: 'wrong' }) });

    expect(report).toMatchObject({ stoppedBecause: 'error', refreshed: 0 });
    expect(report.message).toMatch(/bad-credentials/);
    expect(await row(id!)).toMatchObject({ price: 12, priceCheckFailedAt: null });
    const overview = await readPriceOverview(temp.database);
    expect(overview.lastRefreshAt).not.toBeNull();
    expect(overview.lastRefreshError).toMatch(/credential/i);
  });

  it('does nothing without credentials and says so', async () => {
    const [id] = await seed([{ n: 1, price: 12, checkedHoursAgo: 30 }]);
    const lines: string[] = [];
    const report = await runPriceRefresh(temp.database, { client: null, logger: { ...silentLogger, info: (line) => lines.push(line) } });

    expect(report).toMatchObject({ stoppedBecause: 'not-configured', requests: 0, refreshed: 0 });
    expect(lines).toEqual([report.message]);
    expect(report.message).toMatch(/not refreshed/);
    expect(fake.getItemsCalls).toHaveLength(0);
    expect(await row(id!)).toMatchObject({ price: 12 });
    expect(await db((d) => d.select().from(settings).where(eq(settings.id, 'prices.last_refresh')).get())).toBeUndefined();
  });
});

describe('a crash', () => {
  it('loses nothing: a process killed mid-run leaves what it wrote, and the next run refreshes the rest', async () => {
    const ids = await seed(Array.from({ length: 35 }, (_, n) => ({ n, price: 10, checkedHoursAgo: 40 - n })));
    for (let n = 0; n < 35; n++) offer(n, 20 + n);
    // The third request is never answered: the child is killed while it waits for it.
    const third = fake.holdCall(3);
    const child = spawn(process.execPath, ['tests/helpers/price-refresh-child.ts', temp.url, fake.url, fake.tokenUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = once(child, 'exit');
    await third;
    child.kill('SIGKILL');
    await exited;

    const afterCrash = await db((d) => d.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)));
    // The two answered batches are wholly written; nothing of the rest.
    expect(afterCrash.slice(0, 20).every((product, n) => product.price === 20 + n && product.priceSource === 'creators-api')).toBe(true);
    expect(afterCrash.slice(20).every((product) => product.price === 10 && product.priceCheckedAt!.getTime() < Date.now() - 5 * HOUR)).toBe(true);

    // The killed run still holds the lease: a run straight after leaves at once, asking nothing.
    const busy = await refresh();
    expect(busy).toMatchObject({ stoppedBecause: 'run-busy', requests: 0 });
    expect(fake.getItemsCalls).toHaveLength(3);

    // Once the lease's time is up (the budget and its margin, 15 minutes), the next run asks the 15 the crash left
    // before the 20 it wrote.
    const report = await refresh({ now: () => Date.now() + 16 * 60_000 });
    expect(report).toMatchObject({ stoppedBecause: 'done', refreshed: 35, remaining: 0 });
    expect(fake.getItemsCalls.slice(3).flatMap((call) => call.itemIds).slice(0, 15)).toEqual(Array.from({ length: 15 }, (_, i) => asinOf(20 + i)));
    const after = await db((d) => d.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)));
    expect(after.map((product) => product.price)).toEqual(Array.from({ length: 35 }, (_, n) => 20 + n));
  });

  it('an abort between products keeps the products written so far, and the next run takes the rest', async () => {
    const ids = await seed(Array.from({ length: 10 }, (_, n) => ({ n, price: 10, checkedHoursAgo: 40 - n })));
    for (let n = 0; n < 10; n++) offer(n, 30);
    const controller = new AbortController();
    let reads = 0;
    // Aborted while the batch's products are written: the clock is read twice per product written.
    const report = await refresh({
      signal: controller.signal,
      now: () => {
        if (fake.getItemsCalls.length === 1 && ++reads === 8) controller.abort();
        return Date.now();
      },
    });

    expect(report.stoppedBecause).toBe('aborted');
    expect(report.refreshed).toBeGreaterThan(0);
    expect(report.refreshed).toBeLessThan(10);
    const written = await db((d) => d.select({ price: products.price }).from(products).where(inArray(products.id, ids)));
    expect(written.filter((p) => p.price === 30)).toHaveLength(report.refreshed);

    // The next run asks the products the abort left before those it wrote.
    const next = await refresh();
    expect(next).toMatchObject({ stoppedBecause: 'done', refreshed: 10 });
    expect(fake.getItemsCalls[1]!.itemIds.slice(0, 10 - report.refreshed)).toEqual(Array.from({ length: 10 - report.refreshed }, (_, i) => asinOf(report.refreshed + i)));
  });
});

describe('one run at a time', () => {
  it('a run started while another is at work leaves at once, so no product is asked for twice', async () => {
    await seed(Array.from({ length: 30 }, (_, n) => ({ n, price: 10, checkedHoursAgo: 30 })));
    for (let n = 0; n < 30; n++) offer(n, 12);
    const first = fake.pauseCall(1);
    const running = refresh();
    await first.arrived;
    const second = await refresh();
    expect(second).toMatchObject({ stoppedBecause: 'run-busy', requests: 0, refreshed: 0 });
    expect(second.message).toBe('Price refresh skipped: another run is still at work.');
    first.release();
    expect(await running).toMatchObject({ stoppedBecause: 'done', refreshed: 30 });
    const asked = fake.getItemsCalls.flatMap((call) => call.itemIds);
    expect(new Set(asked).size).toBe(asked.length);

    // The lease is given back when a run ends: the next one runs.
    expect(await refresh()).toMatchObject({ stoppedBecause: 'done', refreshed: 30 });
  });

  it('races for the lease have one winner', async () => {
    const leases = await Promise.all(Array.from({ length: 8 }, () => claimJobLease(temp.database, PRICE_REFRESH_JOB, 60_000)));
    expect(leases.filter(Boolean)).toHaveLength(1);
    await releaseJobLease(temp.database, leases.find(Boolean)!);
    expect(await claimJobLease(temp.database, PRICE_REFRESH_JOB, 60_000)).toBeDefined();
  });
});

describe('publishing', () => {
  it('requests one rebuild a run when prices changed, and none when nothing changed since the last one', async () => {
    await seed(Array.from({ length: 25 }, (_, n) => ({ n, price: 10, checkedHoursAgo: 30 })));
    for (let n = 0; n < 25; n++) offer(n, 15);

    const changed = await refresh();
    expect(changed).toMatchObject({ changed: 25, rebuildRequested: true });
    expect(await priceRefreshBuilds()).toHaveLength(1);
    expect((await priceRefreshBuilds())[0]!.reason).toBe('price refresh: prices changed');

    const unchanged = await refresh();
    expect(unchanged).toMatchObject({ refreshed: 25, changed: 0, rebuildRequested: false });
    expect(await priceRefreshBuilds()).toHaveLength(1);

    const overview = await readPriceOverview(temp.database);
    expect(overview.lastRefreshCount).toBe(25);
    expect(overview.lastRefreshError).toBeNull();
  });

  it('republishes unchanged prices once the published stamps are half the stale limit old', async () => {
    await seed([{ n: 1, price: 15, checkedHoursAgo: 1 }]);
    offer(1, 15);
    // The last refresh that requested a rebuild was 13 hours ago (the limit is 24 hours).
    await db((d) =>
      d.insert(settings).values({ id: 'prices.last_refresh', value: { at: new Date().toISOString(), republishedAt: new Date(Date.now() - 13 * HOUR).toISOString() }, updatedAt: new Date() }),
    );
    const report = await refresh();
    expect(report).toMatchObject({ changed: 0, rebuildRequested: true });
    expect((await priceRefreshBuilds()).map((build) => build.reason)).toEqual(['price refresh: price stamps renewed']);
  });
});

describe('the local timer', () => {
  it('runs the refresh under npm start, and says once that it does nothing without credentials', async () => {
    await seed([{ n: 1, price: 10, checkedHoursAgo: 30 }]);
    offer(1, 11);
    const lines: string[] = [];
    const logger = { ...silentLogger, info: (line: string) => lines.push(line) };
    const idle = startPriceRefreshTimer(temp.database, { logger, refresh: { client: null } });
    expect(await idle.runNow()).toMatchObject({ stoppedBecause: 'not-configured' });
    expect(await idle.runNow()).toMatchObject({ stoppedBecause: 'not-configured' });
    await idle.stop();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Price refresh skipped/);

    const timer = startPriceRefreshTimer(temp.database, { logger, refresh: { client: client() } });
    expect(await timer.runNow()).toMatchObject({ stoppedBecause: 'done', refreshed: 1, changed: 1 });
    await timer.stop();
    expect(lines.at(-1)).toBe('Price refresh: 1 refreshed, 1 changed; rebuild requested');
  });
});
