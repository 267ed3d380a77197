/**
 * Every price carries its age, end to end on the built demo site: an Amazon product's page shows 'Price as of …'
 * beside its price with Amazon's disclaimer a click away and the same time in its structured data; a page built while
 * the price was fresh hides it once the reader's clock passes the stale limit (Playwright's clock, no waiting); a
 * product made stale in the database shows 'Check price on {retailer}' and no price after the rebuild; the admin sees
 * the overview's figures, the list's column and filter and the product's price history.
 *
 * An admin spec: it rebuilds the admin server's site, which no public spec reads (global-setup.ts).
 */
import { and, desc, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { Database } from '../../db/client.ts';
import { products, type Product } from '../../db/schema.ts';
import { isPriceStale, priceStamp, stalePriceLabel } from '../../src/domain/product-display/price-age.ts';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, sectionHeading, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const HOUR = 3_600_000;
let database: Database;
test.beforeAll(() => {
  database = new Database({ url: process.env.DATABASE_URL! });
});
test.afterAll(() => database.close());

/** A listed, in-stock product on sale whose price was checked within the last 12 hours (so fresh for the whole run). */
async function freshProduct(...conditions: Parameters<typeof and>): Promise<Product> {
  const row = await database.run((db) =>
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.availability, true),
          eq(products.inStock, true),
          sql`${products.status} <> 'draft'`,
          lt(products.salePrice, products.price),
          gt(products.priceCheckedAt, new Date(Date.now() - 12 * HOUR)),
          ...conditions,
        ),
      )
      .orderBy(desc(products.id))
      .limit(1)
      .get(),
  );
  if (!row) throw new Error('the demo seed has no fresh product for this test');
  return row;
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function prepare(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await page.context().route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }));
}

/** The product page's main content without the alternatives at its end, which show other products' prices. */
function ownParts(page: Page) {
  return page.getByRole('main').locator(':scope > div > article > :not(section[aria-labelledby="product-alternatives"])');
}

async function productJsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Product')!;
}

test.beforeEach(async ({ page }) => prepare(page));

test("an Amazon product's page shows its price as of the check, Amazon's disclaimer a click away, and the same time in its offer", async ({ page }) => {
  const product = await freshProduct(like(products.affiliateUrl, 'https://www.amazon.%'));
  const stamp = priceStamp(product.priceCheckedAt!.getTime());
  await page.goto(`/product/${product.slug}`);
  const main = page.getByRole('main');
  await expect(main.getByText(stamp, { exact: true })).toBeVisible();
  await expect(main.getByText(money(product.salePrice!)).first()).toBeVisible();
  await expect(main.getByText(stalePriceLabel(product.affiliateSource, product.affiliateUrl), { exact: true })).toBeHidden();

  const disclaimer = main.getByText(/^Product prices and availability are accurate as of the date\/time indicated and are subject to change\./);
  await expect(disclaimer).toBeHidden();
  await main.getByText('Details', { exact: true }).click();
  await expect(disclaimer).toBeVisible();
  await expect(disclaimer).toContainText(
    'Any price and availability information displayed on Amazon.com at the time of purchase will apply to the purchase of this product.',
  );

  const offer = (await productJsonLd(page)).offers as Record<string, unknown>;
  expect(offer).toMatchObject({ price: product.salePrice!.toFixed(2), validFrom: product.priceCheckedAt!.toISOString() });
});

test('a page built while its price was fresh hides the price once the reader’s clock passes the stale limit', async ({ page }) => {
  const product = await freshProduct(like(products.affiliateUrl, 'https://www.amazon.%'));
  const checkedAt = product.priceCheckedAt!.getTime();
  const label = stalePriceLabel(product.affiliateSource, product.affiliateUrl);
  // The reader's clock an hour before the limit: the price shows.
  await page.clock.install({ time: checkedAt + 23 * HOUR });
  await page.goto(`/product/${product.slug}`);
  const main = ownParts(page);
  await expect(main.getByText(priceStamp(checkedAt), { exact: true })).toBeVisible();
  await expect(main.getByText(money(product.salePrice!)).first()).toBeVisible();
  expect((await productJsonLd(page)).offers).toMatchObject({ price: product.salePrice!.toFixed(2) });

  // Two hours on, with the page still open: the minute's check hides the amount, the saving and the stamp.
  await page.clock.fastForward(2 * HOUR);
  await expect(main.getByText(label, { exact: true })).toBeVisible();
  await expect(main.getByText(money(product.salePrice!))).toBeHidden();
  await expect(main.getByText(priceStamp(checkedAt), { exact: true })).toBeHidden();
  await expect(main.getByText(/^Save \$/)).toBeHidden();
  // The structured data follows the page: no price shown, no offer (the product itself stays described).
  await expect.poll(async () => Object.keys(await productJsonLd(page))).not.toContain('offers');
  expect((await productJsonLd(page)).name).toBe(product.name);

  // A reader who opens the page after the limit never sees the price.
  const later = await page.context().newPage();
  await later.clock.install({ time: checkedAt + 30 * HOUR });
  await later.goto(`/product/${product.slug}`);
  await expect(ownParts(later).getByText(label, { exact: true })).toBeVisible();
  await expect(ownParts(later).getByText(money(product.salePrice!))).toBeHidden();
  await expect.poll(async () => Object.keys(await productJsonLd(later))).not.toContain('offers');
});

test('a product made stale in the database shows no price after the rebuild', async ({ page }) => {
  test.setTimeout(REBUILD_TIMEOUT + 60_000);
  const product = await freshProduct(sql`${products.affiliateSource} <> 'amazon'`);
  const path = `/product/${product.slug}`;
  const label = stalePriceLabel(product.affiliateSource, product.affiliateUrl);
  const checkedAt = new Date(Date.now() - 3 * 24 * HOUR);
  await database.run((db) => db.update(products).set({ priceCheckedAt: checkedAt }).where(eq(products.id, product.id)));
  expect(isPriceStale(checkedAt.getTime(), 24, Date.now())).toBe(true);

  await signIn(page, e2eAccounts.admin);
  expect((await page.request.post('/api/admin/builds', { data: {} })).status()).toBe(202);
  const published = await publishedHtml(page, path, label, priceStamp(product.priceCheckedAt!.getTime()));
  // No amount anywhere in the page's price, saving or structured data (the alternatives at its end are other
  // products, with prices of their own).
  const html = published.replace(/<section aria-labelledby="product-alternatives"[\s\S]*?<\/section>/, '');
  expect(html).not.toContain(money(product.salePrice!));
  expect(html).not.toContain('Price as of');
  expect(html).not.toContain('"offers"');

  await page.goto(path);
  const main = page.getByRole('main');
  await expect(main.getByText(label, { exact: true })).toBeVisible();
  await expect(main.getByText(/^Save \$/)).toHaveCount(0);

  // The admin sees it as stale: the list's filter, the column and the product's history.
  await page.goto(`/dashboard/manage?price=stale&search=${encodeURIComponent(product.name)}`);
  await expect(sectionHeading(page, 'Manage')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByText('Stale', { exact: true })).toBeVisible();
  await expect(row.getByText('3 d ago')).toBeVisible();
});

test("the overview counts stale prices and says the price refresh has never run; a product's page charts its history", async ({ page }) => {
  await signIn(page, e2eAccounts.admin);
  await page.goto('/dashboard/overview');
  const card = page.getByRole('region', { name: 'Prices' });
  await expect(card.getByText(/^\d[\d,]* of [\d,]+ prices? (is|are) stale/)).toBeVisible();
  await expect(card.getByText('never', { exact: true })).toBeVisible();
  await expect(card.getByRole('spinbutton', { name: 'Hide prices older than (hours)' })).toHaveValue('24');

  // Not the Amazon product the tests above read (the newest): this one's price is confirmed below, which re-stamps it.
  const newest = await freshProduct(like(products.affiliateUrl, 'https://www.amazon.%'));
  const product = await freshProduct(like(products.affiliateUrl, 'https://www.amazon.%'), lt(products.id, newest.id));
  await page.goto(`/dashboard/products?search=${encodeURIComponent(product.name)}`);
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByText('Amazon Creators API')).toBeVisible();
  await row
    .getByRole('button', { name: new RegExp(`Edit`) })
    .first()
    .click();
  const history = page.getByRole('region', { name: 'Price history' });
  await expect(history.getByRole('img', { name: /^Price over the last \d+ checks/ })).toBeVisible();
  await expect(history.getByRole('table')).toContainText('Amazon Creators API');

  // The admin checked Amazon and the price is still right: one click stamps it now, by the admin, unchanged.
  const checks = await history.getByRole('row').count();
  await expect(history.getByText(/^Now: /)).toContainText(money(product.salePrice!));
  await history.getByRole('button', { name: 'I checked: still right' }).click();
  await expect(page.getByText('Price confirmed', { exact: true })).toBeVisible();
  await expect(history.getByText(/^Last checked: .* \(Admin\)$/)).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(Math.min(checks + 1, 31));
  await expect(history.getByRole('row').nth(1)).toContainText('Admin');
});
