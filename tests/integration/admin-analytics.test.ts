/**
 * /api/admin/analytics* over HTTP against a real libSQL file (issue 14, points 5 and 8): a history seeded on known UTC
 * days (events and conversions inside the range, just outside it, and in the previous period; a reversed conversion and
 * an unattributed one) gives exactly the totals, changes, daily series, top tables and sort orders computed by hand
 * below; assigning the unattributed conversion credits its product once; CSV exports; who may call; bad ranges.
 *
 * The range is 2026-03-10 to 2026-03-12 (3 days); the previous period 2026-03-07 to 2026-03-09.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, clicks, productAnalytics, products } from '../../db/schema.ts';
import {
  analyticsSummarySchema,
  analyticsTableSchema,
  productDrillDownSchema,
  unattributedPageSchema,
  type TableRow,
} from '../../src/domain/admin/analytics.ts';
import { recordConversion, type ConversionReport } from '../../src/server/revenue/conversions.ts';
import { expectAdminOnly, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
const ids = { zeta: 0, alpha: 0, mid: 0 };
let unattributedId = 0;
const RANGE = 'from=2026-03-10&to=2026-03-12';

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const database = api.temp.database;
  await database.run(async (db) => {
    const [recovery] = await db.insert(categories).values({ name: 'Recovery', slug: 'recovery' }).returning({ id: categories.id });
    const rows = await db
      .insert(products)
      .values([
        { name: 'Zeta Roller', slug: 'zeta-roller', affiliateUrl: 'https://example.com/zeta', categoryId: recovery!.id },
        { name: 'Alpha Band', slug: 'alpha-band', affiliateUrl: 'https://example.com/alpha', categoryId: recovery!.id },
        // A name a spreadsheet would run as a formula: the CSV export must guard it.
        { name: '=Mid Mat', slug: 'mid-mat', affiliateUrl: 'https://example.com/mid' },
      ])
      .returning({ id: products.id });
    ids.zeta = rows[0]!.id;
    ids.alpha = rows[1]!.id;
    ids.mid = rows[2]!.id;
    // A click on a product's page follows a counted view there (viewed); clicks elsewhere had none (src/server/tracking.ts).
    const event = (productId: number, eventType: 'view' | 'click' | 'conversion', iso: string, pagePath: string | null = null) => ({
      productId,
      eventType,
      createdAt: at(iso),
      pagePath,
      viewed: eventType === 'click' && pagePath?.startsWith('/product/') === true,
    });
    const times = (count: number, make: () => ReturnType<typeof event>) => Array.from({ length: count }, make);
    await db.insert(productAnalytics).values([
      // The range.
      ...times(4, () => event(ids.zeta, 'view', '2026-03-10T09:00:00Z', '/product/zeta-roller')),
      ...times(2, () => event(ids.zeta, 'view', '2026-03-11T09:00:00Z', '/product/zeta-roller')),
      ...times(2, () => event(ids.zeta, 'click', '2026-03-10T00:00:00Z', '/product/a')),
      event(ids.zeta, 'click', '2026-03-12T23:59:59.999Z', '/products'),
      ...times(3, () => event(ids.alpha, 'view', '2026-03-11T10:00:00Z')),
      event(ids.alpha, 'click', '2026-03-11T10:00:00Z', '/products'),
      event(ids.mid, 'view', '2026-03-12T12:00:00Z'),
      // A conversion ledger row is neither a view nor a click.
      event(ids.zeta, 'conversion', '2026-03-10T12:00:00Z'),
      // Just outside: the day after the range, and the last millisecond before it (the previous period).
      event(ids.zeta, 'view', '2026-03-13T00:00:00Z'),
      event(ids.zeta, 'click', '2026-03-09T23:59:59.999Z', '/product/a'),
      // The previous period.
      ...times(5, () => event(ids.zeta, 'view', '2026-03-08T10:00:00Z')),
      event(ids.alpha, 'click', '2026-03-07T00:00:00Z', '/products'),
      // Before the previous period: counted nowhere.
      event(ids.zeta, 'view', '2026-03-06T23:59:59.999Z'),
    ]);
    await db.insert(clicks).values([
      { clickId: 'k1', productId: ids.zeta, pagePath: '/product/a', network: 'impact' },
      { clickId: 'k2', productId: ids.zeta, pagePath: '/products', network: 'impact' },
      { clickId: 'k3', productId: ids.alpha, pagePath: '/products', network: 'impact' },
      { clickId: 'k4', productId: ids.alpha, pagePath: '/products', network: 'impact' },
      { clickId: 'k6', productId: ids.zeta, pagePath: '/product/a', network: 'impact' },
      { clickId: 'k7', productId: ids.zeta, pagePath: '/product/a', network: 'impact' },
    ]);
  });
  const conversion = (transactionId: string, clickId: string, status: ConversionReport['status'], saleCents: number, commissionCents: number, iso: string): ConversionReport => ({
    network: 'impact',
    transactionId,
    clickId,
    status,
    saleCents,
    commissionCents,
    currency: 'USD',
    source: 'postback',
    occurredAt: at(iso),
  });
  await recordConversion(database, conversion('c1', 'k1', 'approved', 10_000, 500, '2026-03-10T12:00:00Z'));
  await recordConversion(database, conversion('c2', 'k2', 'pending', 4_000, 200, '2026-03-11T08:00:00Z'));
  await recordConversion(database, conversion('c3', 'k3', 'approved', 6_000, 300, '2026-03-12T23:59:59.999Z'));
  await recordConversion(database, conversion('c4', 'k4', 'approved', 5_000, 250, '2026-03-11T09:00:00Z'));
  await recordConversion(database, conversion('c4', 'k4', 'reversed', 5_000, 250, '2026-03-11T09:00:00Z'));
  unattributedId = (await recordConversion(database, conversion('c5', 'unknown-click', 'approved', 2_000, 100, '2026-03-11T20:00:00Z'))).conversionId;
  await recordConversion(database, conversion('c6', 'k6', 'approved', 9_990, 999, '2026-03-13T00:00:00Z'));
  await recordConversion(database, conversion('c7', 'k7', 'approved', 8_000, 400, '2026-03-08T15:00:00Z'));
});
afterAll(async () => {
  await api.close();
});

async function getJson(path: string): Promise<unknown> {
  const response = await admin.fetch(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

const table = async (name: string, query = '') => analyticsTableSchema.parse(await getJson(`/api/admin/analytics/tables/${name}?${RANGE}${query}`));
const labels = (rows: readonly TableRow[]) => rows.map((row) => row.label);

describe('the summary of a range', () => {
  it('totals, rates and the previous period match the hand computation', async () => {
    const summary = analyticsSummarySchema.parse(await getJson(`/api/admin/analytics?${RANGE}`));
    expect(summary.range).toEqual({ preset: null, from: '2026-03-10', to: '2026-03-12', days: 3, previous: { from: '2026-03-07', to: '2026-03-09' } });
    // Views 4+2+3+1; clicks 2+1+1, of which the 2 on /product/a followed a view (CTR 2/10); conversions c1, c2, c3 and
    // the unattributed c5 (c4 reversed, c6 after the range).
    expect(summary.current).toEqual({
      views: 10,
      clicks: 4,
      conversions: 4,
      commissionCents: 1_100,
      saleCents: 22_000,
      clickThroughRate: 0.2,
      conversionRate: 1,
      earningsPerClickCents: 275,
      revenuePerThousandViewsCents: 110_000,
    });
    // Views 5; clicks: the last millisecond of 03-09 (viewed) and 03-07; conversion c7.
    expect(summary.previous).toEqual({
      views: 5,
      clicks: 2,
      conversions: 1,
      commissionCents: 400,
      saleCents: 8_000,
      clickThroughRate: 0.2,
      conversionRate: 0.5,
      earningsPerClickCents: 200,
      revenuePerThousandViewsCents: 80_000,
    });
    expect(summary.changes).toEqual({
      views: 1,
      clicks: 1,
      conversions: 3,
      commissionCents: 1.75,
      saleCents: 1.75,
      clickThroughRate: 0,
      conversionRate: 1,
      earningsPerClickCents: 0.375,
      revenuePerThousandViewsCents: 0.375,
    });
  });

  it('the daily series has every day, with the day boundaries in UTC', async () => {
    const summary = analyticsSummarySchema.parse(await getJson(`/api/admin/analytics?${RANGE}`));
    expect(summary.series).toEqual([
      { day: '2026-03-10', views: 4, clicks: 2, commissionCents: 500 },
      { day: '2026-03-11', views: 5, clicks: 1, commissionCents: 300 },
      { day: '2026-03-12', views: 1, clicks: 1, commissionCents: 300 },
    ]);
    const wider = analyticsSummarySchema.parse(await getJson('/api/admin/analytics?from=2026-03-01&to=2026-03-31'));
    expect(wider.series).toHaveLength(31);
    expect(wider.series.find((point) => point.day === '2026-03-05')).toEqual({ day: '2026-03-05', views: 0, clicks: 0, commissionCents: 0 });
  });

  it('a preset ends today (UTC) and compares with the days before it', async () => {
    const summary = analyticsSummarySchema.parse(await getJson('/api/admin/analytics?range=7'));
    expect(summary.range.preset).toBe(7);
    expect(summary.range.to).toBe(new Date().toISOString().slice(0, 10));
    expect(summary.series).toHaveLength(7);
  });
});

describe('the top tables', () => {
  it('products: figures per product, sorted by any column on the server', async () => {
    const page = await table('products');
    expect(page.rows).toEqual([
      { id: ids.zeta, label: 'Zeta Roller', views: 6, clicks: 3, clickThroughRate: 2 / 6, conversions: 2, conversionRate: 2 / 3, commissionCents: 700, saleCents: 14_000, earningsPerClickCents: 233 },
      { id: ids.alpha, label: 'Alpha Band', views: 3, clicks: 1, clickThroughRate: 0, conversions: 1, conversionRate: 1, commissionCents: 300, saleCents: 6_000, earningsPerClickCents: 300 },
      { id: ids.mid, label: '=Mid Mat', views: 1, clicks: 0, clickThroughRate: 0, conversions: 0, conversionRate: null, commissionCents: 0, saleCents: 0, earningsPerClickCents: null },
    ]);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 10, sort: 'commissionCents', dir: 'desc' });
    expect(labels((await table('products', '&sort=earningsPerClickCents&dir=desc')).rows)).toEqual(['Alpha Band', 'Zeta Roller', '=Mid Mat']);
    // A row without a figure goes last in either direction.
    expect(labels((await table('products', '&sort=earningsPerClickCents&dir=asc')).rows)).toEqual(['Zeta Roller', 'Alpha Band', '=Mid Mat']);
    expect(labels((await table('products', '&sort=label')).rows)).toEqual(['=Mid Mat', 'Alpha Band', 'Zeta Roller']);
    expect(labels((await table('products', '&sort=views&dir=asc')).rows)).toEqual(['=Mid Mat', 'Alpha Band', 'Zeta Roller']);
    // Alpha's click was on the catalogue, not through a view: 0 %, tied with Mid and ordered by label.
    expect(labels((await table('products', '&sort=clickThroughRate')).rows)).toEqual(['Zeta Roller', '=Mid Mat', 'Alpha Band']);
    expect(labels((await table('products', '&sort=conversionRate&dir=asc')).rows)).toEqual(['Zeta Roller', 'Alpha Band', '=Mid Mat']);
    const past = await table('products', '&page=2');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(3);
  });

  it('categories: products summed by their category, none as "No category"', async () => {
    const page = await table('categories');
    expect(page.rows.map(({ label, views, clicks, conversions, commissionCents, saleCents }) => ({ label, views, clicks, conversions, commissionCents, saleCents }))).toEqual([
      { label: 'Recovery', views: 9, clicks: 4, conversions: 3, commissionCents: 1_000, saleCents: 20_000 },
      { label: 'No category', views: 1, clicks: 0, conversions: 0, commissionCents: 0, saleCents: 0 },
    ]);
    expect(labels((await table('categories', '&sort=label')).rows)).toEqual(['No category', 'Recovery']);
  });

  it('pages: clicks by the page they were made on, commission by the conversion’s page', async () => {
    const page = await table('pages');
    expect(page.rows).toEqual([
      // 500 each: the tie is broken by the label.
      { id: null, label: '/product/a', views: null, clicks: 2, clickThroughRate: null, conversions: 1, conversionRate: 0.5, commissionCents: 500, saleCents: 10_000, earningsPerClickCents: 250 },
      { id: null, label: '/products', views: null, clicks: 2, clickThroughRate: null, conversions: 2, conversionRate: 1, commissionCents: 500, saleCents: 10_000, earningsPerClickCents: 250 },
      { id: null, label: 'Unknown page', views: null, clicks: 0, clickThroughRate: null, conversions: 1, conversionRate: null, commissionCents: 100, saleCents: 2_000, earningsPerClickCents: null },
    ]);
    expect(labels((await table('pages', '&sort=conversions')).rows)).toEqual(['/products', '/product/a', 'Unknown page']);
    expect(labels((await table('pages', '&sort=clicks&dir=asc')).rows)).toEqual(['Unknown page', '/product/a', '/products']);
    const refused = await admin.fetch(`/api/admin/analytics/tables/pages?${RANGE}&sort=views`);
    expect(refused.status).toBe(400);
  });
});

describe('a product drill-down', () => {
  it('its own figures, series and newest conversions (the reversed one included, marked)', async () => {
    const drill = productDrillDownSchema.parse(await getJson(`/api/admin/analytics/products/${ids.alpha}?${RANGE}`));
    expect(drill.product).toEqual({ id: ids.alpha, name: 'Alpha Band', slug: 'alpha-band' });
    expect(drill.figures).toMatchObject({ views: 3, clicks: 1, conversions: 1, commissionCents: 300 });
    expect(drill.series).toEqual([
      { day: '2026-03-10', views: 0, clicks: 0, commissionCents: 0 },
      { day: '2026-03-11', views: 3, clicks: 1, commissionCents: 0 },
      { day: '2026-03-12', views: 0, clicks: 0, commissionCents: 300 },
    ]);
    expect(drill.recentConversions.map((row) => [row.transactionId, row.status])).toEqual([
      ['c3', 'approved'],
      ['c4', 'reversed'],
    ]);
    const missing = await admin.fetch(`/api/admin/analytics/products/999999?${RANGE}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.title).toBe('Product not found');
  });
});

describe('CSV export', () => {
  it('a top table, whole and in the screen’s order, with formula-looking cells guarded', async () => {
    const response = await admin.fetch(`/api/admin/analytics/export?table=products&${RANGE}&sort=label&dir=asc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('repwell-analytics-products-2026-03-10-to-2026-03-12.csv');
    const text = (await response.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'Product id,Product,Views,Clicks,CTR (%),Conversions,Conversion rate (%),Commission (USD),Sales (USD),EPC (USD)',
      `${ids.mid},'=Mid Mat,1,0,0.00,0,,0.00,0.00,`,
      `${ids.alpha},Alpha Band,3,1,0.00,1,100.00,3.00,60.00,3.00`,
      `${ids.zeta},Zeta Roller,6,3,33.33,2,66.67,7.00,140.00,2.33`,
      '',
    ]);
  });

  it('the daily series and the pages table', async () => {
    const daily = (await (await admin.fetch(`/api/admin/analytics/export?table=daily&${RANGE}`)).text()).replace(/^\uFEFF/, '');
    expect(daily.split('\r\n')).toEqual(['Day (UTC),Views,Clicks,Commission (USD)', '2026-03-10,4,2,5.00', '2026-03-11,5,1,3.00', '2026-03-12,1,1,3.00', '']);
    const pages = (await (await admin.fetch(`/api/admin/analytics/export?table=pages&${RANGE}`)).text()).replace(/^\uFEFF/, '');
    expect(pages.split('\r\n')[0]).toBe('Page,Clicks,Conversions,Conversion rate (%),Commission (USD),Sales (USD),EPC (USD)');
    expect(pages.split('\r\n')[3]).toBe('Unknown page,0,1,,1.00,20.00,');
  });

  it('refuses a table it does not know and a conversions table without a product', async () => {
    expect((await admin.fetch(`/api/admin/analytics/export?table=users&${RANGE}`)).status).toBe(400);
    expect((await admin.fetch('/api/admin/analytics/export?table=conversions')).status).toBe(400);
  });
});

describe('reconciling an unattributed conversion', () => {
  it('is listed, and assigning it credits the product once; the second time is 409', async () => {
    const before = unattributedPageSchema.parse(await getJson('/api/admin/analytics/unattributed'));
    expect(before.rows.map((row) => row.transactionId)).toEqual(['c5']);
    const csv = (await (await admin.fetch('/api/admin/analytics/export?table=unattributed')).text()).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[1]).toBe(`${unattributedId},2026-03-11T20:00:00.000Z,impact,c5,approved,postback,,,20.00,1.00,USD`);

    const path = `/api/admin/analytics/conversions/${unattributedId}/assign`;
    const first = await admin.fetch(path, { method: 'POST', json: { productId: ids.mid } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ conversionId: unattributedId, productId: ids.mid, conversionCountDelta: 1, revenueCentsDelta: 100 });
    const second = await admin.fetch(path, { method: 'POST', json: { productId: ids.zeta } });
    expect(second.status).toBe(409);
    expect((await second.json()).error.description).toBe('This conversion already belongs to a product.');

    const product = await api.temp.database.run((db) => db.select().from(products).where(eq(products.id, ids.mid)).get());
    expect(product).toMatchObject({ conversionCount: 1, revenueCents: 100 });
    expect((unattributedPageSchema.parse(await getJson('/api/admin/analytics/unattributed'))).total).toBe(0);
    const mid = (await table('products')).rows.find((row) => row.id === ids.mid);
    expect(mid).toMatchObject({ conversions: 1, commissionCents: 100 });

    expect((await admin.fetch('/api/admin/analytics/conversions/999999/assign', { method: 'POST', json: { productId: ids.mid } })).status).toBe(404);
    expect((await admin.fetch(path, { method: 'POST', json: { productId: 'x' } })).status).toBe(422);
  });

  it('the products list shows each product’s conversions and commission, and sorts by them', async () => {
    // The list counts the range it is given, as the dashboard does: all of March here.
    const response = await admin.fetch('/api/admin/products?sort=commission&from=2026-03-01&to=2026-03-31');
    const body = (await response.json()) as { rows: { name: string; conversionCount: number; revenueCents: number }[] };
    // Zeta: c1 500 + c2 200 + c6 999 + c7 400 (all in March); Alpha: c3 300 (c4 reversed); Mid: c5 100.
    expect(body.rows.map((row) => [row.name, row.conversionCount, row.revenueCents])).toEqual([
      ['Zeta Roller', 4, 2_099],
      ['Alpha Band', 1, 300],
      ['=Mid Mat', 1, 100],
    ]);
  });
});

describe('who may call, and bad input', () => {
  it('every endpoint answers 401 to a visitor and 403 to a plain user', async () => {
    for (const path of [
      `/api/admin/analytics?${RANGE}`,
      `/api/admin/analytics/tables/products?${RANGE}`,
      `/api/admin/analytics/products/${ids.zeta}?${RANGE}`,
      '/api/admin/analytics/unattributed',
      `/api/admin/analytics/export?table=products&${RANGE}`,
    ]) {
      await expectAdminOnly(api, { method: 'GET', path });
    }
    await expectAdminOnly(api, { method: 'POST', path: `/api/admin/analytics/conversions/${unattributedId}/assign`, json: { productId: ids.mid } });
  });

  it('a bad range is a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-12&to=2026-03-10', 'from must be on or before to.'],
      ['from=2025-01-01&to=2026-03-10', 'The range must be at most 366 days.'],
      ['from=1999-12-31&to=2000-01-05', 'from must be 2000-01-01 or later.'],
      ['from=2026-02-30&to=2026-03-10', 'from must be a day as YYYY-MM-DD.'],
      ['from=2026-03-01&to=soon', 'to must be a day as YYYY-MM-DD.'],
      ['from=2026-03-01', 'to is required for a custom range.'],
      ['range=14', 'range must be one of 7, 30, 90 or custom.'],
      ['range=7&range=30', 'range must be given once.'],
      ['days=7', 'Unknown parameter: days.'],
    ];
    for (const [query, message] of cases) {
      const response = await admin.fetch(`/api/admin/analytics?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error, query).toEqual({ title: 'Could not load analytics', description: message });
    }
    // 366 days is allowed.
    expect((await admin.fetch('/api/admin/analytics?from=2024-01-01&to=2024-12-31')).status).toBe(200);
    expect((await admin.fetch(`/api/admin/analytics/tables/products?${RANGE}&pageSize=7`)).status).toBe(400);
    expect((await admin.fetch(`/api/admin/analytics/tables/products?${RANGE}&dir=up`)).status).toBe(400);
    expect((await admin.fetch(`/api/admin/analytics/tables/users?${RANGE}`)).status).toBe(404);
  });
});
