/**
 * `npm run bench -- track`: the click beacon endpoint under load (issue 14, point 6; ARCHITECTURE section 9: p95 under
 * 20 ms at 50 concurrent connections, no errors). Over HTTP to the real local server and function, against the
 * bench's freshly seeded database: REQUESTS click beacons with valid click ids, at most CONCURRENCY in flight, each
 * on a kept-alive connection (undici pools).
 *
 * Every beacon must be counted and stored, so none may be a repeat or rate-limited: the server knows a client by its
 * network address, so the beacons come from many loopback addresses (the whole of 127.0.0.0/8 reaches the server),
 * each sending at most PER_ADDRESS beacons (under the 60-a-minute cap), each for a different product. Afterwards the
 * stored rows are checked against what was sent: a fast answer that stored nothing would not count.
 */
import { count, eq, isNotNull } from 'drizzle-orm';
import { Pool } from 'undici';
import type { Database } from '../../db/client.ts';
import { clicks, productAnalytics, products } from '../../db/schema.ts';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import type { Figure } from './report.ts';

const CONCURRENCY = 50;
const PER_ADDRESS = 25;
const WARMUP = 200;
const BUDGET_P95_MS = 20;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** 127.{block}.x.y: a distinct loopback address per index (up to 62,500). */
function loopback(block: number, index: number): string {
  return `127.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

interface Sent {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}

async function fire(baseUrl: string, productIds: readonly number[], total: number, block: number): Promise<Sent> {
  const addresses = Math.ceil(total / PER_ADDRESS);
  const pools = Array.from({ length: addresses }, (_, index) => new Pool(baseUrl, { connections: 1, localAddress: loopback(block, index) }));
  const sent: Sent = { latencies: [], errors: 0, statuses: new Map() };
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < total) {
          const index = next++;
          const address = index % addresses;
          // The address's n-th beacon is for its n-th product: never a repeat.
          const productId = productIds[(Math.floor(index / addresses) + address * PER_ADDRESS) % productIds.length]!;
          const body = JSON.stringify({ productId, event: 'click', clickId: newClickId(), pagePath: '/products', network: null });
          const started = performance.now();
          try {
            const response = await pools[address]!.request({
              path: '/api/track',
              method: 'POST',
              headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, 'sec-fetch-site': 'same-origin' },
              body,
            });
            await response.body.dump();
            sent.latencies.push(performance.now() - started);
            sent.statuses.set(response.statusCode, (sent.statuses.get(response.statusCode) ?? 0) + 1);
            if (response.statusCode !== 204) sent.errors++;
          } catch {
            sent.errors++;
          }
        }
      }),
    );
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  return sent;
}

export async function measureTrack(database: Database, baseUrl: string, requests: number, log: (message: string) => void): Promise<Figure[]> {
  const rows = await database.run((db) => db.select({ id: products.id }).from(products).where(isNotNull(products.affiliateUrl)).orderBy(products.id));
  const productIds = rows.map((row) => row.id);
  if (productIds.length < PER_ADDRESS) throw new Error(`the track bench needs at least ${PER_ADDRESS} products`);

  log(`track: ${WARMUP} warm-up beacons`);
  await fire(baseUrl, productIds, WARMUP, 2);
  const before = await storedCounts(database);

  log(`track: ${requests} click beacons, ${CONCURRENCY} concurrent, from ${Math.ceil(requests / PER_ADDRESS)} addresses`);
  const started = performance.now();
  const sent = await fire(baseUrl, productIds, requests, 3);
  const seconds = (performance.now() - started) / 1000;
  const after = await storedCounts(database);
  const stored = { clicks: after.clicks - before.clicks, counted: after.counted - before.counted };
  log(`track: answers ${JSON.stringify(Object.fromEntries(sent.statuses))}; stored ${stored.clicks} clicks rows, ${stored.counted} counted clicks`);

  const accepted = sent.statuses.get(204) ?? 0;
  return [
    { name: `track: ${requests} click beacons, ${CONCURRENCY} concurrent, p50`, value: percentile(sent.latencies, 50), unit: 'ms' },
    { name: 'track: p95', value: percentile(sent.latencies, 95), unit: 'ms', budget: BUDGET_P95_MS },
    { name: 'track: p99', value: percentile(sent.latencies, 99), unit: 'ms' },
    { name: 'track: throughput', value: requests / seconds, unit: 'req/s', digits: 0 },
    { name: 'track: errors (not 204)', value: sent.errors, unit: '', budget: 0, digits: 0 },
    // Every accepted beacon is a new click: a clicks row and a counted event each.
    { name: 'track: beacons not stored', value: Math.abs(accepted - stored.clicks) + Math.abs(accepted - stored.counted), unit: '', budget: 0, digits: 0 },
  ];
}

async function storedCounts(database: Database): Promise<{ clicks: number; counted: number }> {
  return database.run(async (db) => {
    const [clickRows, counted] = await Promise.all([
      db.select({ n: count() }).from(clicks).get(),
      db.select({ n: count() }).from(productAnalytics).where(eq(productAnalytics.eventType, 'click')).get(),
    ]);
    return { clicks: clickRows?.n ?? 0, counted: counted?.n ?? 0 };
  });
}
