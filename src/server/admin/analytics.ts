/**
 * The analytics dashboard's reads (issue 14, points 5 and 6), straight from the rows stored, so the dashboard's counts
 * equal them: views and clicks are product_analytics rows of that type; conversions are conversions rows that are
 * pending or approved, on the UTC day they occurred, with their commission and sale amounts. Reversed conversions
 * count nothing. Days are UTC days; a range is [first day 00:00, day after the last 00:00).
 *
 * Speed (`npm run bench -- analytics`: 1,000,000 events and 20,000 conversions over 365 days, a 90-day range):
 * indexes, no roll-up table. Every event read counts a range of one of product_analytics' two indexes, (event_type,
 * created_at, page_path) or (product_id, event_type, created_at); every conversion read scans one of conversions
 * (occurred_at, status, …); the figures are in the report of the bench and in the issue's note.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import {
  RECENT_CONVERSIONS,
  rangeTimes,
  type AnalyticsRange,
  type AnalyticsSummary,
  type AnalyticsTable,
  type AnalyticsTablePage,
  type ConversionListRow,
  type DashboardFigures,
  type ProductDrillDown,
  type SeriesPoint,
  type TableQuery,
  type TableRow,
  type TableSortField,
  type UnattributedPage,
} from '../../domain/admin/analytics.ts';
import {
  clickThroughRate,
  conversionRate,
  DAY_MS,
  daysOf,
  earningsPerClickCents,
  periodChanges,
  periodFigures,
  utcDay,
} from '../../domain/revenue/figures.ts';

/** The conversion statuses that count (src/domain/revenue/conversion-state.ts: reversed adds nothing). */
const COUNTED = sql.raw(`('pending', 'approved')`);
/** A day in milliseconds, written into the SQL: @libsql/client binds a JS number as a REAL, and `created_at / 86400000.0` is no day number. */
const DAY = sql.raw(String(DAY_MS));

export interface Totals {
  views: number;
  clicks: number;
  /** Clicks that followed a counted view: the click-through rate's numerator (clickThroughRate). */
  viewedClicks: number;
  conversions: number;
  commissionCents: number;
  saleCents: number;
}

const num = (value: unknown): number => Number(value ?? 0);

function productCondition(column: string, productId: number | undefined): SQL {
  return productId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${productId}`;
}

/** The totals of [start, end), of one product or of all. */
async function totalsOf(db: Db, start: number, end: number, productId?: number): Promise<Totals> {
  const row = await db.get<Record<string, unknown>>(sql`
    select
      (select count(*) from product_analytics where event_type = 'view' and created_at >= ${start} and created_at < ${end}${productCondition('product_id', productId)}) as views,
      k.clicks, k.viewed, c.conversions, c.commission, c.sale
    from (
      select count(*) as clicks, coalesce(sum(viewed), 0) as viewed
      from product_analytics where event_type = 'click' and created_at >= ${start} and created_at < ${end}${productCondition('product_id', productId)}
    ) as k, (
      select count(*) as conversions, coalesce(sum(commission_cents), 0) as commission, coalesce(sum(sale_cents), 0) as sale
      from conversions where occurred_at >= ${start} and occurred_at < ${end} and status in ${COUNTED}${productCondition('product_id', productId)}
    ) as c`);
  return {
    views: num(row?.views),
    clicks: num(row?.clicks),
    viewedClicks: num(row?.viewed),
    conversions: num(row?.conversions),
    commissionCents: num(row?.commission),
    saleCents: num(row?.sale),
  };
}

/**
 * The clicks, conversions and commission of a range: the one query the overview, the analytics dashboard's totals
 * and the products list's figures agree with, because all of them count the same rows (clicks: product_analytics
 * click rows; conversions and commission: pending and approved conversions rows, on the day they occurred).
 */
export async function rangeTotals(database: Database, range: { from: string; to: string }): Promise<Totals> {
  const { start, end } = rangeTimes(range);
  return database.run((db) => totalsOf(db, start, end));
}

/**
 * Every day of the range, oldest first, zeros included. Views and clicks are counted per day as index ranges (one
 * seek each per day) rather than grouped: grouping 400,000 rows by day needs a sort, counting ranges does not.
 */
async function seriesOf(db: Db, range: AnalyticsRange, productId?: number): Promise<{ series: SeriesPoint[]; totals: Totals }> {
  const { start, end } = rangeTimes(range);
  const count = (type: string, what = sql`count(*)`) =>
    sql`(select ${what} from product_analytics where ${productId === undefined ? sql`` : sql`product_id = ${productId} and `}event_type = ${type} and created_at >= d.start and created_at < d.start + ${DAY})`;
  const [events, money] = await Promise.all([
    db.all<Record<string, unknown>>(sql`
      with recursive d(start) as (select cast(${start} as integer) union all select start + ${DAY} from d where start + ${DAY} < ${end})
      select d.start / ${DAY} as day, ${count('view')} as views, ${count('click')} as clicks, ${count('click', sql`coalesce(sum(viewed), 0)`)} as viewed from d`),
    db.all<Record<string, unknown>>(sql`
      select occurred_at / ${DAY} as day, count(*) as conversions, sum(commission_cents) as commission, sum(sale_cents) as sale
      from conversions
      where occurred_at >= ${start} and occurred_at < ${end} and status in ${COUNTED}${productCondition('product_id', productId)}
      group by 1`),
  ]);
  const byDay = new Map<string, SeriesPoint>(daysOf(range.from, range.to).map((day) => [day, { day, views: 0, clicks: 0, commissionCents: 0 }]));
  // The range's totals are the sums of its days: counting the same rows twice would double the dashboard's cost.
  const totals: Totals = { views: 0, clicks: 0, viewedClicks: 0, conversions: 0, commissionCents: 0, saleCents: 0 };
  for (const row of events) {
    const point = byDay.get(utcDay(num(row.day) * DAY_MS));
    if (point) {
      point.views = num(row.views);
      point.clicks = num(row.clicks);
      totals.viewedClicks += num(row.viewed);
    }
  }
  for (const row of money) {
    const point = byDay.get(utcDay(num(row.day) * DAY_MS));
    if (!point) continue;
    point.commissionCents = num(row.commission);
    totals.conversions += num(row.conversions);
    totals.saleCents += num(row.sale);
  }
  const series = [...byDay.values()];
  for (const point of series) {
    totals.views += point.views;
    totals.clicks += point.clicks;
    totals.commissionCents += point.commissionCents;
  }
  return { series, totals };
}

function figuresOf(totals: Totals): DashboardFigures {
  return periodFigures(totals);
}

/** Totals and rates for the range and the previous period of equal length, with the change, and the daily series. */
export async function analyticsSummary(database: Database, range: AnalyticsRange): Promise<AnalyticsSummary> {
  const previousTimes = rangeTimes(range.previous);
  const [{ series, totals }, previous] = await database.run((db) => Promise.all([seriesOf(db, range), totalsOf(db, previousTimes.start, previousTimes.end)]));
  const currentFigures = figuresOf(totals);
  const previousFigures = figuresOf(previous);
  return { range, current: currentFigures, previous: previousFigures, changes: periodChanges(currentFigures, previousFigures), series };
}

// The top tables.

/**
 * Views, clicks, conversions, commission and sale per product in [start, end), products with none left out. Each
 * product's views and clicks are two index range counts (product_type_idx): at 10,000 products and 1,000,000 events
 * about 60 ms for all of them, where grouping the range's events by product sorted 400,000 rows (0.5-2 s).
 */
function perProduct(start: number, end: number): SQL {
  const count = (type: string, what = sql`count(*)`) =>
    sql`(select ${what} from product_analytics where product_id = p.id and event_type = ${type} and created_at >= ${start} and created_at < ${end})`;
  // MATERIALIZED: without it SQLite copies the correlated counts into the outer WHERE and runs each twice.
  return sql`
    with counted as materialized (
      select p.id as product_id, ${count('view')} as views, ${count('click')} as clicks, ${count('click', sql`coalesce(sum(viewed), 0)`)} as viewed,
        coalesce(c.conversions, 0) as conversions, coalesce(c.commission, 0) as commission, coalesce(c.sale, 0) as sale
      from products as p
      left join (
        select product_id, count(*) as conversions, sum(commission_cents) as commission, sum(sale_cents) as sale
        from conversions
        where occurred_at >= ${start} and occurred_at < ${end} and status in ${COUNTED} and product_id is not null
        group by product_id
      ) as c on c.product_id = p.id
    )
    select product_id, views, clicks, viewed, conversions, commission, sale from counted
    where views > 0 or clicks > 0 or conversions > 0`;
}

/** Clicks, conversions, commission and sale per page path (null: recorded without a page) in [start, end). */
function perPage(start: number, end: number): SQL {
  return sql`
    select page_path, null as views, sum(clicks) as clicks, null as viewed, sum(conversions) as conversions, sum(commission) as commission, sum(sale) as sale
    from (
      select page_path, count(*) as clicks, 0 as conversions, 0 as commission, 0 as sale
      from product_analytics
      where event_type = 'click' and created_at >= ${start} and created_at < ${end}
      group by page_path
      union all
      select page_path, 0, count(*), sum(commission_cents), sum(sale_cents)
      from conversions
      where occurred_at >= ${start} and occurred_at < ${end} and status in ${COUNTED}
      group by page_path
    )
    group by page_path`;
}

/** The rows of a table as (id, label, views, clicks, conversions, commission, sale). */
function tableRows(table: AnalyticsTable, start: number, end: number): SQL {
  if (table === 'products') {
    return sql`
      select p.id as id, p.name as label, t.views, t.clicks, t.viewed, t.conversions, t.commission, t.sale
      from (${perProduct(start, end)}) as t join products as p on p.id = t.product_id`;
  }
  if (table === 'categories') {
    return sql`
      select c.id as id, coalesce(c.name, 'No category') as label, sum(t.views) as views, sum(t.clicks) as clicks, sum(t.viewed) as viewed,
        sum(t.conversions) as conversions, sum(t.commission) as commission, sum(t.sale) as sale
      from (${perProduct(start, end)}) as t
        join products as p on p.id = t.product_id
        left join categories as c on c.id = p.category_id
      group by c.id`;
  }
  return sql`
    select null as id, coalesce(page_path, 'Unknown page') as label, views, clicks, viewed, conversions, commission, sale
    from (${perPage(start, end)})`;
}

/** Rates are compared exactly (the screen rounds); a row without a rate goes last either way. */
const sortExpressions: Record<TableSortField, string> = {
  label: 'label collate nocase',
  views: 'views',
  clicks: 'clicks',
  clickThroughRate: 'case when views > 0 then min(viewed, views) * 1.0 / views end',
  conversions: 'conversions',
  conversionRate: 'case when clicks > 0 then min(conversions, clicks) * 1.0 / clicks end',
  commissionCents: 'commission',
  saleCents: 'sale',
  earningsPerClickCents: 'case when clicks > 0 then commission * 1.0 / clicks end',
};

/** Ties end on the label, then the id, so rows never swap places between pages. */
function orderOf(sort: TableSortField, dir: 'asc' | 'desc'): SQL {
  const expression = sortExpressions[sort];
  const direction = dir === 'asc' ? 'asc' : 'desc';
  return sql.raw(`(${expression}) is null, ${expression} ${direction}, label collate nocase asc, label asc, id asc`);
}

function tableRowOf(row: Record<string, unknown>): TableRow {
  const views = row.views === null || row.views === undefined ? null : num(row.views);
  const clicks = num(row.clicks);
  const conversions = num(row.conversions);
  const commissionCents = num(row.commission);
  return {
    id: row.id === null || row.id === undefined ? null : num(row.id),
    label: String(row.label),
    views,
    clicks,
    clickThroughRate: views === null ? null : clickThroughRate(num(row.viewed), views),
    conversions,
    conversionRate: conversionRate(conversions, clicks),
    commissionCents,
    saleCents: num(row.sale),
    earningsPerClickCents: earningsPerClickCents(commissionCents, clicks),
  };
}

/** The statement of a table's page (exported for the bench's EXPLAIN QUERY PLAN). */
export function tablePageStatement(table: AnalyticsTable, query: Pick<TableQuery, 'range' | 'sort' | 'dir'> & { page?: number; pageSize?: number }): SQL {
  const { start, end } = rangeTimes(query.range);
  const limit = query.pageSize === undefined ? sql`` : sql` limit ${query.pageSize} offset ${((query.page ?? 1) - 1) * query.pageSize}`;
  return sql`select *, count(*) over () as total from (${tableRows(table, start, end)}) order by ${orderOf(query.sort, query.dir)}${limit}`;
}

/** A page of a top table, sorted in SQL, with the number of rows it has. */
export async function analyticsTablePage(database: Database, table: AnalyticsTable, query: TableQuery): Promise<AnalyticsTablePage> {
  const rows = await database.run((db) => db.all<Record<string, unknown>>(tablePageStatement(table, query)));
  let total = num(rows[0]?.total);
  if (rows.length === 0 && query.page > 1) {
    // A page past the end still says how many rows there are.
    const [first] = await database.run((db) => db.all<Record<string, unknown>>(tablePageStatement(table, { ...query, page: 1, pageSize: 1 })));
    total = num(first?.total);
  }
  return { table, rows: rows.map(tableRowOf), total, page: query.page, pageSize: query.pageSize, sort: query.sort, dir: query.dir };
}

/** Every row of a top table in the screen's order (the CSV export). */
export async function analyticsTableAll(database: Database, table: AnalyticsTable, query: Pick<TableQuery, 'range' | 'sort' | 'dir'>): Promise<TableRow[]> {
  const rows = await database.run((db) => db.all<Record<string, unknown>>(tablePageStatement(table, query)));
  return rows.map(tableRowOf);
}

// Conversions: a product's recent ones, and the unattributed ones.

function conversionRowOf(row: Record<string, unknown>): ConversionListRow {
  return {
    id: num(row.id),
    network: String(row.network),
    transactionId: String(row.transaction_id),
    productId: row.product_id === null ? null : num(row.product_id),
    pagePath: row.page_path === null ? null : String(row.page_path),
    status: String(row.status) as ConversionListRow['status'],
    saleCents: num(row.sale_cents),
    commissionCents: num(row.commission_cents),
    currency: String(row.currency),
    source: String(row.source) as ConversionListRow['source'],
    occurredAt: new Date(num(row.occurred_at)).toISOString(),
  };
}

const CONVERSION_COLUMNS = sql.raw('id, network, transaction_id, product_id, page_path, status, sale_cents, commission_cents, currency, source, occurred_at');

/** A product's figures and daily series for the range, and its newest conversions (any day, any status); undefined for an unknown product. */
export async function productDrillDown(database: Database, productId: number, range: AnalyticsRange): Promise<ProductDrillDown | undefined> {
  return database.run(async (db) => {
    const [product] = await db.all<Record<string, unknown>>(sql`select id, name, slug from products where id = ${productId}`);
    if (!product) return undefined;
    const [{ series, totals }, recent] = await Promise.all([
      seriesOf(db, range, productId),
      db.all<Record<string, unknown>>(
        sql`select ${CONVERSION_COLUMNS} from conversions where product_id = ${productId} order by occurred_at desc, id desc limit ${RECENT_CONVERSIONS}`,
      ),
    ]);
    return {
      product: { id: num(product.id), name: String(product.name), slug: String(product.slug) },
      range,
      figures: figuresOf(totals),
      series,
      recentConversions: recent.map(conversionRowOf),
    };
  });
}

/** Conversions waiting for a product, newest first, whatever their day (reconciling is not a matter of range). */
export async function unattributedConversions(database: Database, page: number, pageSize: number): Promise<UnattributedPage> {
  const [rows, counted] = await database.run((db) =>
    Promise.all([
      db.all<Record<string, unknown>>(
        sql`select ${CONVERSION_COLUMNS} from conversions where product_id is null order by occurred_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
      ),
      db.get<Record<string, unknown>>(sql`select count(*) as total from conversions where product_id is null`),
    ]),
  );
  return { rows: rows.map(conversionRowOf), total: num(counted?.total), page, pageSize };
}

/** Every unattributed conversion (the CSV export), newest first. */
export async function allUnattributedConversions(database: Database): Promise<ConversionListRow[]> {
  const rows = await database.run((db) =>
    db.all<Record<string, unknown>>(sql`select ${CONVERSION_COLUMNS} from conversions where product_id is null order by occurred_at desc, id desc`),
  );
  return rows.map(conversionRowOf);
}
