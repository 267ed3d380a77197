/**
 * The Amazon price refresh at scale: N Amazon products (default 10,000) never checked, a fake Creators API on
 * 127.0.0.1 (tests/helpers/fake-creators-api.ts) that knows them all, and the real job (runPriceRefresh: batches of
 * ten, a transaction per product, a real libSQL file) run until every product is refreshed.
 *
 * Amazon allows an account one request a second to start; the bench paces its client faster (`--rate`, default 50 a
 * second: the pacer is the client's injectable option) so it ends in reasonable time, and projects the real time from
 * what it measured: each request takes the longer of Amazon's interval and the bench's own time per request (which
 * includes the fake's answer and the writes). The budget: on the hourly schedule, runs of DEFAULT_PRICE_REFRESH_BUDGET_MS
 * refresh every product within the 24 hours Amazon lets its data be kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { products } from '../../db/schema.ts';
import { CreatorsClient } from '../../src/server/amazon/creators-client.ts';
import { RequestPacer } from '../../src/server/amazon/pacer.ts';
import { DEFAULT_PRICE_REFRESH_BUDGET_MS, runPriceRefresh } from '../../src/server/jobs/price-refresh.ts';
import { DEFAULT_PRICE_REFRESH_INTERVAL_MS } from '../../src/server/jobs/price-refresh-timer.ts';
import { fakeItem, startFakeCreators } from '../../tests/helpers/fake-creators-api.ts';
import type { Figure } from './report.ts';

/** Amazon's starting rate for a Creators API account (src/server/amazon/pacer.ts). */
const REAL_REQUESTS_PER_SECOND = 1;
const DAY_HOURS = 24;

export interface PriceRefreshBenchOptions {
  products: number;
  /** The bench's pace, requests a second. */
  rate: number;
}

export async function measurePriceRefresh(options: PriceRefreshBenchOptions, log: (message: string) => void): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'repwell-bench-prices-'));
  const database = new Database({ url: `file:${join(dir, 'app.db')}` });
  const asins = Array.from({ length: options.products }, (_, index) => `B${index.toString(36).toUpperCase().padStart(9, '0')}`);
  const fake = await startFakeCreators({ items: asins.map((asin, index) => fakeItem({ asin, title: `Bench item ${index}`, price: 10 + (index % 90), listPrice: index % 3 === 0 ? 120 : undefined })) });
  try {
    await applyMigrations(database);
    log(`adding ${options.products} Amazon products, never checked`);
    for (let start = 0; start < options.products; start += 500) {
      const rows = asins.slice(start, start + 500).map((asin, offset) => ({
        name: `Bench Amazon ${start + offset}`,
        slug: `bench-amazon-${start + offset}`,
        price: 50,
        affiliateUrl: `https://www.amazon.com/dp/${asin}`,
        attributes: { asin, marketplace: 'www.amazon.com' },
      }));
      await database.run((db) => db.insert(products).values(rows));
    }

    const client = new CreatorsClient(
      {
        credentialId: fake.credentialId,
        credentialSecret: fake.credentialSecret,
        credentialVersion: '2.1',
        tokenStyle: 'cognito',
        tokenUrl: fake.tokenUrl,
        apiBase: fake.url,
        marketplace: 'www.amazon.com',
        partnerTag: 'repwell-20',
        requestsPerSecond: REAL_REQUESTS_PER_SECOND,
      },
      { pacer: new RequestPacer(options.rate) },
    );
    log(`refreshing at ${options.rate} requests a second against the fake Creators API at ${fake.url}`);
    const started = performance.now();
    let requests = 0;
    let runs = 0;
    for (;;) {
      runs += 1;
      // Publishing is the partial build's business (npm run bench -- publish): the refresh only asks for it.
      const report = await runPriceRefresh(database, { client, rebuild: async () => {} });
      requests += report.requests;
      if (report.stoppedBecause !== 'budget') {
        if (report.stoppedBecause !== 'done') throw new Error(`The refresh stopped: ${report.stoppedBecause} ${report.message ?? ''}`);
        break;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const checked = (await database.run((db) => db.$count(products, isNotNull(products.priceCheckedAt)))) as number;
    if (checked !== options.products) throw new Error(`Only ${checked} of ${options.products} products were refreshed.`);

    const secondsPerRequest = Math.max(1 / REAL_REQUESTS_PER_SECOND, seconds / requests);
    const projectedSeconds = requests * secondsPerRequest;
    const runsNeeded = Math.ceil((projectedSeconds * 1000) / DEFAULT_PRICE_REFRESH_BUDGET_MS);
    // Run k starts k-1 schedule intervals after the first, and ends within its budget.
    const fullCycleHours = ((runsNeeded - 1) * DEFAULT_PRICE_REFRESH_INTERVAL_MS + Math.min(DEFAULT_PRICE_REFRESH_BUDGET_MS, projectedSeconds * 1000)) / 3_600_000;
    log(
      `${options.products} products in ${requests} requests over ${runs} run(s): ${seconds.toFixed(1)} s at ${options.rate}/s ` +
        `(${(requests / seconds).toFixed(1)} requests/s, ${(options.products / seconds).toFixed(0)} products/s); ` +
        `at ${REAL_REQUESTS_PER_SECOND} request/s: ${(projectedSeconds / 60).toFixed(1)} min, ${runsNeeded} hourly run(s) of ${DEFAULT_PRICE_REFRESH_BUDGET_MS / 60_000} min, ` +
        `every product refreshed within ${fullCycleHours.toFixed(1)} h`,
    );
    return [
      { name: `price refresh: ${options.products} products, GetItems requests`, value: requests, unit: '', digits: 0 },
      { name: `price refresh: wall time at ${options.rate} requests/s (bench)`, value: seconds, unit: 's' },
      { name: 'price refresh: measured throughput', value: requests / seconds, unit: 'requests/s' },
      { name: 'price refresh: measured time per request (answer + writes)', value: (seconds / requests) * 1000, unit: 'ms' },
      { name: `price refresh: projected at ${REAL_REQUESTS_PER_SECOND} request/s`, value: projectedSeconds / 60, unit: 'min' },
      { name: 'price refresh: every product refreshed within (hourly runs)', value: fullCycleHours, unit: 'h', budget: DAY_HOURS, digits: 2 },
    ];
  } finally {
    await fake.close();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
