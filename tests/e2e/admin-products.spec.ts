/**
 * The Products and Manage screens in Chromium (issue 10, points 3 and 8): paging with 'Page x of y', search by name,
 * SKU and ASIN, filters, sortable headers, the view kept in the URL (reload and deep link), the featured switch,
 * delete after a confirmation, selection of a row, a page and everything matching, bulk publish and unpublish with
 * their summary toasts, an unpublished product answering 404 on the public site after the rebuild, and axe-core on
 * both screens.
 *
 * The tests change the demo catalogue, so they run one after another in this order.
 */
import type { Page } from '@playwright/test';
import type { ProductList, ProductListRow } from '../../src/domain/admin/product-list.ts';
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { demoProducts } from './demo-catalogue.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

/** The list as the API answers it for the signed-in admin. */
async function apiList(page: Page, query = ''): Promise<ProductList> {
  const response = await page.request.get(`/api/admin/products${query ? `?${query}` : ''}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ProductList;
}

/** A product with a SKU that is not featured, in stock and not a draft, picked from the middle of the catalogue. */
async function plainProduct(page: Page, offset: number): Promise<ProductListRow & { sku: string }> {
  const list = await apiList(page, `featured=false&status=active&stock=in&sort=name&pageSize=100&page=2`);
  const row = list.rows.filter((candidate) => candidate.sku)[offset];
  expect(row, 'a plain product to work on').toBeDefined();
  return row as ProductListRow & { sku: string };
}

/** The demo's ASINs: other admin specs add products with ASINs of their own while this one runs, and delete them again. */
const seededAsins = new Set(
  demoProducts().flatMap((product) => {
    const asin = (product.attributes as Record<string, unknown>)['asin'];
    return typeof asin === 'string' ? [asin] : [];
  }),
);

const table = (page: Page, name = 'Products') => page.getByRole('table', { name });
const bodyRows = (page: Page, name = 'Products') => table(page, name).locator('tbody tr');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const searchBox = (page: Page) => page.getByLabel('Search by name, SKU or ASIN');
const filter = (page: Page, label: string) => page.getByRole('search').getByLabel(label, { exact: true });

test('Products lists every product a page at a time, with Page x of y and the total', async ({ page }) => {
  // Other admin specs add products while this one runs: the screen and the API are read again until they agree at
  // one moment, and the figures of that moment are the ones checked below.
  let total = 0;
  await expect(async () => {
    ({ total } = await apiList(page));
    await page.goto('/dashboard/products');
    await expect(sectionHeading(page, 'Products')).toBeVisible();
    await expect(pager(page)).toContainText(`${total.toLocaleString('en-US')} products`, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  const pages = Math.ceil(total / 25);
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(pager(page)).toContainText(`Page 1 of ${pages}`);
  // Newest first by default, and the header says so.
  await expect(page.getByRole('columnheader', { name: 'Added' })).toHaveAttribute('aria-sort', 'descending');
  // Every row has a thumbnail with alt text (or a labelled placeholder) and a public link unless it is a draft.
  await expect(bodyRows(page).first().getByRole('img')).toHaveAccessibleName(/.+/);

  await pager(page).getByRole('button', { name: 'Next page' }).click();
  // Page 2 is fetched anew and may count a product added since; its page count is checked on the last page below.
  await expect(pager(page)).toContainText(/Page 2 of \d+/);
  await expect(page).toHaveURL(/\/dashboard\/products\?page=2$/);
  // Page 2's first row moves when another spec adds a product: compared with the API again after a reload until equal.
  await expect(async () => {
    const expected = (await apiList(page, 'page=2')).rows[0]!.name;
    if (!((await bodyRows(page).first().textContent()) ?? '').includes(expected)) {
      await page.reload();
      await expect(bodyRows(page).first()).toContainText(expected, { timeout: 10_000 });
    }
  }).toPass({ timeout: 60_000 });
  // The screen's own total from here on: the reload above may have met a product added since.
  total = Number(/([\d,]+) products/.exec((await pager(page).textContent()) ?? '')![1]!.replaceAll(',', ''));
  const lastPage = Math.ceil(total / 25);

  await pager(page).getByRole('button', { name: 'Last page' }).click();
  await expect(pager(page)).toContainText(`Page ${lastPage} of ${lastPage}`);
  await expect(pager(page).getByRole('button', { name: 'Next page' })).toBeDisabled();

  await pager(page).getByLabel('Rows per page').selectOption('100');
  await expect(pager(page)).toContainText(`Page 1 of ${Math.ceil(total / 100)}`);
  await expect(bodyRows(page)).toHaveCount(Math.min(100, total));
  await expect(page).toHaveURL(/\?pageSize=100$/);

  expect(await seriousViolations(page)).toEqual([]);
});

test('search finds products by name, SKU and ASIN, and an emptied box clears the parameter', async ({ page }) => {
  const product = await plainProduct(page, 0);
  await page.goto('/dashboard/products');
  await expect(bodyRows(page)).toHaveCount(25);

  await searchBox(page).fill(product.sku);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(product.sku)}`));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(product.name);
  await expect(bodyRows(page).first()).toContainText(`SKU ${product.sku}`);
  await expect(pager(page)).toContainText('Page 1 of 1');

  const word = product.name.split(' ').find((part) => /^[a-z]{4,}$/i.test(part))!.toLowerCase();
  const byName = await apiList(page, `search=${encodeURIComponent(word)}`);
  await searchBox(page).fill(word);
  await expect(pager(page)).toContainText(`${byName.total.toLocaleString('en-US')} ${byName.total === 1 ? 'product' : 'products'}`);
  await expect(bodyRows(page).first()).toContainText(new RegExp(word, 'i'));

  const withAsin = (await apiList(page, 'search=B0&pageSize=100')).rows.find((row) => row.asin && seededAsins.has(row.asin));
  expect(withAsin?.asin, 'a demo product with an ASIN').toBeTruthy();
  await searchBox(page).fill(withAsin!.asin!);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(`ASIN ${withAsin!.asin}`);

  await searchBox(page).fill('no product is called this');
  await expect(page.getByText('No products match these filters')).toBeVisible();
  await searchBox(page).fill('');
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(bodyRows(page)).toHaveCount(25);
});

test('filters and sortable headers change the list, and the URL brings the same view back on reload and as a link', async ({ page }) => {
  await page.goto('/dashboard/products');
  await expect(bodyRows(page)).toHaveCount(25);

  await filter(page, 'Stock').selectOption('out');
  await expect(page).toHaveURL(/\?stock=out$/);
  // Other admin specs mark products out of stock and back while this one runs (bulk changes and their undo): the
  // screen and the API are read again until they agree at one moment.
  await expect(async () => {
    const outOfStock = await apiList(page, 'stock=out');
    await page.reload();
    await expect(pager(page)).toContainText(`${outOfStock.total.toLocaleString('en-US')} products`, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(filter(page, 'Stock')).toHaveValue('out');
  await expect(bodyRows(page).filter({ hasText: 'In stock' })).toHaveCount(0);

  const price = page.getByRole('columnheader', { name: 'Price', exact: true });
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('columnheader', { name: 'Added' })).toHaveAttribute('aria-sort', 'none');
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/\?stock=out&sort=price&dir=asc$/);
  // A reload brings the same view back; its first row is the API's cheapest at that moment (read again while other
  // specs change stock).
  await expect(async () => {
    const cheapest = await apiList(page, 'stock=out&sort=price&dir=asc');
    await page.reload();
    await expect(filter(page, 'Stock')).toHaveValue('out');
    await expect(page.getByRole('columnheader', { name: 'Price', exact: true })).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(page).first()).toContainText(cheapest.rows[0]!.name, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  // A deep link with a category, a status, a sort and a page.
  const category = (await (await page.request.get('/api/admin/categories')).json()).categories.find((item: { productCount: number }) => item.productCount > 30) as {
    slug: string;
    name: string;
  };
  const deep = await apiList(page, `category=${category.slug}&status=active&sort=name&page=2`);
  await page.goto(`/dashboard/products?category=${category.slug}&status=active&sort=name&page=2`);
  await expect(filter(page, 'Category')).toHaveValue(category.slug);
  await expect(filter(page, 'Status')).toHaveValue('active');
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(pager(page)).toContainText(`Page 2 of ${Math.ceil(deep.total / 25)}`);
  await expect(bodyRows(page).first()).toContainText(deep.rows[0]!.name);
});

test('the featured switch features and unfeatures a product in one call each', async ({ page }) => {
  const product = await plainProduct(page, 1);
  await page.goto(`/dashboard/products?search=${encodeURIComponent(product.sku)}`);
  const toggle = page.getByRole('switch', { name: `Featured: ${product.name}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByText('Featured 1 product', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect((await apiList(page, `search=${product.sku}`)).rows[0]!.isFeatured).toBe(true);

  await toggle.click();
  await expect(page.getByText('Removed 1 product from featured', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect((await apiList(page, `search=${product.sku}`)).rows[0]!.isFeatured).toBe(false);
});

test('Edit opens the product editor in a dialog, and the status select changes one product', async ({ page }) => {
  const product = await plainProduct(page, 5);
  await page.goto(`/dashboard/products?search=${encodeURIComponent(product.sku)}`);
  const edit = page.getByRole('button', { name: `Edit ${product.name}` });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened it.
  await expect(edit).toBeFocused();

  const status = page.getByLabel(`Status: ${product.name}`);
  await status.selectOption('published');
  await expect(page.getByText('Published 1 product', { exact: true })).toBeVisible();
  await expect(status).toHaveValue('published');
  expect((await apiList(page, `search=${product.sku}`)).rows[0]!.status).toBe('published');
  await status.selectOption('active');
  await expect(page.getByText('Set 1 product to active', { exact: true })).toBeVisible();
  expect((await apiList(page, `search=${product.sku}`)).rows[0]!.status).toBe('active');
});

test('Delete asks first, and Cancel keeps the product', async ({ page }) => {
  const product = await plainProduct(page, 2);
  await page.goto(`/dashboard/products?search=${encodeURIComponent(product.sku)}`);
  await page.getByRole('button', { name: `Delete ${product.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete "${product.name}"?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Delete ${product.name}` })).toBeFocused();
  await expect(bodyRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${product.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Product deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No products match these filters')).toBeVisible();
  expect((await apiList(page, `search=${product.sku}`)).total).toBe(0);
});

test('Manage selects a row, the page, then everything matching, and publishes it with a summary', async ({ page }) => {
  const categories = (await (await page.request.get('/api/admin/categories')).json()).categories as { slug: string; productCount: number }[];
  const category = categories.find((item) => item.productCount > 30 && item.productCount < 200)!;
  const matching = await apiList(page, `category=${category.slug}&pageSize=100`);
  const rest = await apiList(page, `category=${category.slug}&pageSize=100&page=2`);
  const all = [...matching.rows, ...rest.rows];
  expect(all.length).toBe(matching.total);
  const alreadyPublished = all.filter((row) => row.status === 'published').length;

  await page.goto(`/dashboard/manage?category=${category.slug}`);
  await expect(sectionHeading(page, 'Manage')).toBeVisible();
  const rows = bodyRows(page, 'Products to manage');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('No products selected')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  await rows.first().getByRole('checkbox').check();
  await expect(page.getByText('1 product selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await expect(page.getByText('25 products selected')).toBeVisible();
  await page.getByRole('button', { name: `Select all ${matching.total} matching` }).click();
  await expect(page.getByText(`All ${matching.total} products matching these filters are selected.`)).toBeVisible();
  await expect(page.getByText(`${matching.total} products selected`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Publish', exact: true }).click();
  // More than one product: the change is confirmed first, naming the count.
  const confirm = page.getByRole('alertdialog', { name: `Publish ${matching.total} products?` });
  await confirm.getByRole('button', { name: `Publish ${matching.total} products` }).click();
  const changed = matching.total - alreadyPublished;
  await expect(page.getByText(`Published ${changed} ${changed === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  if (alreadyPublished > 0) {
    await expect(page.getByText(`${alreadyPublished} ${alreadyPublished === 1 ? 'was' : 'were'} already published.`, { exact: true })).toBeVisible();
  }
  // The selection is cleared, and the list shows the new status.
  await expect(page.getByText('No products selected')).toBeVisible();
  expect((await apiList(page, `category=${category.slug}&status=published`)).total).toBe(matching.total);
});

test('an unpublished product leaves the public site: its page answers 404 after the rebuild', async ({ page }) => {
  test.setTimeout(300_000);
  const product = await plainProduct(page, 3);
  expect((await page.request.get(`/product/${product.slug}`)).status()).toBe(200);

  await page.goto(`/dashboard/manage?search=${encodeURIComponent(product.sku)}`);
  const rows = bodyRows(page, 'Products to manage');
  await expect(rows).toHaveCount(1);
  await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
  await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect(page.getByText('Unpublished 1 product', { exact: true })).toBeVisible();
  await expect(rows.first()).toContainText('Draft');

  // The rebuild runs in the background (30 to 90 s on a loaded machine); the old page is served until it is live.
  await expect.poll(async () => (await page.request.get(`/product/${product.slug}`)).status(), { timeout: 240_000, intervals: [500, 1_000] }).toBe(404);
});

test('Manage moves the selection to a chosen category', async ({ page }) => {
  const product = await plainProduct(page, 6);
  const categories = (await (await page.request.get('/api/admin/categories')).json()).categories as { id: number; name: string; slug: string }[];
  const target = categories.find((category) => category.id !== product.category?.id)!;
  await page.goto(`/dashboard/manage?search=${encodeURIComponent(product.sku)}`);
  await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
  const bar = page.getByRole('group', { name: 'Bulk actions' });
  await expect(bar.getByRole('button', { name: 'Move to category' })).toBeDisabled();
  await bar.getByLabel('Category to move to').selectOption({ label: target.name });
  await bar.getByRole('button', { name: 'Move to category' }).click();
  await expect(page.getByText(`Moved 1 product to ${target.name}`, { exact: true })).toBeVisible();
  await expect(bodyRows(page, 'Products to manage').first()).toContainText(target.name);
  expect((await apiList(page, `search=${product.sku}`)).rows[0]!.category?.slug).toBe(target.slug);
});

test('a bulk delete asks with the count', async ({ page }) => {
  const product = await plainProduct(page, 4);
  await page.goto(`/dashboard/manage?search=${encodeURIComponent(product.sku)}`);
  await page.getByRole('checkbox', { name: `Select ${product.name}` }).check();
  await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete 1 product?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete 1 product' }).click();
  await expect(page.getByText('Deleted 1 product', { exact: true })).toBeVisible();
  await expect(page.getByText('No products match these filters')).toBeVisible();
  expect((await apiList(page, `search=${product.sku}`)).total).toBe(0);
});
