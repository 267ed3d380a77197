/**
 * Add by link in Chromium (issue 11, points 1, 2 and 10) against a retailer served on 127.0.0.1 by the e2e global
 * setup (the one host:port SCRAPE_ALLOWED_HOSTS lets the fetcher reach): the progress bar through saving, scraping
 * and complete and back to idle, the success toast, the link to the new product's editor with the scraped fields,
 * the fallback draft (a warning beside the field, never 'Success!', never a name made of the shop or a URL fragment)
 * and its needs-review badge in the products list, a pasted link already listed offered instead of copied, each validation message, the server's refusal
 * of a hostile link, a lost session, and axe-core on the tab.
 */
import type { Page, Route } from '@playwright/test';
import { SCRAPING_AFTER_MS } from '../../src/domain/admin/from-link.ts';
import { e2eAccounts } from './accounts.ts';
import { seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

function shop(path: string): string {
  const base = process.env.E2E_SCRAPE_BASE_URL;
  if (!base) throw new Error('E2E_SCRAPE_BASE_URL is not set: global-setup.ts did not start the fixture retailer.');
  return `${base}${path}`;
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const linkInput = (page: Page) => page.getByRole('textbox', { name: 'Affiliate link' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Add product from link' });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Processing affiliate link' });

async function openTab(page: Page) {
  await page.goto('/add-product');
  const tab = page.getByRole('tab', { name: 'Affiliate Link' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(linkInput(page)).toBeVisible();
}

/** Holds the from-link request in the browser until released, so each stage can be seen on a fast machine too. */
async function holdRequests(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  await page.route('**/api/admin/products/from-link', async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('Add by link as an admin', () => {
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('reads a product page: saving, scraping, complete, the success toast, then the editor with the scraped fields', async ({ page }) => {
    // The tab moves from saving to scraping on a 300 ms timer: the page's clock is held, so a busy machine cannot
    // skip the saving stage between two looks (it did: 'Saving… (33%)' was gone before the text was read).
    await page.clock.install();
    await openTab(page);
    const release = await holdRequests(page);
    await linkInput(page).fill(shop('/pages/jsonld-product.html'));
    await page.clock.pauseAt(Date.now() + 60_000);
    await addButton(page).click();

    await expect(progress(page)).toHaveAttribute('aria-valuenow', '33');
    await expect(page.getByText('Saving the affiliate link… (33%)')).toBeVisible();
    await page.clock.runFor(SCRAPING_AFTER_MS);
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '66');
    await expect(page.getByText('Reading the product page… (66%)')).toBeVisible();
    // Time runs again: the toast's own timers need it.
    await page.clock.resume();
    release();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '100');
    await expect(toast(page, 'Success!')).toContainText('Your affiliate link has been processed and product listing created.');
    // Complete goes back to idle after 2 seconds.
    await expect(progress(page)).toHaveCount(0);
    await expect(linkInput(page)).toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);

    const notice = page.getByRole('region', { name: 'Created products' });
    await expect(notice).toContainText('PulseFit Recovery Massage Gun Pro');
    await notice.getByRole('button', { name: /^Edit PulseFit Recovery Massage Gun Pro/ }).click();
    await expect(page.getByRole('textbox', { name: 'Product name (required)' })).toHaveValue('PulseFit Recovery Massage Gun Pro');
    await expect(page.getByRole('spinbutton', { name: 'Price ($)', exact: true })).toHaveValue('1299.99');
    await expect(page.getByRole('textbox', { name: 'Affiliate URL (required)' })).toHaveValue(shop('/pages/jsonld-product.html'));
  });

  test('a page that holds no product becomes a draft named from the URL, flagged in the products list', async ({ page }) => {
    await openTab(page);
    await linkInput(page).fill(shop('/pages/short-page.html'));
    await addButton(page).click();
    // Never 'Success!': a warning toast, and the reason beside the field, still there once the toast has gone.
    await expect(toast(page, 'Saved as a draft')).toHaveAttribute('data-type', 'warning');
    const warning = page.getByRole('alert').filter({ hasText: 'The product page could not be read: the page holds no product data the site can read.' });
    await expect(warning).toContainText('The name "Short Page" was taken from the link');
    await expect(linkInput(page)).toHaveAttribute('aria-describedby', /\S/);
    await expect(toast(page, 'Saved as a draft')).toHaveCount(0, { timeout: 30_000 });
    await expect(warning).toBeVisible();
    await expect(toast(page, 'Success!')).toHaveCount(0);

    await page.goto('/dashboard/products?review=needed&search=Short%20Page');
    const row = page.getByRole('table', { name: 'Products' }).locator('tbody tr').filter({ hasText: 'Short Page' }).first();
    await expect(row).toContainText('Needs review: the product page could not be read');
    await expect(row).toContainText('Draft');
    await expect(page.getByRole('search').getByLabel('Review', { exact: true })).toHaveValue('needed');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a bot wall on …/dp/B001ARYU58/ref=sr_1_3: an untitled draft, never named after a URL fragment, the reason beside the field', async ({ page }) => {
    await openTab(page);
    await linkInput(page).fill(shop('/dp/B001ARYU58/ref=sr_1_3'));
    await addButton(page).click();
    await expect(toast(page, 'Saved as a draft')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'the shop answered HTTP 503, which retailers send to refuse automated visits' })).toContainText(
      'The name, price, image and description are empty: fill them in the editor before publishing.',
    );
    await expect(toast(page, 'Success!')).toHaveCount(0);
    const notice = page.getByRole('region', { name: 'Created products' });
    await expect(notice).toContainText('Untitled draft');
    await expect(page.getByText(/Ref=sr/i)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Edit Untitled draft' }).click();
    // The editor asks for the name at once, under the field.
    const name = page.getByRole('textbox', { name: 'Product name (required)' });
    await expect(name).toHaveValue('');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please fill in at least the product name and affiliate URL.')).toBeVisible();
  });

  test('pasting a link already in the catalogue offers the existing product instead of a copy', async ({ page }) => {
    const first = shop(`/pages/microdata-product.html?variant=e2e-${Date.now()}`);
    await openTab(page);
    await linkInput(page).fill(first);
    await addButton(page).click();
    await expect(toast(page, 'Success!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Created products' })).toContainText('Cork Yoga Block Pair');

    let created = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/api/admin/products/from-link') && response.status() === 201) created += 1;
    });
    // The same product with tracking added: the form offers the one already listed.
    await linkInput(page).fill(`${first}&utm_source=newsletter&ref=sr_1_3`);
    await addButton(page).click();
    const existing = page.getByRole('region', { name: 'Already in the catalogue' });
    await expect(existing).toContainText('"Cork Yoga Block Pair" already has this link.');
    await expect(page.getByRole('region', { name: 'Created products' })).toHaveCount(0);
    expect(created).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await existing.getByRole('button', { name: 'Open the existing product' }).click();
    await expect(page.getByRole('textbox', { name: 'Product name (required)' })).toHaveValue('Cork Yoga Block Pair');
    await expect(page.getByRole('textbox', { name: 'Affiliate URL (required)' })).toHaveValue(first);
  });

  test('shows each validation message and sends nothing', async ({ page }) => {
    await openTab(page);
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/products/from-link')) sent += 1;
    });

    await addButton(page).click();
    await expect(toast(page, 'Error')).toContainText('Please enter an affiliate link');
    await expect(linkInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter an affiliate link', { exact: true }).first()).toBeVisible();

    await linkInput(page).fill('www.amazon.com/dp/B08N5WRWNW');
    await addButton(page).click();
    await expect(toast(page, 'Please enter a valid URL')).toContainText('URL must start with http:// or https://');
    await expect(page.getByText('Please enter a valid URL. URL must start with http:// or https://')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(sent).toBe(0);
    await expect(progress(page)).toHaveCount(0);
  });

  test('a link the server refuses returns to idle with the reason', async ({ page }) => {
    await openTab(page);
    await linkInput(page).fill('http://169.254.169.254/latest/meta-data/');
    await addButton(page).click();
    await expect(toast(page, 'Error processing affiliate link')).toContainText(
      'Failed to create product: Refused to fetch 169.254.169.254: it is a cloud metadata address, not a public internet address.',
    );
    await expect(progress(page)).toHaveCount(0);
    await expect(addButton(page)).toBeEnabled();
  });

  test('a lost session says to sign in again', async ({ page }) => {
    await openTab(page);
    await page.context().clearCookies();
    await linkInput(page).fill(shop('/pages/opengraph-product.html'));
    await addButton(page).click();
    await expect(toast(page, 'Error processing affiliate link')).toContainText('Authentication error. Please sign in again.');
    await expect(progress(page)).toHaveCount(0);
  });
});
