/**
 * The analytics dashboard at scale (issue 14, point 6): 10,000 products, 1,000,000 analytics events and 20,000
 * conversions over 365 days; every dashboard query for a 90-day range must answer in under 300 ms.
 *
 * The history is written by SQL alone (recursive CTEs, INSERT … SELECT), a few seconds rather than a million calls.
 * Skew: products are drawn as the product of three uniform numbers (a few products take most of the traffic), days
 * lean towards the recent (traffic grows), about 87 % of events are views, 11 % clicks, 2 % conversion ledger rows;
 * 5 % of conversions are unattributed, 10 % reversed.
 *
 * Each query runs WARMUP times, then RUNS times, directly (the service function against the database) and over HTTP
 * through the real function with a real admin session; the median and the max are printed, the budget applies to
 * the max over HTTP. The query plans are printed too (EXPLAIN QUERY PLAN).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { SQL } from 'drizzle-orm';
import { analyticsTables, parseAnalyticsRange, parseTableQuery, type AnalyticsRange, type AnalyticsTable } from '../../src/domain/admin/analytics.ts';
import { createUser } from '../../src/server/accounts.ts';
import { analyticsSummary, analyticsTablePage, productDrillDown, tablePageStatement, unattributedConversions } from '../../src/server/admin/analytics.ts';
import { median, type Figure } from './report.ts';

const WARMUP = 2;
const RUNS = 7;
const BUDGET_MS = 300;

export interface AnalyticsSeed {
  products: number;
  events: number;
  conversions: number;
  days: number;
}

export const DEFAULT_SEED: AnalyticsSeed = { products: 10_000, events: 1_000_000, conversions: 20_000, days: 365 };

/** A uniform number in [0, 1) drawn in SQL. */
const UNIFORM = '((abs(random()) % 1000000) / 1000000.0)';

/** Seeds products, categories, events and conversions ending at `now`; returns the seconds it took. */
export async function seedAnalyticsHistory(database: Database, seed: AnalyticsSeed, now: number): Promise<number> {
  const started = performance.now();
  const client = await database.client();
  const span = seed.days * 86_400_000;
  const conversionEvents = seed.conversions;
  const clickEvents = Math.round((seed.events - conversionEvents) * 0.11);
  const viewEvents = seed.events - conversionEvents - clickEvents;
  const product = `(1 + cast(${seed.products} * ${UNIFORM} * ${UNIFORM} * ${UNIFORM} as integer))`;
  // Recent days are busier: the square root of a uniform number leans towards 1.
  const time = `(${now} - cast(${span} * (1 - sqrt(${UNIFORM})) as integer))`;
  const statements = [
    `insert into categories (name, slug, show_in_navigation, created_at, updated_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < 12)
       select 'Category ' || i, 'category-' || i, 1, ${now}, ${now} from n`,
    `insert into products (name, slug, affiliate_url, category_id, created_at, updated_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ${seed.products})
       select 'Product ' || i, 'p-' || i, 'https://www.amazon.com/dp/B0' || printf('%08d', i), case when i % 50 = 0 then null else 1 + i % 12 end, ${now}, ${now} from n`,
    `insert into product_analytics (product_id, event_type, revenue_cents, page_path, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ${viewEvents})
       select p, 'view', 0, '/product/p-' || p, t from (select ${product} as p, ${time} as t from n)`,
    `insert into product_analytics (product_id, event_type, revenue_cents, page_path, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ${clickEvents})
       select p, 'click', 0, case abs(random()) % 10 when 0 then '/products' when 1 then '/' when 2 then '/blog/post-' || (abs(random()) % 50) else '/product/p-' || p end, t
       from (select ${product} as p, ${time} as t from n)`,
    `insert into conversions (network, transaction_id, click_id, product_id, page_path, status, sale_cents, commission_cents, currency, source, occurred_at, created_at, updated_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < ${seed.conversions})
       select case i % 3 when 0 then 'impact' when 1 then 'awin' else 'cj' end, 'tx-' || i, null,
         case when i % 20 = 0 then null else p end, case when i % 20 = 0 then null else '/product/p-' || p end,
         case when i % 10 = 0 then 'reversed' when i % 10 < 3 then 'pending' else 'approved' end,
         c * 12, c, 'USD', 'postback', t, t, t
       from (select i, ${product} as p, ${time} as t, 50 + abs(random()) % 5000 as c from n)`,
    `insert into product_analytics (product_id, event_type, revenue_cents, page_path, created_at)
       select product_id, 'conversion', commission_cents, page_path, occurred_at from conversions where product_id is not null`,
    // The unattributed conversions have no product, so no ledger row: top the ledger up to the event count.
    `insert into product_analytics (product_id, event_type, revenue_cents, page_path, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < (select ${seed.conversions} - count(*) from conversions where product_id is not null))
       select ${product}, 'view', 0, null, ${time} from n`,
    'analyze',
  ];
  for (const statement of statements) await client.execute(statement);
  return (performance.now() - started) / 1000;
}

async function signInAdmin(database: Database, baseUrl: string): Promise<string> {
  const email = `bench-admin-${randomUUID()}@example.com`;
  const password = `bench admin ${randomUUID()}`;
  await createUser(database, { email, password, role: 'admin' });
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`admin sign-in for the bench answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function time(work: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const started = performance.now();
    await work();
    if (run >= WARMUP) times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times) };
}

interface BenchCase {
  name: string;
  path: string;
  direct: () => Promise<unknown>;
}

export async function measureAnalytics(database: Database, baseUrl: string, today: string, log: (message: string) => void): Promise<Figure[]> {
  const range = parseAnalyticsRange({ range: '90' }, today);
  if (!range.ok) throw new Error(range.message);
  const client = await database.client();
  const top = (await client.execute('select product_id from product_analytics group by product_id order by count(*) desc limit 1')).rows[0];
  const topProduct = Number(top?.product_id ?? 1);
  const tableCase = (table: AnalyticsTable, query: string): BenchCase => {
    const parsed = parseTableQuery(table, new URLSearchParams(`range=90&${query}`), today);
    if (!parsed.ok) throw new Error(parsed.message);
    return { name: `${table} ${query}`, path: `/api/admin/analytics/tables/${table}?range=90&${query}`, direct: () => analyticsTablePage(database, table, parsed.value) };
  };
  const cases: BenchCase[] = [
    { name: 'summary (totals, previous period, daily series)', path: '/api/admin/analytics?range=90', direct: () => analyticsSummary(database, range.value) },
    tableCase('products', 'sort=commissionCents&dir=desc'),
    tableCase('products', 'sort=clickThroughRate&dir=desc&page=20'),
    tableCase('products', 'sort=label&dir=asc'),
    tableCase('categories', 'sort=views&dir=desc'),
    tableCase('pages', 'sort=clicks&dir=desc'),
    tableCase('pages', 'sort=earningsPerClickCents&dir=asc'),
    { name: `product drill-down (busiest product, #${topProduct})`, path: `/api/admin/analytics/products/${topProduct}?range=90`, direct: () => productDrillDown(database, topProduct, range.value) },
    { name: 'unattributed conversions, page 1', path: '/api/admin/analytics/unattributed', direct: () => unattributedConversions(database, 1, 10) },
    // A download of the whole table (every product with an event, about 8,300 rows), not a screen's query: timed, no budget.
    { name: 'CSV export, products (whole table, no budget)', path: '/api/admin/analytics/export?table=products&range=90', direct: async () => undefined },
  ];
  const cookie = await signInAdmin(database, baseUrl);
  const figures: Figure[] = [];
  for (const benchCase of cases) {
    const direct = benchCase.path.includes('/export') ? undefined : await time(benchCase.direct);
    const http = await time(async () => {
      const response = await fetch(`${baseUrl}${benchCase.path}`, { headers: { cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${benchCase.path} answered ${response.status}: ${body.slice(0, 300)}`);
    });
    const isDownload = benchCase.path.includes('/export');
    figures.push({ name: `analytics 90 days: ${benchCase.name}, HTTP max`, value: http.max, unit: 'ms', budget: isDownload ? undefined : BUDGET_MS });
    figures.push({ name: '  HTTP median', value: http.median, unit: 'ms' });
    if (direct) figures.push({ name: '  direct median / max', value: direct.median, unit: `ms / ${direct.max.toFixed(1)} ms` });
  }
  await logPlans(database, range.value, today, log);
  return figures;
}

async function logPlans(database: Database, range: AnalyticsRange, today: string, log: (message: string) => void): Promise<void> {
  const client = await database.client();
  for (const table of analyticsTables) {
    const parsed = parseTableQuery(table, new URLSearchParams('range=90'), today);
    if (!parsed.ok) continue;
    const statement = tablePageStatement(table, { ...parsed.value, range });
    // drizzle's dialect turns the SQL object into text and parameters, as it does before running it.
    const query = await database.run(async (db) => (db as unknown as { dialect: { sqlToQuery(value: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(statement));
    const result = await client.execute({ sql: `explain query plan ${query.sql}`, args: query.params as never });
    log(`plan, ${table}: ${result.rows.map((row) => String(row.detail)).join('; ')}`);
  }
}
