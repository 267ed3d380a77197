/**
 * Network report import in Chromium (issue 14, points 4 and 8): a small generic CSV uploaded through Analytics'
 * 'Report import' tab, two columns mapped by hand, the preview's counts (matched, unmatched, error), the import and
 * its summary, the product's conversion stored; after a reload the tab offers the mapping it was imported with.
 */
import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

async function openTab(page: Page) {
  await page.goto('/dashboard/analytics?tab=reports');
  await expect(page.getByRole('tab', { name: 'Report import' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Network', { exact: true })).toBeEnabled();
}

async function uploadGeneric(page: Page, csv: string) {
  await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Other' });
  await page.getByLabel('Report file', { exact: true }).setInputFiles({ name: 'report.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
}

const count = (page: Page, outcome: string) => page.locator(`dl[aria-label="Preview counts"] dd[data-outcome="${outcome}"]`);

test('a generic report is mapped, previewed, imported and summarised, and its mapping is offered again after a reload', async ({ page }) => {
  const nonce = Date.now().toString(36);
  // A product of its own: a product another admin spec made may be deleted for good while this one runs beside it.
  const created = await page.request.post('/api/admin/products', {
    data: { name: `E2E Report Import ${nonce}`, affiliateUrl: `https://www.example.com/report-import-${nonce}`, status: 'draft' },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: number; name: string } };
  const csv = [
    'Order ID,Product,Amount,Earned,State',
    `E2E-${nonce}-1,${product.id},50.00,4.00,approved`,
    `E2E-${nonce}-2,NO-SUCH-CODE,20.00,1.00,pending`,
    `E2E-${nonce}-3,${product.id},50.00,four,approved`,
  ].join('\n');

  await openTab(page);
  await uploadGeneric(page, csv);
  // Guessed from the header names: the order id, the amount and the status; the rest is the admin's to choose.
  await expect(page.getByLabel('Order or transaction id (required)', { exact: true })).toHaveValue('Order ID');
  await expect(page.getByLabel('Sale amount', { exact: true })).toHaveValue('Amount');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('State');
  await expect(page.getByRole('alert')).toHaveText('Choose a column for: Commission.');
  await expect(page.getByRole('button', { name: 'Preview rows' })).toBeDisabled();
  await page.getByLabel('Commission (required)', { exact: true }).selectOption('Earned');
  await page.getByLabel('Product code (ASIN, SKU or product id)', { exact: true }).selectOption('Product');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Preview rows' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Preview complete' })).toHaveText('Preview complete: 3 rows, 2 to import');
  await expect(count(page, 'matched')).toHaveText('1');
  await expect(count(page, 'unmatched')).toHaveText('1');
  await expect(count(page, 'duplicate')).toHaveText('0');
  await expect(count(page, 'error')).toHaveText('1');
  const rows = page.getByRole('region', { name: 'Report rows' }).locator('tbody tr');
  await expect(rows.filter({ hasText: `E2E-${nonce}-1` })).toContainText(`${product.name} (by product id)`);
  await expect(rows.filter({ has: page.locator('td:first-child', { hasText: /^4$/ }) })).toContainText('Row 4: Earned is not an amount like 19.99 or 1,234.50');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import summary' })).toBeVisible();
  await expect(page.locator('dl[aria-label="Import counts"] dd').first()).toHaveText('2');
  await expect(page.getByRole('status').filter({ hasText: 'Import complete' })).toHaveText('Import complete: 2 created, 0 updated, 0 unchanged, 1 unattributed, 0 failed');

  // The same file again: every row is already stored.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Report import' })).toHaveAttribute('aria-selected', 'true');
  await uploadGeneric(page, csv);
  await expect(page.getByLabel('Commission (required)', { exact: true })).toHaveValue('Earned');
  await expect(page.getByLabel('Product code (ASIN, SKU or product id)', { exact: true })).toHaveValue('Product');
  await page.getByRole('button', { name: 'Preview rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preview complete' })).toHaveText('Preview complete: 3 rows, 0 to import');
  await expect(count(page, 'duplicate')).toHaveText('2');
  await expect(page.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
});
