/**
 * The admin products list at scale (issue 10, point 3; ARCHITECTURE section 9: a page and a search under 300 ms at
 * 10,000 products). Each request goes over HTTP through the real function with a real admin session, so the time
 * includes the session check, both queries and the JSON answer. Every case runs a few times to warm up, then
 * RUNS times; p50 and p95 are printed, the budget applies to p95.
 *
 * The query plans are printed too (EXPLAIN QUERY PLAN), so a regression to a full scan shows where it comes from.
 */
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { parseProductListQuery } from '../../src/domain/admin/product-list.ts';
import { productCountQuery, productPageQuery } from '../../src/server/admin/product-list.ts';
import { signInAdmin } from './admin-session.ts';
import { percentile, type Figure } from './report.ts';

const WARMUP = 3;
const RUNS = 30;
const BUDGET_MS = 300;

export interface AdminListCase {
  name: string;
  query: string;
}

/** The cases, with a real SKU prefix, a category slug and the deepest page taken from the database. */
async function casesFor(database: Database): Promise<AdminListCase[]> {
  const [total, middle, category] = await database.run((db) =>
    Promise.all([
      db.select({ n: sql<number>`count(*)` }).from(products).get(),
      db.select({ sku: products.sku }).from(products).where(sql`${products.sku} is not null`).orderBy(asc(products.id)).limit(1).offset(5000).get(),
      db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.id)).limit(1).get(),
    ]),
  );
  const lastPage = Math.max(1, Math.ceil((total?.n ?? 0) / 25));
  const sku = String(middle?.sku ?? 'RW-');
  return [
    { name: 'first page (25, newest first)', query: '' },
    { name: `deep page (page ${lastPage} of 25)`, query: `page=${lastPage}` },
    { name: 'name search "roller"', query: 'search=roller' },
    { name: `SKU search "${sku}" (exact)`, query: `search=${encodeURIComponent(sku)}` },
    { name: `SKU prefix search "${sku.slice(0, 6)}"`, query: `search=${encodeURIComponent(sku.slice(0, 6))}` },
    { name: 'filtered + sorted (category, active, in stock, by price, 100 a page)', query: `category=${category?.slug ?? 'fitness'}&status=active&stock=in&sort=price&dir=asc&pageSize=100` },
    { name: 'sorted by clicks, page 50', query: 'sort=clicks&page=50' },
  ];
}

/** The plans of the list's two statements for one case, one line per plan row. */
async function explain(database: Database, sqlText: string, params: unknown[]): Promise<string[]> {
  const client = await database.client();
  const result = await client.execute({ sql: `explain query plan ${sqlText}`, args: params as never });
  return result.rows.map((row) => String(row.detail));
}

export async function measureAdminList(database: Database, baseUrl: string, log: (message: string) => void): Promise<Figure[]> {
  const cookie = await signInAdmin(database, baseUrl, 'bench-admin');
  const cases = await casesFor(database);
  const figures: Figure[] = [];
  for (const benchCase of cases) {
    const url = `${baseUrl}/api/admin/products${benchCase.query ? `?${benchCase.query}` : ''}`;
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      const body = (await response.json()) as { total?: number };
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
      total = body.total ?? 0;
      if (run >= WARMUP) times.push(ms);
    }
    figures.push(
      { name: `admin list: ${benchCase.name}, p95`, value: percentile(times, 95), unit: 'ms', budget: BUDGET_MS },
      { name: `  p50 (${total.toLocaleString('en-US')} matching)`, value: percentile(times, 50), unit: 'ms' },
    );
  }
  await logPlans(database, cases, log);
  return figures;
}

async function logPlans(database: Database, cases: readonly AdminListCase[], log: (message: string) => void): Promise<void> {
  for (const benchCase of cases) {
    const parsed = parseProductListQuery(new URLSearchParams(benchCase.query));
    if (!parsed.ok) continue;
    const [page, total] = await database.run(async (db) => [productPageQuery(db, parsed.value).toSQL(), productCountQuery(db, parsed.value).toSQL()]);
    log(`plan, ${benchCase.name}: page: ${(await explain(database, page.sql, page.params)).join('; ')}`);
    log(`plan, ${benchCase.name}: count: ${(await explain(database, total.sql, total.params)).join('; ')}`);
  }
}
