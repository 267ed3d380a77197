/**
 * The admin app outlives a deploy too: each section's code is imported when the admin opens it, so a section whose
 * chunk a deploy removed reloads the page once, at the section's address, and then shows (src/lib/chunk-recovery.ts).
 */
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, signIn } from './admin-helpers.ts';
import { countLoads, goneAfterDeploy } from './deploy-chunks.ts';
import { expect, test } from './fixtures.ts';

test('a section whose code is gone after a deploy reloads the page once at its address, then shows', async ({ page }) => {
  await signIn(page, e2eAccounts.admin);
  const loads = countLoads(page);
  await goneAfterDeploy(page, 'CategoriesManager', loads, 'reload');
  await page.goto('/dashboard/overview');
  await expect(sectionHeading(page, 'Overview')).toBeVisible();

  await page.getByRole('complementary', { name: 'Admin Panel' }).getByRole('link', { name: 'Categories' }).click();
  await expect.poll(() => loads.count, { timeout: 30_000 }).toBe(2);
  await expect(page).toHaveURL(/\/dashboard\/categories$/);
  await expect(sectionHeading(page, 'Categories')).toBeVisible();
  expect(loads.count).toBe(2);
});
