/**
 * One story in three screens: on the seeded demo database, the overview, the analytics dashboard and the products
 * list show the same clicks, conversions and revenue for the same range, because all three count the same event and
 * conversion rows; and no rate anywhere is above 100 %. Then, with real beacons: a click on a blog post's buy link is
 * credited to the post's page, and clicks without a counted view never push the click-through rate past 100 %.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productAnalytics, products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { analyticsSummarySchema, analyticsTableSchema, productDrillDownSchema, type TableRow } from '../../src/domain/admin/analytics.ts';
import { adminOverviewSchema } from '../../src/domain/admin/overview.ts';
import { productListSchema } from '../../src/domain/admin/product-list.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { Browser, freshLoopbackAddress, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  await seedDemoContent(api.temp.database);
}, 60_000);
afterAll(() => api.close());

async function get(path: string) {
  const response = await admin.fetch(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** Every page of the products list for the range, summed. */
async function listTotals(range: string) {
  let page = 1;
  const totals = { clicks: 0, conversions: 0, revenueCents: 0, rows: 0 };
  for (;;) {
    const list = productListSchema.parse(await get(`/api/admin/products?pageSize=100&page=${page}&${range}`));
    for (const row of list.rows) {
      totals.clicks += row.clickCount;
      totals.conversions += row.conversionCount;
      totals.revenueCents += row.revenueCents;
    }
    totals.rows += list.rows.length;
    if (page * list.pageSize >= list.total) return totals;
    page += 1;
  }
}

function today(offset = 0): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

describe('the overview, Analytics and the products list agree', () => {
  for (const range of ['range=7', 'range=30', 'range=90', `from=${today(-60)}&to=${today(-20)}`]) {
    it(`on clicks, conversions and revenue for ${range}`, async () => {
      const overview = adminOverviewSchema.parse(await get(`/api/admin/overview?${range}`));
      const analytics = analyticsSummarySchema.parse(await get(`/api/admin/analytics?${range}`));
      const list = await listTotals(range);

      // The seed is real traffic, not zeros: the comparison means something.
      expect(analytics.current.clicks).toBeGreaterThan(0);
      expect(analytics.current.conversions).toBeGreaterThan(0);
      expect(overview.products.clicks).toBe(analytics.current.clicks);
      expect(overview.products.conversions).toBe(analytics.current.conversions);
      expect(overview.products.revenueCents).toBe(analytics.current.commissionCents);
      expect(list.clicks).toBe(analytics.current.clicks);
      expect(list.conversions).toBe(analytics.current.conversions);
      expect(list.revenueCents).toBe(analytics.current.commissionCents);
      expect(list.rows).toBe(640);
      expect(overview.range).toMatchObject({ from: analytics.range.from, to: analytics.range.to });
    });
  }

  it('answers the overview with the dashboard default (30 days) when no range is asked for', async () => {
    const overview = adminOverviewSchema.parse(await get('/api/admin/overview'));
    const analytics = analyticsSummarySchema.parse(await get('/api/admin/analytics'));
    expect(overview.range).toEqual({ preset: 30, from: analytics.range.from, to: analytics.range.to });
    expect(overview.products.clicks).toBe(analytics.current.clicks);
  });

  it('refuses a bad range with 400 naming it, on the overview and the list (422) alike', async () => {
    const overview = await admin.fetch('/api/admin/overview?range=8');
    expect(overview.status).toBe(400);
    expect((await overview.json()).error.description).toMatch(/range must be one of 7, 30, 90/);
    const list = await admin.fetch('/api/admin/products?from=2026-02-30&to=2026-03-01');
    expect(list.status).toBe(422);
    expect((await list.json()).error.description).toBe('from must be a day as YYYY-MM-DD.');
  });

  it('sorts the products list by the range’s clicks', async () => {
    const list = productListSchema.parse(await get('/api/admin/products?sort=clicks&range=7'));
    const clicks = list.rows.map((row) => row.clickCount);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
    expect(clicks[0]).toBeGreaterThan(0);
  });

  it('derives the products’ stored counters from the seeded events', async () => {
    const [stored] = await api.temp.database.run((db) => db.select({ id: products.id, clicks: products.clickCount }).from(products).orderBy(products.id).limit(1));
    const rows = await api.temp.database.run((db) => db.select().from(productAnalytics).where(eq(productAnalytics.productId, stored!.id)));
    expect(stored!.clicks).toBe(rows.filter((row) => row.eventType === 'click').length);
  });
});

describe('no rate is above 100 %', () => {
  const expectRates = (rows: Pick<TableRow, 'clickThroughRate' | 'conversionRate'>[]) => {
    for (const row of rows) {
      if (row.clickThroughRate !== null) expect(row.clickThroughRate).toBeLessThanOrEqual(1);
      if (row.conversionRate !== null) expect(row.conversionRate).toBeLessThanOrEqual(1);
    }
  };

  it('in the summary and every top table, for every preset', async () => {
    for (const range of ['7', '30', '90']) {
      const summary = analyticsSummarySchema.parse(await get(`/api/admin/analytics?range=${range}`));
      expectRates([summary.current, summary.previous]);
      for (const table of ['products', 'categories', 'pages'] as const) {
        const answer = analyticsTableSchema.parse(await get(`/api/admin/analytics/tables/${table}?range=${range}&pageSize=50&sort=${table === 'pages' ? 'conversionRate' : 'clickThroughRate'}`));
        expect(answer.rows.length).toBeGreaterThan(0);
        expectRates(answer.rows);
      }
    }
  });

  it('when a product gets clicks from a blog post and the catalogue but few views', async () => {
    const [product] = await api.temp.database.run((db) =>
      db.insert(products).values({ name: 'Blog Only Roller', slug: 'blog-only-roller', affiliateUrl: 'https://www.amazon.com/dp/B0BLOGONLY' }).returning(),
    );
    const beacon = async (event: 'view' | 'click', pagePath: string, address = freshLoopbackAddress()) => {
      const response = await new Browser(api.server.url, { address }).fetch('/api/track', {
        method: 'POST',
        body: JSON.stringify({ productId: product!.id, event, ...(event === 'click' ? { pagePath } : {}) }),
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', 'sec-fetch-site': 'same-origin' },
      });
      expect(response.status).toBe(204);
      await api.server.settled();
    };
    // One person views the product and clicks its buy button; three others click it in a blog post, unseen.
    const reader = freshLoopbackAddress();
    await beacon('view', '/product/blog-only-roller', reader);
    await beacon('click', '/product/blog-only-roller', reader);
    for (let i = 0; i < 3; i++) await beacon('click', '/blog/a-post-only-this-test-has');

    const drill = productDrillDownSchema.parse(await get(`/api/admin/analytics/products/${product!.id}?range=7`));
    // 4 clicks on 1 view used to read 400 %; the one click through the page is 100 %.
    expect(drill.figures).toMatchObject({ views: 1, clicks: 4, clickThroughRate: 1 });

    // The blog's pages sort before the catalogue's ('/blog/…' < '/product…'): the post's row is on the first page.
    const pages = analyticsTableSchema.parse(await get('/api/admin/analytics/tables/pages?range=7&pageSize=50&sort=label&dir=asc'));
    // The blog post's clicks are credited to the post's page, not to the product page or 'Unknown page'.
    expect(pages.rows.find((candidate) => candidate.label === '/blog/a-post-only-this-test-has')?.clicks).toBe(3);
  });
});
