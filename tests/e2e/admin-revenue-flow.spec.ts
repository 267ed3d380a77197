/**
 * Revenue end to end in Chromium (issue 14, point 8), as a shopper and then an admin meet it: a shopper follows a buy
 * link on a product page and the outbound URL carries a click id (the demo's eBay links are eBay Partner Network
 * links: `customid`); once the click is stored, the admin creates the Generic network's postback token in the Networks
 * tab and a postback with that click id is accepted at the URL shown; the Dashboard tab then shows the commission
 * against the product (top products), against the product page's path (top pages) and among the product's recent
 * conversions. A repeat of the postback changes nothing; a reversal takes the commission off again.
 *
 * Other specs share the e2e database, so the expected figures are what the product had before this spec acted plus
 * what the spec did, with the "before" read from the database; the product is one no other spec works on (an eBay
 * product from the middle of the name order: admin-products.spec.ts works near the start of it, admin-csv-import.spec.ts
 * at the end). admin-analytics.spec.ts, which clears the recent analytics, does so in a copy of its own (own-server.ts).
 */
import { and, count, eq, gte, inArray, lt, sum } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { clicks, conversions, productAnalytics, type Product } from '../../db/schema.ts';
import { isClickId } from '../../src/domain/revenue/click-id.ts';
import { REPEAT_WINDOW_MS } from '../../src/domain/tracking.ts';
import { e2eAccounts } from './accounts.ts';
import { runDatabase, signIn } from './admin-helpers.ts';
import { retailerProducts } from './click-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A browser's User-Agent: headless Chromium's says HeadlessChrome, a declared bot, whose events are not counted. */
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' });

const DAY = 86_400_000;
/** 'Last 7 days' is [today − 6, tomorrow) in UTC days. */
const rangeStart = () => new Date(Math.floor(Date.now() / DAY) * DAY - 6 * DAY);
const rangeEnd = () => new Date(Math.floor(Date.now() / DAY) * DAY + DAY);

const COMMISSION_CENTS = 1_234;
const SALE_CENTS = 15_425;

const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const run = runDatabase();

/**
 * An eBay product with a tagged https link, from the middle of the name order, that nobody clicked within the repeat
 * window: every browser here shares one address, so a second click on the same product (a rerun of this spec) would
 * be a repeat and not counted. `clicks` holds every click with a click id and no spec clears it.
 */
async function productOfOurOwn(): Promise<Product> {
  const rows = await retailerProducts(run.database, 'ebay');
  const recent = new Set(
    (await run.database.run((db) => db.select({ productId: clicks.productId }).from(clicks).where(gte(clicks.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS))).all())).map(
      (row) => row.productId,
    ),
  );
  const middle = rows.slice(Math.floor(rows.length / 2)).concat(rows.slice(0, Math.floor(rows.length / 2)));
  const row = middle.find((candidate) => !recent.has(candidate.id));
  if (!row) throw new Error('the demo seed has no eBay product left unclicked');
  return row;
}

interface Figures {
  views: number;
  clicks: number;
  conversions: number;
  commissionCents: number;
  saleCents: number;
}

/** The product's figures for 'Last 7 days' as stored: the rows the dashboard counts (reversed conversions count nothing). */
async function storedFigures(productId: number): Promise<Figures> {
  return run.database.run(async (db) => {
    const events = async (type: 'view' | 'click') =>
      (
        await db
          .select({ n: count() })
          .from(productAnalytics)
          .where(and(eq(productAnalytics.productId, productId), eq(productAnalytics.eventType, type), gte(productAnalytics.createdAt, rangeStart()), lt(productAnalytics.createdAt, rangeEnd())))
          .get()
      )?.n ?? 0;
    const money = await db
      .select({ n: count(), commission: sum(conversions.commissionCents), sale: sum(conversions.saleCents) })
      .from(conversions)
      .where(
        and(
          eq(conversions.productId, productId),
          inArray(conversions.status, ['pending', 'approved']),
          gte(conversions.occurredAt, rangeStart()),
          lt(conversions.occurredAt, rangeEnd()),
        ),
      )
      .get();
    return {
      views: await events('view'),
      clicks: await events('click'),
      conversions: money?.n ?? 0,
      commissionCents: Number(money?.commission ?? 0),
      saleCents: Number(money?.sale ?? 0),
    };
  });
}

/** The page path's clicks and counted conversions for 'Last 7 days' as stored (the top pages table). */
async function storedPageFigures(pagePath: string): Promise<Omit<Figures, 'views'>> {
  return run.database.run(async (db) => {
    const clicked = await db
      .select({ n: count() })
      .from(productAnalytics)
      .where(and(eq(productAnalytics.pagePath, pagePath), eq(productAnalytics.eventType, 'click'), gte(productAnalytics.createdAt, rangeStart()), lt(productAnalytics.createdAt, rangeEnd())))
      .get();
    const converted = await db
      .select({ n: count(), commission: sum(conversions.commissionCents), sale: sum(conversions.saleCents) })
      .from(conversions)
      .where(and(eq(conversions.pagePath, pagePath), inArray(conversions.status, ['pending', 'approved']), gte(conversions.occurredAt, rangeStart()), lt(conversions.occurredAt, rangeEnd())))
      .get();
    return { clicks: clicked?.n ?? 0, conversions: converted?.n ?? 0, commissionCents: Number(converted?.commission ?? 0), saleCents: Number(converted?.sale ?? 0) };
  });
}

const plus = <T extends Partial<Figures>>(figures: T, more: Partial<Figures>): T =>
  Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, value + (more[key as keyof Figures] ?? 0)])) as T;

/** A table row's cells by column, as the screen shows them. */
function shown(figures: Partial<Figures>): Record<string, string> {
  const cells: Record<string, string> = {};
  if (figures.views !== undefined) cells.Views = String(figures.views);
  if (figures.clicks !== undefined) cells.Clicks = String(figures.clicks);
  if (figures.conversions !== undefined) cells.Conversions = String(figures.conversions);
  if (figures.commissionCents !== undefined) cells.Commission = money(figures.commissionCents);
  if (figures.saleCents !== undefined) cells.Sales = money(figures.saleCents);
  return cells;
}

/** The row of a top table headed `label`, paging on until it is shown (the tables are sorted by commission). */
async function rowOf(section: Locator, label: string): Promise<Locator> {
  const row = section.locator('tbody tr').filter({ has: section.page().getByRole('rowheader', { name: label, exact: true }) });
  const table = section.getByRole('table');
  for (;;) {
    await expect(table).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    if ((await row.count()) > 0) return row;
    const pager = section.getByRole('navigation');
    const next = pager.getByRole('button', { name: 'Next' });
    if ((await pager.count()) === 0 || (await next.isDisabled())) throw new Error(`no row '${label}' in ${await section.getByRole('heading').first().textContent()}`);
    const at = await pager.textContent();
    await next.click();
    await expect(pager).not.toHaveText(at!);
  }
}

/** The cells of `row` named by their column headers, for the columns `expected` names. */
async function cellsOf(section: Locator, row: Locator, expected: Record<string, string>): Promise<Record<string, string>> {
  const headers = (await section.locator('thead th').allInnerTexts()).map((text) => text.replace(/[▲▼]/g, '').trim());
  const cells = [await row.getByRole('rowheader').innerText(), ...(await row.getByRole('cell').allInnerTexts())];
  return Object.fromEntries(Object.keys(expected).map((name) => [name, cells[headers.indexOf(name)]?.trim() ?? `no column ${name}`]));
}

/** The product's and the page's rows on the dashboard for 'Last 7 days', after a fresh load. */
async function dashboardShows(page: Page, product: Product, productFigures: Figures, pagePath: string, pageFigures: Omit<Figures, 'views'>) {
  await page.goto('/dashboard/analytics?range=7');
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  const top = page.getByRole('region', { name: 'Top products' });
  const productRow = await rowOf(top, product.name);
  expect(await cellsOf(top, productRow, shown(productFigures))).toEqual(shown(productFigures));
  const pages = page.getByRole('region', { name: 'Top pages (where the click was made)' });
  const pageRow = await rowOf(pages, pagePath);
  expect(await cellsOf(pages, pageRow, shown(pageFigures))).toEqual(shown(pageFigures));
  return { productRow };
}

/** The Generic network fills each {name} of the URL with the conversion's value. */
function filled(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (macro, name: string) => (values[name] === undefined ? macro : encodeURIComponent(values[name])));
}

test('a buy link click, a postback with its click id, and the commission on the dashboard against the product and the page; a repeat changes nothing, a reversal takes it off', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const product = await productOfOurOwn();
  const pagePath = `/product/${product.slug}`;
  const before = await storedFigures(product.id);
  const pageBefore = await storedPageFigures(pagePath);

  // 1. The shopper follows the buy link; the retailer is answered by the test, which sees the URL the browser asked for.
  const clickId = await test.step('a shopper follows the buy link', async () => {
    await context.route(/^https:\/\/([a-z0-9-]+\.)*ebay\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Retailer</title><p>Retailer</p>' }),
    );
    // The page's view beacon, answered before its figures are read.
    const viewed = page.waitForResponse((response) => response.url().endsWith('/api/track') && response.request().postData()?.includes('"view"') === true);
    expect((await page.goto(pagePath))?.status()).toBe(200);
    await viewed;
    const buy = page.locator(`a[data-track-click="${product.id}"]`).first();
    await expect(buy).toBeVisible();
    const popup = context.waitForEvent('page');
    await buy.click();
    const retailer = await popup;
    await retailer.waitForURL(/^https:/, { waitUntil: 'commit' });
    const outbound = new URL(retailer.url());
    await retailer.close();
    expect(outbound.hostname).toMatch(/(^|\.)ebay\.com$/);
    const id = outbound.searchParams.get('customid');
    expect(isClickId(id), `click id in ${outbound.href}`).toBe(true);
    return id!;
  });

  // 2. The click is stored with the product and the page, and counted. The view is counted unless an earlier spec's
  // browser viewed the page within the repeat window (all share one address); the figures take it as stored.
  const views = await test.step('the click is stored', async () => {
    await expect
      .poll(async () => (await run.database.run((db) => db.select().from(clicks).where(eq(clicks.clickId, clickId)).get())) ?? null, { timeout: 30_000 })
      .toMatchObject({ clickId, productId: product.id, pagePath, network: 'ebay' });
    await expect.poll(async () => (await storedFigures(product.id)).clicks, { timeout: 30_000 }).toBe(before.clicks + 1);
    const counted = (await storedFigures(product.id)).views - before.views;
    expect([0, 1]).toContain(counted);
    return counted;
  });

  // 3. The admin creates the Generic network's token; the network calls the URL shown.
  await signIn(page, e2eAccounts.admin);
  const template = await test.step('the admin creates the Generic postback token', async () => {
    const reset = await page.request.delete('/api/admin/revenue-networks/generic');
    expect([200, 404]).toContain(reset.status());
    await page.goto('/dashboard/analytics?tab=networks');
    const genericRow = page
      .getByRole('table', { name: 'Conversion networks' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Generic', exact: true }) });
    await expect(genericRow).toContainText('Not configured');
    await genericRow.getByRole('button', { name: 'Create token for Generic' }).click();
    const url = page.getByRole('textbox', { name: 'Postback URL for Generic' });
    await expect(url).toBeVisible();
    const value = await url.inputValue();
    expect(value).toContain('click_id={click_id}');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(genericRow).toContainText('Active');
    return value;
  });

  const transactionId = `E2E-FLOW-${Date.now()}`;
  const postback = (status: string) =>
    filled(template, {
      click_id: clickId,
      transaction_id: transactionId,
      sale_amount: (SALE_CENTS / 100).toFixed(2),
      commission: (COMMISSION_CENTS / 100).toFixed(2),
      currency: 'USD',
      status,
    });
  const sent = await page.request.get(postback('approved'));
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ outcome: 'created' });

  // 4. The dashboard shows the commission against the product and the page, and the conversion in the drill-down.
  const earned = plus(before, { views, clicks: 1, conversions: 1, commissionCents: COMMISSION_CENTS, saleCents: SALE_CENTS });
  const pageEarned = plus(pageBefore, { clicks: 1, conversions: 1, commissionCents: COMMISSION_CENTS, saleCents: SALE_CENTS });
  // What the spec did is what is stored: a second write (or none) would show here first.
  expect(await storedFigures(product.id)).toEqual(earned);
  expect(await storedPageFigures(pagePath)).toEqual(pageEarned);

  /** Opens the product's drill-down: its commission for the range, and the row of this spec's conversion. */
  const drillDown = async (productRow: Locator, commissionCents: number) => {
    await productRow.getByRole('button', { name: product.name, exact: true }).click();
    const drill = page.getByRole('region', { name: `Product: ${product.name}` });
    await expect(drill.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Commission$/ }) }).locator('dd')).toHaveText(money(commissionCents));
    return drill
      .getByRole('table', { name: `Recent conversions of ${product.name}` })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: transactionId, exact: true }) });
  };

  await test.step('the dashboard shows the commission against the product and the page', async () => {
    const { productRow } = await dashboardShows(page, product, earned, pagePath, pageEarned);
    const row = await drillDown(productRow, earned.commissionCents);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([/./, 'generic', 'approved', pagePath, money(SALE_CENTS), money(COMMISSION_CENTS)]);
  });

  // 5. The network sends the same postback again: nothing changes.
  await test.step('a repeated postback changes nothing', async () => {
    const repeat = await page.request.get(postback('approved'));
    expect(repeat.status()).toBe(200);
    expect(await repeat.json()).toMatchObject({ outcome: 'unchanged' });
    expect(await storedFigures(product.id)).toEqual(earned);
    const { productRow } = await dashboardShows(page, product, earned, pagePath, pageEarned);
    const row = await drillDown(productRow, earned.commissionCents);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([/./, 'generic', 'approved', pagePath, money(SALE_CENTS), money(COMMISSION_CENTS)]);
  });

  // A reversal takes the commission off the product and the page; the conversion stays listed as reversed.
  await test.step('a reversal takes the commission off', async () => {
    const reversal = await page.request.get(postback('reversed'));
    expect(reversal.status()).toBe(200);
    expect(await reversal.json()).toMatchObject({ outcome: 'updated' });
    const reversed = plus(before, { views, clicks: 1 });
    const pageReversed = plus(pageBefore, { clicks: 1 });
    expect(await storedFigures(product.id)).toEqual(reversed);
    const { productRow } = await dashboardShows(page, product, reversed, pagePath, pageReversed);
    const row = await drillDown(productRow, reversed.commissionCents);
    await expect(row.getByRole('cell')).toHaveText([/./, 'generic', 'reversed', pagePath, money(SALE_CENTS), money(COMMISSION_CENTS)]);
  });
});
