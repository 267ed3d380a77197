/**
 * A catalogue page left open across a publish: every deploy replaces every file at once, so the data files the old
 * page names are gone when the shopper next filters. The page must notice the new build, load its data and answer
 * the shopper's filters and sort with it (and its category counts with it), never the old list under new filters.
 *
 * The expected list is computed from the very data files the old page downloaded (the domain pipeline over them),
 * so a rebuild another admin spec publishes meanwhile cannot make the comparison wrong; the changed product, first at
 * its new price, shows that the data is the new build's.
 */
import type { Locator, Page, Response } from '@playwright/test';
import type { ProductList, ProductListRow } from '../../src/domain/admin/product-list.ts';
import { productFormFromProduct } from '../../src/domain/admin/product-row.ts';
import type { AdminProduct } from '../../src/domain/admin/product-row.ts';
import { catalogueView } from '../../src/domain/catalogue/catalogue-view.ts';
import { decodeCardShard, type CardShardFile } from '../../src/domain/catalogue/data-format.ts';
import { parseCatalogueQuery, serializeCatalogueQuery } from '../../src/domain/catalogue/query.ts';
import { formatPrice } from '../../src/domain/money.ts';
import { catalogueTexts } from '../../src/islands/catalogue/catalogue-data.ts';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A price below any the seed gives, so the product leads its category sorted by price. */
const NEW_PRICE = 3.17;

async function json<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** An in-stock, listed product without a sale that no other admin spec works on: from rows 300 to 399 in name order, not eBay's. */
async function quietProduct(
  page: Page,
): Promise<{ row: ProductListRow & { category: NonNullable<ProductListRow['category']> }; stored: AdminProduct }> {
  const list = await json<ProductList>(page, '/api/admin/products?stock=in&featured=false&sort=name&pageSize=100&page=4');
  for (const row of list.rows) {
    if (!row.category || row.status === 'draft' || row.salePrice !== null) continue;
    const stored = (await json<{ product: AdminProduct }>(page, `/api/admin/products/${row.id}`)).product;
    if (!/ebay\./i.test(stored.affiliateUrl)) return { row: row as ProductListRow & { category: NonNullable<ProductListRow['category']> }, stored };
  }
  throw new Error('no product to change');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A category's link in the filter panel: its name, then its count once the island has read the current build's
 * manifest (a page that cannot read it shows the name alone).
 */
const categoryLink = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Filters' }).getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}(\\s*\\d+)?$`) });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
});

/** Opens the catalogue and waits until its island is interactive. */
async function openCatalogue(page: Page): Promise<Locator> {
  await page.goto('/products');
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="CatalogueApp"]:not([ssr])') !== null);
  const root = page.locator('[data-catalogue-query]');
  await expect(root).toHaveAttribute('data-catalogue-status', 'ready');
  return root;
}

test('a catalogue page opened before a publish filters and sorts the new build’s products after it', async ({ page, browser, baseURL }) => {
  test.setTimeout(REBUILD_TIMEOUT + 120_000);
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage, e2eAccounts.admin);
  const { row: product, stored } = await quietProduct(adminPage);
  const categories = (await json<{ categories: { id: number; name: string; slug: string }[] }>(adminPage, '/api/admin/categories')).categories;
  const target = categories.filter((category) => category.id !== product.category.id && category.slug !== 'uncategorized').at(-1)!;

  // The shopper's tab, opened on the build before the change (its first view downloads no data, and the page names no
  // data version: the island reads the current build's manifest when first used). The build it was opened on:
  const root = await openCatalogue(page);
  const oldVersion = ((await (await page.request.get('/catalogue-data/current.json')).json()) as { version: string }).version;
  expect(oldVersion).toBeTruthy();

  // What the page downloads from here on.
  const downloaded = new Map<string, Promise<unknown>>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/catalogue-data/') && response.status() === 200) downloaded.set(url.pathname, response.json());
  });

  // The admin moves the product to another category at a new price, and the site is rebuilt and published.
  const saved = await adminPage.request.put(`/api/admin/products/${product.id}`, {
    data: { ...productFormFromProduct(stored), price: NEW_PRICE, salePrice: '', categoryId: target.id },
  });
  expect(saved.status()).toBe(200);
  await publishedHtml(adminPage, `/product/${product.slug}`, formatPrice(NEW_PRICE));
  await admin.close();
  expect((await page.request.get(`/catalogue-data/${oldVersion}/${target.slug}.json`)).status(), 'the old build’s data is gone').toBe(404);

  // In the old tab: the new category, then price low to high.
  await categoryLink(page, target.name).click();
  await page.getByRole('complementary', { name: 'Filters' }).getByLabel('Sort By').selectOption('price-low');
  const query = parseCatalogueQuery(`category=${target.slug}&sort=price-low`);
  await expect(root).toHaveAttribute('data-catalogue-query', serializeCatalogueQuery(query));
  await expect(root).toHaveAttribute('data-catalogue-status', 'ready');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(root).not.toHaveAttribute('data-catalogue-version', oldVersion!);
  const version = (await root.getAttribute('data-catalogue-version'))!;

  // The new build's products of that category, cheapest first: the moved product leads at its new price.
  const cards = page.locator('[data-catalogue-results] article');
  await expect(cards.first()).toContainText(product.name);
  await expect(cards.first()).toContainText(formatPrice(NEW_PRICE));

  // Exactly what the pipeline gives for the query over the build's data the page loaded.
  const file = downloaded.get(`/catalogue-data/${version}/${target.slug}.json`);
  expect(file, 'the category’s data file of the build shown').toBeDefined();
  const view = catalogueView(decodeCardShard((await file) as CardShardFile), query);
  if (view.kind !== 'list') throw new Error('expected a list');
  // The island draws the first row at once and the rest when the browser is idle (grid.ts, FIRST_BATCH): the whole page first.
  await expect(cards).toHaveCount(view.products.length);
  expect((await cards.locator('h3 a').allTextContents()).map((name) => name.trim())).toEqual(view.products.map((item) => item.name));
  await expect(page.getByRole('status').filter({ hasText: /products? found/ })).toContainText(`${view.total} products found`);
  // The filter panel counts from the same build as the list, not from the page's own.
  await expect(categoryLink(page, target.name)).toContainText(String(view.total));
});

test('a page that cannot read the new build says so in place of the results, never showing its old list as filtered', async ({ page }) => {
  const root = await openCatalogue(page);
  const cards = page.locator('[data-catalogue-results] article');
  await expect(cards).not.toHaveCount(0);
  // As after a deploy that changed the data format: this build's files are gone, and the manifest is one this code cannot read.
  await page.route('**/catalogue-data/**', (route) =>
    new URL(route.request().url()).pathname === '/catalogue-data/current.json'
      ? route.fulfill({ json: { format: 999, version: 'later' } })
      : route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Oops! Page not found</h1>' }),
  );

  const link = categoryLink(page, 'Recovery');
  await link.click();
  await expect(root).toHaveAttribute('data-catalogue-status', 'error');
  await expect(page.getByRole('alert')).toContainText(catalogueTexts.updated);
  await expect(page.getByRole('alert').getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'No products shown' })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
});
