/**
 * The Networks tab of Analytics in Chromium (issue 14, points 3 and 8): an admin creates Impact's postback token, the
 * postback URL is shown once and copied with the Copy button, a postback sent to that URL (its macros filled in as
 * Impact does) is accepted, and after rotation (confirmed in a dialog) the old URL answers 404 and the new one 200.
 * axe-core finds no serious violation with the one-time URL shown.
 */
import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

const impactRow = (page: Page) => page.getByRole('table', { name: 'Conversion networks' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Impact', exact: true }) });
const shownUrl = (page: Page) => page.getByRole('textbox', { name: 'Postback URL for Impact' });

/** Impact fills each {Macro} of the URL with the conversion's value. */
function filled(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (macro, name: string) => (values[name] === undefined ? macro : encodeURIComponent(values[name])));
}

const values = (actionId: string) => ({ SubId1: 'rwc-e2e-network-000001', ActionId: actionId, Amount: '42.00', Payout: '3.36', Currency: 'USD', Status: 'Pending' });

test('an admin creates a token for Impact, copies its URL, and a postback to it is accepted until the token is rotated', async ({ page, context, baseURL }) => {
  // Start from Impact not configured, whatever an earlier run left.
  const reset = await page.request.delete('/api/admin/revenue-networks/impact');
  expect([200, 404]).toContain(reset.status());
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await page.goto('/dashboard/analytics?tab=networks');
  await expect(sectionHeading(page, 'Analytics')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Networks' })).toHaveAttribute('aria-selected', 'true');
  await expect(impactRow(page)).toContainText('Not configured');
  await expect(impactRow(page)).toContainText('SubId1={SubId1}&ActionId={ActionId}');

  await impactRow(page).getByRole('button', { name: 'Create token for Impact' }).click();
  await expect(shownUrl(page)).toBeVisible();
  await expect(page.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  await expect(impactRow(page)).toContainText('Active');
  const url = await shownUrl(page).inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/api/conversions/impact/[A-Za-z0-9_-]{43}\\?SubId1=\\{SubId1\\}`));

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(url);
  expect(await seriousViolations(page)).toEqual([]);

  const first = await page.request.get(filled(copied, values(`E2E-${Date.now()}-1`)));
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ outcome: 'created' });

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(shownUrl(page)).toBeHidden();

  await impactRow(page).getByRole('button', { name: 'Rotate token of Impact' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Rotate the token of Impact?' });
  await expect(dialog).toContainText('stops working at once');
  await dialog.getByRole('button', { name: 'Rotate token' }).click();
  await expect(dialog).toBeHidden();
  await expect(shownUrl(page)).toBeVisible();
  const rotated = await shownUrl(page).inputValue();
  expect(rotated).not.toBe(url);

  const old = await page.request.get(filled(url, values(`E2E-${Date.now()}-2`)));
  expect(old.status()).toBe(404);
  const fresh = await page.request.post(filled(rotated, values(`E2E-${Date.now()}-3`)));
  expect(fresh.status()).toBe(200);
});
