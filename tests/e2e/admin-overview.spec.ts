/**
 * The admin overview in Chromium (issue 10, point 2): the figures, the build state as it moves from 'Publishing your
 * changes…' to 'Live since …' after 'Rebuild now', the activity that request leaves, the latest contact messages and
 * the full list one click away, and axe-core on both views.
 */
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

test('shows the figures and the site as live', async ({ page }) => {
  await page.goto('/dashboard/overview');
  await expect(sectionHeading(page, 'Overview')).toBeVisible();
  for (const label of ['Products', 'Stock', 'Categories', 'Blog posts', 'Accounts', 'Contact messages', 'Affiliate clicks', 'Revenue']) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/ published · \d+ active · \d+ draft$/)).toBeVisible();
  // Clicks, conversions and revenue are those of a range, the analytics dashboard's default, and say which.
  await expect(page.getByText(/^[\d,]+ conversions · last 30 days$/)).toBeVisible();
  // The first build of the e2e server was recorded, so the site is live (or publishing another spec's change).
  await expect(page.locator('[data-build-tone]')).toHaveText(/^(Live since |Publishing your changes…)/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("'Rebuild now' shows the build under way, then live again, and leaves an activity entry", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/dashboard/overview');
  await page.getByRole('button', { name: 'Rebuild now' }).click();
  await expect(page.getByText('Rebuild requested', { exact: true })).toBeVisible();
  const state = page.locator('[data-build-tone]');
  await expect(state).toContainText('Publishing your changes…');
  // The elapsed time ticks while it waits or builds.
  await expect(state).toContainText(/\(\d+ (s|min)/);
  await expect(page.getByText(/^(Waiting to start|Building the site) \(.*rebuild requested by an admin/)).toBeVisible();

  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByText('Asked for a rebuild of the site').first()).toBeVisible();
  await expect(activity.getByText(e2eAccounts.admin.email).first()).toBeVisible();

  // The overview polls while the build runs: no reload needed to see it published.
  await expect(state).toHaveText(/^Live since /, { timeout: 240_000 });
});

test('the latest contact messages, with every message one click away', async ({ page }) => {
  const subject = `Overview e2e ${Date.now()}`;
  const sent = await page.request.post('/api/contact', {
    data: { firstName: 'Olive', lastName: 'Overview', email: 'olive@example.com', subject, message: 'Do you review rowing machines?' },
  });
  expect(sent.ok()).toBe(true);

  await page.goto('/dashboard/overview');
  const latest = page.getByRole('region', { name: 'Latest contact messages' });
  await expect(latest.getByText(subject)).toBeVisible();
  await expect(latest.getByText('olive@example.com')).toBeVisible();

  await latest.getByRole('link', { name: /^View all \d+ messages$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview\?view=messages$/);
  const list = page.getByRole('region', { name: 'Contact messages' });
  await expect(list.getByText(subject)).toBeVisible();
  await expect(list.getByText('Do you review rowing machines?')).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+ \(\d+ messages\)$/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A deep link or reload keeps the view; Back to overview returns.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Contact messages' }).getByText(subject)).toBeVisible();
  await page.getByRole('button', { name: 'Back to overview' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('region', { name: 'Latest contact messages' })).toBeVisible();
});
