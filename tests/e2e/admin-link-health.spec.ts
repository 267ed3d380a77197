/**
 * Link health in the admin panel in Chromium (issue 13, points 3 and 5): a product whose affiliate link points at a
 * page of the fixture retailer (served on 127.0.0.1 by the e2e global setup, the host SCRAPE_ALLOWED_HOSTS lets the
 * fetcher reach) that answers 404 is checked from Manage with 'Check links'. The first check shows it at once as
 * 'Broken (unconfirmed)' in the table and on the overview (the flag needs two failures in a row), the progress ending
 * at 'Checked 1 of 1 links.'; the second confirms it ('Broken'); the health filter finds it under Problems, its history
 * lists both checks with their status code, the overview's card lists it worst first, and axe-core finds no serious
 * violation on Manage with the history open or on the overview.
 */
import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

function shop(path: string): string {
  const base = process.env.E2E_SCRAPE_BASE_URL;
  if (!base) throw new Error('E2E_SCRAPE_BASE_URL is not set: global-setup.ts did not start the fixture retailer.');
  return `${base}${path}`;
}

const name = `Link health fixture ${Date.now().toString(36)}`;
const rows = (page: Page) => page.getByRole('table', { name: 'Products to manage' }).locator('tbody tr');
const healthButton = (page: Page) => rows(page).first().getByRole('button', { name: new RegExp(`^Link health of ${name}:`) });
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function checkFromManage(page: Page) {
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Check links', exact: true }).click();
  await expect(toast(page, 'Link check started').last()).toContainText('Checking the links of 1 product.');
}

test('Check links from Manage shows a dead fixture link as Broken (unconfirmed), Broken on the second check, with its history', async ({ page }) => {
  // Two checks of one host, a second apart at least (the checker's politeness), on a loaded machine.
  test.setTimeout(180_000);
  const created = await page.request.post('/api/admin/products', {
    data: { name, affiliateUrl: shop(`/discontinued/${Date.now()}`), description: 'A product whose retailer page is gone.' },
  });
  expect(created.status()).toBe(201);

  await page.goto(`/dashboard/manage?search=${encodeURIComponent(name)}`);
  await expect(sectionHeading(page, 'Manage')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(healthButton(page)).toHaveText('Not checked yet');

  await checkFromManage(page);
  // The column refreshes on its own as the run stores its result: no reload.
  await expect(healthButton(page)).toHaveText('Broken (unconfirmed)', { timeout: 60_000 });
  // The progress counts the checks done, and ends at n of n rather than staying at '0 of …'.
  await expect(page.getByRole('status').filter({ hasText: /^Checked 1 of 1 links\.$/ })).toBeVisible({ timeout: 60_000 });

  // The overview shows it at once, before the second check confirms it.
  await page.goto('/dashboard/overview');
  const card = page.getByRole('region', { name: 'Link health' });
  const listed = card.getByRole('list', { name: 'Worst links first' }).getByRole('listitem').filter({ hasText: name });
  await expect(listed).toContainText('Broken (unconfirmed)');
  await page.goto(`/dashboard/manage?search=${encodeURIComponent(name)}`);

  await checkFromManage(page);
  await expect(healthButton(page)).toHaveText('Broken', { timeout: 60_000 });

  // The filter finds it among the problems, and the choice is kept in the URL.
  await page.getByRole('search').getByLabel('Link health', { exact: true }).selectOption('problem');
  await expect(page).toHaveURL(/[?&]health=problem(&|$)/);
  await expect(rows(page)).toHaveCount(1);

  await healthButton(page).click();
  const dialog = page.getByRole('dialog', { name: `Link health of ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Current result: Broken', { exact: true })).toBeVisible();
  const checks = dialog.getByRole('table', { name: /^Link checks of/ }).locator('tbody tr');
  await expect(checks).toHaveCount(2);
  await expect(checks.first()).toContainText('404');
  await expect(checks.nth(1)).toContainText('404');
  await expect(dialog.getByRole('button', { name: 'Acknowledge' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the overview counts the problem worst first and links to Manage filtered to problems', async ({ page }) => {
  await page.goto('/dashboard/overview');
  const card = page.getByRole('region', { name: 'Link health' });
  await expect(card.getByRole('list', { name: 'Worst links first' }).getByRole('link', { name })).toBeVisible();
  await expect(card.getByRole('switch', { name: /Mark products out of stock automatically/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole('link', { name: 'Show problems in Manage' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage\?health=problem$/);
  await expect(page.getByRole('table', { name: 'Products to manage' })).toContainText(name);
});

test('Acknowledge stops reporting the result until it changes, and Check now adds to the history', async ({ page }) => {
  await page.goto(`/dashboard/manage?search=${encodeURIComponent(name)}`);
  await expect(healthButton(page)).toHaveText('Broken');
  await healthButton(page).click();
  const dialog = page.getByRole('dialog', { name: `Link health of ${name}` });
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(toast(page, 'Result acknowledged')).toBeVisible();
  await expect(dialog.getByText('Current result: Broken (acknowledged)', { exact: true })).toBeVisible();
  // 'Check now' adds a check to the history as soon as it is stored; the same result stays acknowledged.
  await dialog.getByRole('button', { name: 'Check now' }).click();
  await expect(dialog.getByRole('table', { name: /^Link checks of/ }).locator('tbody tr')).toHaveCount(3, { timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Check now' })).toBeEnabled();
  await expect(dialog.getByText('Current result: Broken (acknowledged)', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(healthButton(page)).toHaveText('Broken (acknowledged)');
});
