/**
 * The product page end to end (issue 4, points 2, 5 and 8): every section of a product on sale,
 * one out of stock and one without review excerpts, picked from the seeded database; the Share
 * menu and its copy-link toasts; the view and click beacons; the not-found states.
 */
import { and, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { Database } from '../../db/client.ts';
import { products, type Product } from '../../db/schema.ts';
import { retailerName } from '../../src/domain/product-display/retailer.ts';
import { parseEnv } from '../../src/server/env.ts';
import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** A browser's User-Agent, unique to this run so the repeat window of an earlier run cannot swallow its events. */
const CHROME_UA = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${Date.now() % 100000}.0 Safari/537.36`;
const amazonTag = parseEnv(process.env).AMAZON_ASSOCIATE_TAG;

let database: Database;
test.beforeAll(() => {
  database = new Database({ url: process.env.DATABASE_URL! });
});
test.afterAll(() => database.close());

const json = (path: string) => sql`json_extract(${products.attributes}, ${path})`;
const spec = (path: string) => sql`json_extract(${products.specifications}, ${path})`;

/** The first listed product (lowest id) matching the conditions: the demo seed is deterministic. */
async function pick(...conditions: Parameters<typeof and>): Promise<Product> {
  const row = await database.run((db) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.availability, true), ...conditions))
      .orderBy(products.id)
      .limit(1)
      .get(),
  );
  if (!row) throw new Error('the demo seed has no product for this test');
  return row;
}

const onSaleWithEverything = () =>
  pick(
    eq(products.inStock, true),
    lt(products.salePrice, products.price),
    eq(products.affiliateSource, 'amazon'),
    isNotNull(spec('$.review_1_text')),
    isNotNull(spec('$.review_2_text')),
    sql`json_array_length(${products.attributes}, '$.gallery_image_urls') > 0`,
    sql`json_array_length(${products.attributes}, '$.tags') > 0`,
    sql`${json('$.product_num_ratings')} > 1000`,
    isNotNull(json('$.review_1')),
    isNotNull(json('$.sku')),
  );

const money = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Hides the cookie banner and answers every request to another host, so popups and buy links load offline. */
async function prepare(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await page.context().route(/^https:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }));
}

/** Share and Save's container loses `data-await-script` once they have hydrated (product-actions-loader.ts). */
async function hydrated(page: Page, text: string) {
  // A visitor's buttons hydrate when reached for (as client:interaction islands do): focusing one starts it.
  await page.getByRole('button', { name: text, exact: true }).focus();
  await expect(page.locator('[data-product-actions]', { has: page.getByRole('button', { name: text, exact: true }) })).not.toHaveAttribute('data-await-script', '');
}

test.beforeEach(async ({ page }) => prepare(page));

/** Serious and critical WCAG 2.1 A/AA violations found by axe. */
async function seriousViolations(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('a product on sale, with reviews, images and tags', () => {
  test('shows every section with the spec’s texts', async ({ page }) => {
    const product = await onSaleWithEverything();
    const attributes = product.attributes as Record<string, unknown>;
    const specifications = product.specifications as Record<string, unknown>;
    const response = await page.goto(`/product/${product.slug}`);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(`${product.name} | Repwell`);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const image = page.getByRole('img', { name: product.name, exact: true }).first();
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('width', '800');
    await expect(page.getByText(`${product.rating!.toFixed(1)}/5`).first()).toBeVisible();

    // Price: the sale price in red, the regular price struck through.
    const sale = page.locator('main p').filter({ hasText: 'Sale price' }).first();
    await expect(sale.locator('.text-sale')).toContainText(money(product.salePrice!));
    await expect(sale.locator('s')).toContainText(money(product.price));
    await expect(page.getByText('In Stock', { exact: true })).toBeVisible();

    // Attribute badges and quick facts.
    await expect(page.getByText(`SKU: ${String(attributes.sku)}`)).toBeVisible();
    const percent = Math.round(((product.price - product.salePrice!) / product.price) * 100);
    await expect(page.getByText(`Save ${money(product.price - product.salePrice!)} (${percent}%)`)).toBeVisible();

    // Why customers choose this: the trusted highlight, the quotes and a reviews badge.
    const why = page.getByRole('region', { name: 'Why customers choose this' });
    await expect(why).toBeVisible();
    await expect(why.getByText(/^Trusted by \d+\.\dK\+ customers$/)).toBeVisible();
    await expect(why.getByText(String(attributes.review_1))).toBeVisible();
    await expect(why.getByText(/ reviews$/)).toBeVisible();

    // The description, sanitized HTML.
    await expect(page.getByRole('heading', { name: 'About this product' })).toBeVisible();
    await expect(page.locator('.prose-content script')).toHaveCount(0);

    // The primary affiliate button: tagged Amazon link, new tab, sponsored.
    const buy = page.locator('a[data-track-click]').first();
    await expect(buy).toHaveAttribute('href', `https://www.amazon.com/dp/${String(attributes.asin)}?tag=${amazonTag}`);
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
    await expect(page.getByText('We may earn a commission when you buy through this link, at no extra cost to you.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

    // Customer Reviews: two excerpts labelled Verified Purchase, with the number of reviews fetched.
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    await expect(reviews.getByText('Verified Purchase')).toHaveCount(2);
    await expect(reviews.getByText(`${Number(specifications.total_reviews_fetched)} reviews analysed`)).toBeVisible();
    await expect(reviews.getByText(String(specifications.review_1_text))).toBeVisible();

    // Product Specifications.
    const specs = page.getByRole('region', { name: 'Product Specifications' });
    await expect(specs.getByText('Affiliate URL')).toBeVisible();
    await expect(specs.getByText('Ratings analysed')).toBeVisible();
    await expect(specs.getByText('asin', { exact: true })).toHaveCount(0);
    await expect(specs.getByText(/review/i)).toHaveCount(0);

    // Product Images (up to 8) and Product Tags (up to 10).
    const gallery = attributes.gallery_image_urls as string[];
    await expect(page.getByRole('region', { name: 'Product Images' }).getByRole('img')).toHaveCount(Math.min(8, gallery.length));
    const tags = attributes.tags as string[];
    await expect(page.getByRole('region', { name: 'Product Tags' }).getByRole('listitem')).toHaveCount(Math.min(10, tags.length));

    // The full disclosure card at the bottom.
    await expect(page.getByRole('heading', { name: 'Affiliate Disclosure' })).toBeVisible();
  });

  test('carries Product JSON-LD with an Offer', async ({ page }) => {
    const product = await onSaleWithEverything();
    await page.goto(`/product/${product.slug}`);
    const blocks = await page.locator('head script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((block) => block['@type'] === 'Product');
    expect(data).toMatchObject({
      name: product.name,
      offers: { '@type': 'Offer', price: product.salePrice!.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  test('Back returns to the page the visitor came from', async ({ page }) => {
    const product = await onSaleWithEverything();
    await page.goto('/blog');
    // Navigating from the page (not page.goto) gives the product page a referrer, as a click would.
    await page.evaluate((path) => window.location.assign(path), `/product/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/blog\/?$/);
  });
});

test.describe('tracking beacons', () => {
  test.use({ userAgent: CHROME_UA });

  test('sends one view per load and a click when the buy button is used', async ({ page }) => {
    const product = await onSaleWithEverything();
    const views = (await database.run((db) => db.select().from(products).where(eq(products.id, product.id)).get()))!;
    const tracked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/track')) tracked.push(request.postData() ?? '');
    });
    const view = page.waitForResponse((r) => r.url().endsWith('/api/track') && r.request().postData()?.includes('"view"') === true);
    await page.goto(`/product/${product.slug}`);
    expect((await view).status()).toBe(204);

    const click = page.waitForResponse((r) => r.url().endsWith('/api/track') && r.request().postData()?.includes('"click"') === true);
    const popup = page.waitForEvent('popup');
    await page.locator('a[data-track-click]').first().click();
    expect((await click).status()).toBe(204);
    expect((await popup).url()).toContain(`tag=${amazonTag}`);

    expect(tracked.filter((body) => body.includes('"view"'))).toEqual([JSON.stringify({ productId: product.id, event: 'view' })]);
    // The beacon is answered before its batch is written, so the count is read until it lands.
    const stored = async () => (await database.run((db) => db.select().from(products).where(eq(products.id, product.id)).get()))!;
    await expect.poll(async () => (await stored()).clickCount, { timeout: 30_000 }).toBeGreaterThan(views.clickCount);
    expect((await stored()).updatedAt.getTime()).toBe(views.updatedAt.getTime());
  });
});

test.describe('the Share menu', () => {
  test('opens Facebook, Twitter and LinkedIn in popups with the encoded page URL', async ({ page }) => {
    const product = await onSaleWithEverything();
    await page.goto(`/product/${product.slug}`);
    await hydrated(page, 'Share');
    const pageUrl = page.url();
    const expected = {
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
      Twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(pageUrl)}&text=${encodeURIComponent(product.name)}`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`,
    };
    for (const [network, url] of Object.entries(expected)) {
      await page.getByRole('button', { name: 'Share' }).click();
      const popupEvent = page.waitForEvent('popup');
      await page.getByRole('menuitem', { name: network }).click();
      const popup = await popupEvent;
      expect(popup.url()).toBe(url);
      expect(await popup.evaluate(() => [window.outerWidth > 0, window.opener === null])).toEqual([true, true]);
      await popup.close();
    }
  });

  test('copies the link with the spec’s toast', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const product = await onSaleWithEverything();
    await page.goto(`/product/${product.slug}`);
    await hydrated(page, 'Share');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy Link' }).click();
    await expect(page.getByText('Link copied!')).toBeVisible();
    await expect(page.getByText('The product link has been copied to your clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('says so when copying fails', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    const product = await onSaleWithEverything();
    await page.goto(`/product/${product.slug}`);
    await hydrated(page, 'Share');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('menuitem', { name: 'Copy Link' }).click();
    await expect(page.getByText('Failed to copy')).toBeVisible();
    await expect(page.getByText('Please copy the link manually.')).toBeVisible();
  });
});

test('an out-of-stock product says so and sends shoppers to check the retailer', async ({ page }) => {
  const product = await pick(eq(products.inStock, false), eq(products.affiliateSource, 'walmart'));
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(page.getByText('In Stock', { exact: true })).toHaveCount(0);
  const buy = page.locator('a[data-track-click]').first();
  await expect(buy).toContainText('Check on Walmart');
  // Only Amazon links are tagged: a Walmart link is used as stored.
  await expect(buy).toHaveAttribute('href', product.affiliateUrl);
  const blocks = await page.locator('head script[type="application/ld+json"]').allTextContents();
  expect(blocks.some((text) => text.includes('"availability":"https://schema.org/OutOfStock"'))).toBe(true);
});

test('an out-of-stock product on sale offers no saving, sale price, countdown or delivery promise', async ({ page }) => {
  // Issue 9, point 3: it showed 'Save $160.00 (32%)' and 'Delivery by …' although nobody could buy it.
  const product = await pick(
    eq(products.inStock, false),
    lt(products.salePrice, products.price),
    sql`(${json('$.delivery_date')} is not null or ${json('$.is_prime')} = 1 or ${json('$.prime_eligible')} = 1)`,
  );
  await page.goto(`/product/${product.slug}`);
  const main = page.getByRole('main');
  await expect(main.getByText('Out of Stock', { exact: true })).toBeVisible();
  // The price alone: no sale price, nothing struck through, no saving.
  await expect(main.getByText(money(product.price)).first()).toBeVisible();
  await expect(main.getByText(money(product.salePrice!))).toHaveCount(0);
  await expect(main.locator('s')).toHaveCount(0);
  await expect(main.getByText(/^Save \$/)).toHaveCount(0);
  // No delivery promise and no countdown.
  await expect(main.getByText(/^Delivery by /)).toHaveCount(0);
  await expect(main.getByText('Fast, FREE delivery')).toHaveCount(0);
  await expect(main.getByText(/Deal ends in/)).toHaveCount(0);
  // The spec's call to action stays.
  await expect(page.locator('a[data-track-click]').first()).toContainText(`Check on ${retailerName(product.affiliateSource, product.affiliateUrl)}`);
  // Search engines are offered the price the page shows.
  const blocks = await page.locator('head script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((block) => block['@type'] === 'Product');
  expect(data).toMatchObject({ offers: { price: product.price.toFixed(2), availability: 'https://schema.org/OutOfStock' } });
});

test("an in-stock product's generic call to action names the retailer", async ({ page }) => {
  const product = await pick(eq(products.inStock, true), ne(products.affiliateSource, 'amazon'), sql`${json('$.cta')} = 'Check Price'`);
  const retailer = retailerName(product.affiliateSource, product.affiliateUrl);
  expect(retailer).not.toBe('Retailer');
  await page.goto(`/product/${product.slug}`);
  await expect(page.locator('a[data-track-click]').first()).toContainText(`Check price at ${retailer}`);
});

test('a product without review excerpts shows the rating fallback', async ({ page }) => {
  const product = await pick(eq(products.inStock, true), isNull(spec('$.review_1_text')), isNotNull(products.rating));
  await page.goto(`/product/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews.getByText(`${product.rating!.toFixed(1)} out of 5`, { exact: true })).toBeVisible();
  await expect(reviews.getByText("Detailed customer reviews are available on the retailer's website.")).toBeVisible();
  await expect(reviews.getByText('Verified Purchase')).toHaveCount(0);
});

test('a product without a sale shows its price alone', async ({ page }) => {
  const product = await pick(eq(products.inStock, true), isNull(products.salePrice));
  await page.goto(`/product/${product.slug}`);
  await expect(page.locator('main').getByText(money(product.price)).first()).toBeVisible();
  await expect(page.locator('main s')).toHaveCount(0);
  await expect(page.getByText(/^Save \$/)).toHaveCount(0);
});

test.describe('not found', () => {
  test('an unknown slug shows Product Not Found with status 404', async ({ page }) => {
    const response = await page.goto('/product/no-such-product-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible();
  });

  test('the bare /product/ path is an invalid product URL', async ({ page }) => {
    const response = await page.goto('/product/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByText('Invalid product URL')).toBeVisible();
  });
});

test('product cards show their badges and the deal countdown', async ({ page }) => {
  // Among the catalogue's default first view (the 200 newest listed, in-stock products), one on sale whose deal ends within the day.
  const firstView = await database.run((db) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.availability, true), eq(products.inStock, true)))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(200),
  );
  const endOf = (row: Product) => Date.parse(String((row.attributes as Record<string, unknown>).deal_end_date));
  const deal = firstView.find((row) => {
    const hours = (endOf(row) - Date.now()) / 3_600_000;
    return row.salePrice !== null && row.salePrice < row.price && hours >= 2 && hours < 24;
  });
  test.skip(!deal, 'no deal ending within a day among the first 200 products of this seed');
  await page.goto('/products');
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: deal!.name, exact: true }) });
  const hours = Math.floor((endOf(deal!) - Date.now()) / 3_600_000);
  // Computed in the browser from the deal's end time (a static page cannot know the hour it is read).
  await expect(card.getByText(new RegExp(`^Deal ends in (${hours}|${hours - 1})h$`))).toBeVisible();
  // The pill has room on both sides: its text does not touch the rounded edge or overflow it.
  const pill = await card.getByText(/^Deal ends in \d+h$/).evaluate((element) => {
    const style = getComputedStyle(element);
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return {
      paddingLeft: parseFloat(style.paddingLeft),
      paddingRight: parseFloat(style.paddingRight),
      overflows: element.scrollWidth > element.clientWidth,
      insetLeft: text.left - box.left,
      insetRight: box.right - text.right,
    };
  });
  expect(pill.paddingLeft).toBeGreaterThan(0);
  expect(pill.paddingRight).toBeGreaterThan(0);
  expect(pill.overflows).toBe(false);
  expect(pill.insetLeft).toBeGreaterThanOrEqual(4);
  expect(pill.insetRight).toBeGreaterThanOrEqual(4);
  const percent = Math.round(((deal!.price - deal!.salePrice!) / deal!.price) * 100);
  await expect(card.getByText(`-${percent}%`)).toBeVisible();
  await expect(card.locator('img').first()).toHaveAttribute('width', '400');
});

test('product pages have no serious accessibility violations, with the Share menu open too', async ({ page }) => {
  const pages = [
    await onSaleWithEverything(),
    await pick(eq(products.inStock, false)),
    await pick(eq(products.inStock, true), isNull(spec('$.review_1_text'))),
  ];
  for (const product of pages) {
    await page.goto(`/product/${product.slug}`);
    expect(await seriousViolations(page), product.slug).toEqual([]);
  }
  await hydrated(page, 'Share');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
