/**
 * Amazon links in Chromium on a site without Creators API credentials (the e2e server sets none): pasting one in the
 * Affiliate Link tab saves a draft, says plainly that Amazon's data needs the Creators API and which fields to fill,
 * and never says 'Success!' nor shows a resolver's error; the draft is not named 'Amazon'. The Manual Form shows the
 * ASIN and store a link names, and Fill from Amazon says why it cannot.
 */
import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function openTab(page: Page, name: 'Affiliate Link' | 'Manual Form') {
  await page.goto('/add-product');
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test.describe('Amazon links without the Creators API', () => {
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('add by link saves a draft with its ASIN and says the Creators API is needed, never Success', async ({ page }) => {
    const asin = `B0E2E${String(Date.now()).slice(-5)}`;
    await openTab(page, 'Affiliate Link');
    await page.getByRole('textbox', { name: 'Affiliate link' }).fill(`https://www.amazon.com/dp/${asin}/ref=sr_1_3?th=1`);
    await page.getByRole('button', { name: 'Add product from link' }).click();

    await expect(toast(page, 'Saved as a draft')).toContainText("Amazon's product data needs Amazon's Creators API");
    const warning = page.getByRole('alert').filter({ hasText: `Saved as a draft with ASIN ${asin} (www.amazon.com)` });
    await expect(warning).toContainText('Fill in the name, brand, images, price, sale price, availability, rating and features');
    await expect(toast(page, 'Success!')).toHaveCount(0);
    await expect(page.getByText(/ENOTFOUND|getaddrinfo/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Untitled draft' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Amazon', exact: true })).toHaveCount(0);
  });

  test('the manual form shows the ASIN and store, and Fill from Amazon says which variables are missing', async ({ page }) => {
    await openTab(page, 'Manual Form');
    await page.getByRole('textbox', { name: 'Affiliate URL (required)' }).fill('https://www.amazon.co.uk/Foam-Roller/dp/B001ARYU58?ref=x');
    await expect(page.getByText('Amazon ASIN B001ARYU58 on www.amazon.co.uk')).toBeVisible();
    await page.getByRole('button', { name: 'Fill from Amazon' }).click();
    await expect(toast(page, 'Amazon data unavailable')).toContainText('AMAZON_CREATORS_CREDENTIAL_ID');
    await expect(page.getByRole('textbox', { name: 'Product name (required)' })).toHaveValue('');
  });
});
