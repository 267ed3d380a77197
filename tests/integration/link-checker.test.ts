/**
 * The link checker against fixture retailers on 127.0.0.1 (issue 13, points 1, 2 and 5): every class through the real
 * fetcher, HEAD then GET, the per-host rate and the overall bound, a 429's Retry-After, a slow host, resuming an
 * interrupted run, and auto out of stock with the setting on and off; all on a real libSQL file.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, linkCheckRuns, linkChecks, linkHealth, priceChecks, products, settings } from '../../db/schema.ts';
import { LINK_HEALTH_SETTING_ID } from '../../src/domain/admin/link-health/api.ts';
import { createManualRun, runLinkChecks, type LinkCheckerOptions } from '../../src/server/jobs/link-checker.ts';
import { HostGate } from '../../src/server/jobs/link-politeness.ts';
import { startLinkFixtureHosts, type LinkFixtureHosts } from '../helpers/link-health-fixtures.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let shop: LinkFixtureHosts;
let serial = 0;

beforeAll(async () => {
  temp = await createTempDatabase();
  shop = await startLinkFixtureHosts(4, { slowMs: 8000 });
});
afterAll(async () => {
  await shop.close();
  temp.cleanup();
});
afterEach(async () => {
  // Each test starts from no open run, so a scheduled run covers only its own products.
  await temp.database.run((db) => db.update(linkCheckRuns).set({ finishedAt: new Date() }));
});

async function addProducts(urls: string[]): Promise<number[]> {
  const rows = await temp.database.run((db) =>
    db
      .insert(products)
      .values(urls.map((affiliateUrl) => ({ name: `Fixture product ${++serial}`, slug: `fixture-${serial}`, affiliateUrl })))
      .returning({ id: products.id }),
  );
  return rows.map((row) => row.id);
}

function options(extra: LinkCheckerOptions = {}): LinkCheckerOptions {
  return {
    gate: new HostGate({ intervalMs: 100, concurrency: 8 }),
    fetch: { allowedHosts: shop.hosts, deadlineMs: 2000 },
    rebuild: async () => {},
    ...extra,
  };
}

async function checkNow(ids: number[], extra: LinkCheckerOptions = {}) {
  const run = await createManualRun(temp.database, ids, 'test@example.com');
  return runLinkChecks(temp.database, options({ runId: run.id, ...extra }));
}

const healthOf = (id: number) => temp.database.run((db) => db.select().from(linkHealth).where(eq(linkHealth.productId, id)).get());
const checksOf = (id: number) => temp.database.run((db) => db.select().from(linkChecks).where(eq(linkChecks.productId, id)));

describe('every class, through the fetcher', () => {
  it('classifies each fixture link and stores the check with its status, final URL and method', async () => {
    const [a, b] = shop.bases as [string, string];
    const cases: [string, string][] = [
      [`${a}/ok`, 'ok'],
      [`${a}/no-head`, 'ok'],
      [`${a}/moved`, 'redirected'],
      [`${a}/drop-tag?tag=repwell-20`, 'tag-lost'],
      [`${a}/gone`, 'not-found'],
      [`${a}/gone-410`, 'not-found'],
      [`${a}/to-search`, 'soft-not-found'],
      [`${a}/to-home`, 'soft-not-found'],
      [`${a}/no-longer`, 'soft-not-found'],
      [`${a}/sold-out`, 'out-of-stock'],
      [`${a}/unavailable`, 'out-of-stock'],
      [`${a}/robot-wall`, 'blocked'],
      [`${b}/slow`, 'error'],
      ['http://127.0.0.1:9/closed-port', 'error'],
    ];
    const ids = await addProducts(cases.map(([url]) => url));
    const report = await checkNow(ids, { fetch: { allowedHosts: [...shop.hosts, '127.0.0.1:9'], deadlineMs: 1500 } });
    expect(report).toMatchObject({ finished: true, checked: cases.length, stoppedBecause: 'done' });

    const classes = await Promise.all(ids.map(async (id) => (await healthOf(id))?.lastClass));
    expect(Object.fromEntries(cases.map(([url], index) => [url.replace(/^http:\/\/[^/]+/, ''), classes[index]]))).toEqual(
      Object.fromEntries(cases.map(([url, kind]) => [url.replace(/^http:\/\/[^/]+/, ''), kind])),
    );

    const [tagLost] = await checksOf(ids[3]!);
    expect(tagLost).toMatchObject({ class: 'tag-lost', statusCode: 200, finalUrl: `${a}/p/item`, method: 'HEAD' });
    expect(tagLost!.detail).toContain('tag=repwell-20');
    expect((await checksOf(ids[2]!))[0]).toMatchObject({ class: 'redirected', finalUrl: `${a}/ok-v2`, method: 'HEAD+GET' });
    expect((await checksOf(ids[1]!))[0]).toMatchObject({ class: 'ok', method: 'HEAD+GET' });
    expect((await checksOf(ids[4]!))[0]).toMatchObject({ statusCode: 404, method: 'HEAD' });
    const slow = (await checksOf(ids[12]!))[0]!;
    expect(slow).toMatchObject({ class: 'error', statusCode: null });
    expect(slow.detail).toMatch(/^Timed out/);
    // The captcha is recognised from the page a GET reads, after a HEAD that said nothing.
    expect(shop.log.filter((entry) => entry.path === '/robot-wall').map((entry) => entry.method)).toEqual(['HEAD', 'GET']);
  });

  it('a blocked link is never flagged, however often; a not-found one is flagged on its second check', async () => {
    const [a] = shop.bases as [string];
    const [captcha, gone] = await addProducts([`${a}/robot-wall`, `${a}/gone`]);
    await checkNow([captcha!, gone!]);
    expect(await healthOf(gone!)).toMatchObject({ flagged: false, consecutive: 1 });
    await checkNow([captcha!, gone!]);
    await checkNow([captcha!, gone!]);
    expect(await healthOf(captcha!)).toMatchObject({ lastClass: 'blocked', flagged: false, consecutive: 3, backoffLevel: 3 });
    expect(await healthOf(gone!)).toMatchObject({ lastClass: 'not-found', flagged: true, consecutive: 3 });
    expect(await checksOf(gone!)).toHaveLength(3);
  });
});

describe('politeness', () => {
  it('at most one request per interval to each host, redirect hops included, hosts in parallel', async () => {
    const [, , c, d] = shop.bases as [string, string, string, string];
    const ids = await addProducts([`${c}/ok`, `${c}/moved`, `${c}/ok`, ...Array.from({ length: 3 }, () => `${d}/ok`)]);
    const started = shop.log.length;
    const intervalMs = 400;
    // Spacing is measured where the gate lets each request or hop go: arrival times at the server add the machine's
    // scheduling jitter, which on a loaded machine can exceed any fixed tolerance.
    const starts: { host: string; at: number }[] = [];
    await checkNow(ids, { gate: new HostGate({ intervalMs, concurrency: 8, onStart: (host, at) => starts.push({ host, at }) }) });
    const requests = shop.log.slice(started);
    // HEAD and GET for each link; /moved's HEAD and GET each follow one 301 on the same host.
    expect(requests).toHaveLength(14);
    expect(starts).toHaveLength(14);
    for (const [host, expected] of [[new URL(c).host, 8], [new URL(d).host, 6]] as const) {
      // Every request the server saw went through the gate: as many as the gate let go for that host.
      expect(requests.filter((entry) => entry.host === host)).toHaveLength(expected);
      const times = starts.filter((entry) => entry.host === host).map((entry) => entry.at);
      expect(times).toHaveLength(expected);
      const gaps = times.slice(1).map((time, index) => time - times[index]!);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(intervalMs);
    }
    // Hosts in parallel: the second host's first request goes before the first host's last (one host after the
    // other, it would wait for all of them), whatever the machine's speed.
    const first = (host: string) => Math.min(...starts.filter((entry) => entry.host === host).map((entry) => entry.at));
    const last = (host: string) => Math.max(...starts.filter((entry) => entry.host === host).map((entry) => entry.at));
    const [hostC, hostD] = [new URL(c).host, new URL(d).host];
    expect(Math.max(first(hostC), first(hostD))).toBeLessThan(Math.min(last(hostC), last(hostD)));
  });

  it('never more requests in flight than the bound, across hosts', async () => {
    const gate = new HostGate({ intervalMs: 10, concurrency: 2 });
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        gate.run(`host-${index}`, async () => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((done) => setTimeout(done, 50));
          inFlight -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it("a 429's Retry-After rests the host: its other links wait for a later run instead of being asked again", async () => {
    const [, b] = shop.bases as [string, string];
    const ids = await addProducts([`${b}/rate-limited`, `${b}/ok`, `${b}/ok`]);
    const before = shop.log.length;
    const report = await checkNow(ids, { budgetMs: 30_000 });
    expect(report).toMatchObject({ checked: 1, deferred: 2 });
    expect(shop.log.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual(['HEAD /rate-limited']);
    const limited = await healthOf(ids[0]!);
    expect(limited).toMatchObject({ lastClass: 'blocked', lastStatus: 429, flagged: false });
    expect(limited!.lastDetail).toContain('Retry-After 120 s');
    expect(await healthOf(ids[1]!)).toBeUndefined();
  });
});

describe('runs', () => {
  it('an interrupted scheduled run resumes after its cursor and checks every due link once', async () => {
    const hosts = shop.bases.slice(2) as [string, string];
    const ids = await addProducts(Array.from({ length: 10 }, (_, index) => `${hosts[index % 2]}/ok`));
    const controller = new AbortController();
    const checkedBefore = (await temp.database.run((db) => db.select({ n: count() }).from(linkChecks).get()))?.n ?? 0;
    // Interrupts the run once three of its checks are stored, as a stopped function would.
    const poll = setInterval(() => {
      void temp.database
        .run((db) => db.select({ n: count() }).from(linkChecks).get())
        .then((row) => {
          if ((row?.n ?? 0) - checkedBefore >= 3) controller.abort();
        });
    }, 20);
    const first = await runLinkChecks(temp.database, options({ batchSize: 3, signal: controller.signal }));
    clearInterval(poll);
    expect(first).toMatchObject({ finished: false, stoppedBecause: 'aborted' });
    expect(first.checked).toBeGreaterThanOrEqual(3);
    expect(first.checked).toBeLessThan(10);
    const paused = await temp.database.run((db) => db.select().from(linkCheckRuns).where(eq(linkCheckRuns.id, first.runId!)).get());
    expect(paused).toMatchObject({ finishedAt: null, leaseUntil: null, checked: first.checked });
    expect(paused!.cursor).toBeGreaterThan(0);

    const second = await runLinkChecks(temp.database, options({ batchSize: 3 }));
    expect(second).toMatchObject({ runId: first.runId, finished: true });
    for (const id of ids) expect(await checksOf(id)).toHaveLength(1);
    const finished = await temp.database.run((db) => db.select().from(linkCheckRuns).where(eq(linkCheckRuns.id, first.runId!)).get());
    expect(finished).toMatchObject({ checked: first.checked + second.checked, cursor: ids.at(-1) });
    expect(finished!.finishedAt).not.toBeNull();

    // Nothing is due any more: the next tick starts no run.
    expect(await runLinkChecks(temp.database, options())).toMatchObject({ runId: null, stoppedBecause: 'nothing-to-do' });
  });

  it('a run leased by another invocation is left alone', async () => {
    const [id] = await addProducts([`${shop.bases[0]}/ok`]);
    const run = await createManualRun(temp.database, [id!], 'test@example.com');
    await temp.database.run((db) => db.update(linkCheckRuns).set({ leaseUntil: new Date(Date.now() + 60_000) }).where(eq(linkCheckRuns.id, run.id)));
    expect(await runLinkChecks(temp.database, options({ runId: run.id }))).toMatchObject({ stoppedBecause: 'run-busy', checked: 0 });
  });
});

describe('auto out of stock', () => {
  async function setAuto(on: boolean) {
    await temp.database.run((db) =>
      db
        .insert(settings)
        .values({ id: LINK_HEALTH_SETTING_ID, value: { autoMarkOutOfStock: on } })
        .onConflictDoUpdate({ target: settings.id, set: { value: { autoMarkOutOfStock: on } } }),
    );
  }
  const productOf = (id: number) => temp.database.run((db) => db.select({ inStock: products.inStock }).from(products).where(eq(products.id, id)).get());
  const auditsOf = (id: number) =>
    temp.database.run((db) => db.select().from(auditLog).where(and(eq(auditLog.action, 'product.auto-out-of-stock'), eq(auditLog.entityId, String(id)))));

  it('setting on: the second out-of-stock answer marks the product out of stock, audited, with one rebuild', async () => {
    await setAuto(true);
    const [id] = await addProducts([`${shop.bases[1]}/sold-out`]);
    const reasons: string[] = [];
    const rebuild = async (reason: string) => void reasons.push(reason);
    await checkNow([id!], { rebuild });
    expect(await productOf(id!)).toEqual({ inStock: true });
    expect(reasons).toEqual([]);
    await checkNow([id!], { rebuild });
    expect(await productOf(id!)).toEqual({ inStock: false });
    expect(reasons).toEqual(['link check: marked out of stock']);
    const [audit] = await auditsOf(id!);
    expect(audit).toMatchObject({ userEmail: 'link-checker', entityType: 'product' });
    await checkNow([id!], { rebuild });
    expect(await auditsOf(id!)).toHaveLength(1);
  });

  it('setting off: the link is only flagged', async () => {
    await setAuto(false);
    const [id] = await addProducts([`${shop.bases[1]}/sold-out`]);
    const reasons: string[] = [];
    for (let i = 0; i < 2; i += 1) await checkNow([id!], { rebuild: async (reason) => void reasons.push(reason) });
    expect(await healthOf(id!)).toMatchObject({ lastClass: 'out-of-stock', flagged: true });
    expect(await productOf(id!)).toEqual({ inStock: true });
    expect(await auditsOf(id!)).toEqual([]);
    expect(reasons).toEqual([]);
  });
});

describe("the checker's visit dates the price", () => {
  it("records the price a fine page states in its structured data as a retailer-page check; stock keeps the owner's rule", async () => {
    const [id] = await addProducts([`${shop.bases[2]}/ok`]);
    const reasons: string[] = [];
    const report = await checkNow([id!], { rebuild: async (reason) => void reasons.push(reason) });
    expect(report.pricesChecked).toEqual([id]);
    const product = await temp.database.run((db) => db.select().from(products).where(eq(products.id, id!)).get());
    // The fixture page's JSON-LD offer: 1,299.99, in stock.
    expect(product).toMatchObject({ price: 1299.99, salePrice: null, inStock: true, priceSource: 'retailer-page' });
    expect(product!.priceCheckedAt).not.toBeNull();
    const history = await temp.database.run((db) => db.select().from(priceChecks).where(eq(priceChecks.productId, id!)));
    expect(history).toMatchObject([{ price: 1299.99, source: 'retailer-page' }]);
    expect(reasons).toEqual(['link check: prices checked']);
  });

  it('leaves the price of an out-of-stock page alone', async () => {
    const [id] = await addProducts([`${shop.bases[2]}/sold-out`]);
    const report = await checkNow([id!]);
    expect(report.pricesChecked).toEqual([]);
    expect(await temp.database.run((db) => db.select().from(products).where(eq(products.id, id!)).get())).toMatchObject({ priceCheckedAt: null, price: 0 });
  });
});
