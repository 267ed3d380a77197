/**
 * The analytics dashboard in Chromium (issue 14, points 5 and 8): a history seeded straight into the e2e database
 * gives figure cards that match the hand computation below for 'Last 30 days'; a top table sorts on the server; a
 * product's drill-down shows its chart with the chart's table equivalent; Export CSV downloads the table's rows.
 *
 * The spec counts on a server and database of its own (own-server.ts), a copy of the run's taken when it starts, so the
 * views, clicks and conversions other specs add beside it cannot reach its figures. It owns that copy's analytics of
 * the last 60 days: it clears them first (the demo seed and earlier specs' beacons leave events there), so the range
 * and its previous period hold only what it seeds.
 */
import type { Download, Page } from '@playwright/test';
import { eq, gte, inArray } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { Database } from '../../db/client.ts';
import { conversions, productAnalytics, products } from '../../db/schema.ts';
import { e2eAccounts } from './accounts.ts';
import { seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './own-server.ts';

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
const todayStart = Math.floor(Date.now() / DAY) * DAY;
/** Noon UTC, `daysAgo` days before today: safely inside its day whatever the hour the spec runs. */
const noon = (daysAgo: number) => new Date(todayStart - daysAgo * DAY + 12 * 3_600_000);

let alphaId = 0;

test.beforeAll(async ({ ownServer }) => {
  await ownServer.database.run(async (db) => {
    const since = new Date(todayStart - 59 * DAY);
    await db.delete(productAnalytics).where(gte(productAnalytics.createdAt, since));
    await db.delete(conversions).where(gte(conversions.occurredAt, since));
    await db.delete(products).where(inArray(products.slug, ['e2e-analytics-alpha', 'e2e-analytics-beta']));
    const [alpha, beta] = await db
      .insert(products)
      .values([
        { name: 'E2E Analytics Alpha', slug: 'e2e-analytics-alpha', affiliateUrl: 'https://example.com/alpha', attributes: { status: 'draft' } },
        { name: 'E2E Analytics Beta', slug: 'e2e-analytics-beta', affiliateUrl: 'https://example.com/beta', attributes: { status: 'draft' } },
      ])
      .returning({ id: products.id });
    alphaId = alpha!.id;
    const events = (productId: number, eventType: 'view' | 'click', count: number, daysAgo: number, pagePath: string | null = null) =>
      // A click on the product's own page followed a counted view there (viewed), as tracking records it.
      Array.from({ length: count }, () => ({ productId, eventType, createdAt: noon(daysAgo), pagePath, viewed: eventType === 'click' && pagePath?.startsWith('/product/') === true }));
    await db.insert(productAnalytics).values([
      ...events(alpha!.id, 'view', 10, 1),
      ...events(alpha!.id, 'click', 4, 1, '/product/e2e-analytics-alpha'),
      ...events(beta!.id, 'view', 5, 10),
      ...events(beta!.id, 'click', 1, 10, '/products'),
      // The previous period (30 to 59 days ago).
      ...events(alpha!.id, 'view', 5, 40),
      ...events(alpha!.id, 'click', 2, 40, '/product/e2e-analytics-alpha'),
    ]);
    const conversion = (transactionId: string, productId: number | null, status: 'pending' | 'approved' | 'reversed', saleCents: number, commissionCents: number, daysAgo: number) => ({
      network: 'impact',
      transactionId,
      productId,
      pagePath: productId === null ? null : '/product/e2e-analytics-alpha',
      status,
      saleCents,
      commissionCents,
      currency: 'USD',
      source: 'postback' as const,
      occurredAt: noon(daysAgo),
    });
    await db.insert(conversions).values([
      conversion('e2e-1', alpha!.id, 'approved', 20_000, 1_234, 1),
      conversion('e2e-2', beta!.id, 'pending', 5_000, 500, 10),
      conversion('e2e-3', alpha!.id, 'reversed', 9_000, 999, 2),
      conversion('e2e-4', null, 'approved', 3_000, 300, 3),
      conversion('e2e-5', alpha!.id, 'approved', 10_000, 1_000, 40),
    ]);
  });
});

// Nothing to clean up: the copy goes with the spec's server (own-server.ts).
test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
}

test('the dashboard for the last 30 days matches the hand computation, sorts, drills down and exports', async ({ page }) => {
  // A view another spec's page records meanwhile, as a beacon writes it into the run's database: not in these figures.
  await withViewInTheRunsDatabase(() => dashboardMatchesTheHandComputation(page));
});

async function withViewInTheRunsDatabase(work: () => Promise<void>): Promise<void> {
  const run = new Database({ url: process.env.DATABASE_URL! });
  try {
    const [view] = await run.run(async (db) => {
      const product = await db.select({ id: products.id }).from(products).limit(1).get();
      return db.insert(productAnalytics).values({ productId: product!.id, eventType: 'view', createdAt: new Date() }).returning({ id: productAnalytics.id });
    });
    try {
      await work();
    } finally {
      await run.run((db) => db.delete(productAnalytics).where(eq(productAnalytics.id, view!.id)));
    }
  } finally {
    run.close();
  }
}

async function dashboardMatchesTheHandComputation(page: Page): Promise<void> {
  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/range=7/);
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).not.toHaveURL(/range=/);
  await expect(page.getByText('Days are UTC days')).toBeVisible();

  // Views 10 + 5; clicks 4 + 1; conversions e2e-1, e2e-2 and the unattributed e2e-4 (e2e-3 reversed); commission
  // 12.34 + 5.00 + 3.00. CTR 4/15 (Beta's click on /products followed no view), conversion rate 3/5, EPC 2034/5 = 406.8
  // → $4.07, RPM 2034 × 1000 / 15 = $1,356.00. Previous period: 5 views, 2 clicks (both through a view), 1 conversion, $10.00.
  const card = (figure: string) => page.locator(`[data-figure="${figure}"]`);
  const expected: [string, string, string][] = [
    ['views', '15', 'Up 200.0%'],
    ['clicks', '5', 'Up 150.0%'],
    ['clickThroughRate', '26.7%', 'Down 33.3%'],
    ['conversions', '3', 'Up 200.0%'],
    ['conversionRate', '60.0%', 'Up 20.0%'],
    ['commissionCents', '$20.34', 'Up 103.4%'],
    ['earningsPerClickCents', '$4.07', 'Down 18.6%'],
    ['revenuePerThousandViewsCents', '$1,356.00', 'Down 32.2%'],
  ];
  for (const [figure, value, change] of expected) {
    await expect(card(figure).locator('[data-value]'), figure).toHaveText(value);
    await expect(card(figure).locator('[data-change]'), figure).toContainText(change);
  }

  // The daily chart: a described image, and its table equivalent for screen readers.
  const daily = page.getByRole('region', { name: 'Views, clicks and commission by day' });
  await expect(daily.getByRole('img')).toHaveAttribute('aria-label', /15 views, 5 clicks, \$20\.34 commission/);
  await expect(daily.getByRole('table', { name: 'All products by day (UTC)' }).getByRole('row')).toHaveCount(31);

  // Top products: commission first by default; sorted by views, lowest first, on the server.
  const top = page.getByRole('region', { name: 'Top products' });
  const firstCells = top.locator('tbody tr th');
  await expect(firstCells).toHaveText(['E2E Analytics Alpha', 'E2E Analytics Beta']);
  await top.getByRole('button', { name: 'Views' }).click();
  await top.getByRole('button', { name: 'Views' }).click();
  await expect(top.getByRole('columnheader', { name: /Views/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstCells).toHaveText(['E2E Analytics Beta', 'E2E Analytics Alpha']);

  // The drill-down of a product: its figures, its chart with the table equivalent, its conversions.
  await top.getByRole('button', { name: 'E2E Analytics Alpha' }).click();
  const drill = page.getByRole('region', { name: 'Product: E2E Analytics Alpha' });
  await expect(drill.getByRole('img')).toHaveAttribute('aria-label', /E2E Analytics Alpha, .*10 views, 4 clicks, \$12\.34 commission/);
  await expect(drill.getByRole('table', { name: 'E2E Analytics Alpha by day (UTC)' })).toBeAttached();
  await drill.getByRole('button', { name: 'Show data table' }).click();
  await expect(drill.getByRole('table', { name: 'E2E Analytics Alpha by day (UTC)' })).toBeVisible();
  await expect(drill.getByRole('table', { name: 'Recent conversions of E2E Analytics Alpha' }).locator('tbody tr')).toHaveCount(3);

  // Export CSV of the top products: the whole table in the screen's order.
  const [download] = await Promise.all([page.waitForEvent('download'), top.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^repwell-analytics-products-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const beta = (await page.request.get('/api/admin/products?search=E2E%20Analytics%20Beta').then((response) => response.json())) as { rows: { id: number }[] };
  expect((await downloadedText(download)).split('\r\n')).toEqual([
    'Product id,Product,Views,Clicks,CTR (%),Conversions,Conversion rate (%),Commission (USD),Sales (USD),EPC (USD)',
    `${beta.rows[0]!.id},E2E Analytics Beta,5,1,0.00,1,100.00,5.00,50.00,5.00`,
    `${alphaId},E2E Analytics Alpha,10,4,40.00,1,25.00,12.34,200.00,3.09`,
    '',
  ]);

  expect(await seriousViolations(page)).toEqual([]);

  // The overview tells the same story for the same 30 days: the clicks, conversions and revenue counted above.
  await page.goto('/dashboard/overview');
  const figure = (label: string) => page.getByRole('main').locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  await expect(figure('Affiliate clicks').locator('dd').first()).toHaveText('5');
  await expect(figure('Affiliate clicks')).toContainText('last 30 days');
  await expect(figure('Revenue').locator('dd').first()).toHaveText('$20.34');
  await expect(figure('Revenue')).toContainText('3 conversions · last 30 days');
  // And the products list, product by product (the unattributed conversion belongs to no product).
  const listed = (await page.request.get('/api/admin/products?search=E2E%20Analytics&sort=name&dir=asc').then((response) => response.json())) as {
    rows: { name: string; clickCount: number; conversionCount: number; revenueCents: number }[];
  };
  expect(listed.rows.map((row) => [row.name, row.clickCount, row.conversionCount, row.revenueCents])).toEqual([
    ['E2E Analytics Alpha', 4, 1, 1234],
    ['E2E Analytics Beta', 1, 1, 500],
  ]);
}
