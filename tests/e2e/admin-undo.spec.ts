/**
 * Confirmation and Undo on the Manage screen, in Chromium: a bulk change of more than one product is confirmed in a
 * dialog naming the count and the change, Undo in its toast puts back exactly the products it changed (those already
 * out of stock stay out), the same change can be undone from the overview's Recent activity, and a change of one
 * product needs no confirmation.
 *
 * The spec makes its own category and products, so it does not depend on the demo catalogue's counts.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { ProductList } from '../../src/domain/admin/product-list.ts';
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

const PRODUCTS = 6;
/** The first two were out of stock before anything here. */
const OUT_BEFORE = 2;

let shelf: { id: number; name: string; slug: string };

async function stock(page: Page): Promise<{ in: string[]; out: string[] }> {
  const response = await page.request.get(`/api/admin/products?category=${shelf.slug}&sort=name&dir=asc`);
  expect(response.status()).toBe(200);
  const list = (await response.json()) as ProductList;
  return { in: list.rows.filter((row) => row.inStock).map((row) => row.name), out: list.rows.filter((row) => !row.inStock).map((row) => row.name) };
}

const names = Array.from({ length: PRODUCTS }, (_, index) => `Undo Shelf Item ${index + 1}`);
const originallyOut = names.slice(0, OUT_BEFORE);
const originallyIn = names.slice(OUT_BEFORE);
const bar = (page: Page) => page.getByRole('group', { name: 'Bulk actions' });
const rows = (page: Page) => page.getByRole('table', { name: 'Products to manage' }).locator('tbody tr');
/** A toast in sonner's region (named 'Notifications' and its hotkey), not an activity entry with the same words. */
const toastWith = (page: Page, title: string) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: title });

async function markAllOutOfStock(page: Page, { checkA11y = false } = {}): Promise<void> {
  await page.goto(`/dashboard/manage?category=${shelf.slug}`);
  await expect(sectionHeading(page, 'Manage')).toBeVisible();
  await expect(rows(page)).toHaveCount(PRODUCTS);
  await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
  await expect(page.getByText(`${PRODUCTS} products selected`)).toBeVisible();
  await bar(page).getByRole('button', { name: 'Mark out of stock', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `Mark ${PRODUCTS} products out of stock?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Undo puts back exactly those');
  // Nothing changes before the confirmation.
  expect((await stock(page)).out).toEqual(originallyOut);
  if (checkA11y) expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: `Mark ${PRODUCTS} products out of stock` }).click();
  await expect(dialog).toBeHidden();
  await expect(toastWith(page, `Marked ${PRODUCTS - OUT_BEFORE} products out of stock`)).toBeVisible();
  expect((await stock(page)).in).toEqual([]);
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, e2eAccounts.admin);
  const created = await page.request.post('/api/admin/categories', { data: { name: `Undo Shelf ${randomUUID().slice(0, 8)}` } });
  expect(created.status()).toBe(201);
  shelf = await created.json();
  const batch = await page.request.post('/api/admin/products/batch', {
    data: {
      products: names.map((name, index) => ({ name, affiliateUrl: `https://www.example.com/undo-shelf-${shelf.id}-${index + 1}`, price: 20 + index, categoryId: shelf.id, inStock: index >= OUT_BEFORE })),
    },
  });
  expect(batch.status()).toBe(200);
  expect((await batch.json()).created).toBe(PRODUCTS);
  await page.close();
});

test('a confirmed bulk change is undone from its toast, leaving the products that were out of stock before out', async ({ page }) => {
  expect(await stock(page)).toEqual({ in: originallyIn, out: originallyOut });
  await markAllOutOfStock(page, { checkA11y: true });

  await toastWith(page, `Marked ${PRODUCTS - OUT_BEFORE} products out of stock`).getByRole('button', { name: 'Undo' }).click();
  await expect(toastWith(page, 'Undone')).toContainText(`Undid "Marked ${PRODUCTS - OUT_BEFORE} products out of stock": ${PRODUCTS - OUT_BEFORE} products restored.`);
  expect(await stock(page)).toEqual({ in: originallyIn, out: originallyOut });
  // The table shows it too once it has refreshed.
  await expect(rows(page).filter({ hasText: 'Out of stock' })).toHaveCount(OUT_BEFORE);
});

test("the same change is undone from the overview's Recent activity", async ({ page }) => {
  await markAllOutOfStock(page);
  await page.goto('/dashboard/overview');
  const activity = page.getByRole('region', { name: 'Recent activity' });
  const undo = activity.getByRole('button', { name: new RegExp(`^Undo: Marked ${PRODUCTS - OUT_BEFORE} products out of stock`) }).first();
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(toastWith(page, 'Undone')).toBeVisible();
  expect(await stock(page)).toEqual({ in: originallyIn, out: originallyOut });
  await expect(activity.getByText(`Undid "Marked ${PRODUCTS - OUT_BEFORE} products out of stock"`).first()).toBeVisible();
  // Undone once: the entry no longer offers it.
  await expect(activity.getByRole('listitem').filter({ hasText: /^Marked 4 products out of stock/ }).first()).toContainText('Undone');
});

test('a change of one product needs no confirmation', async ({ page }) => {
  await page.goto(`/dashboard/manage?category=${shelf.slug}`);
  await expect(rows(page)).toHaveCount(PRODUCTS);
  await page.getByRole('checkbox', { name: `Select ${originallyIn[0]}` }).check();
  await bar(page).getByRole('button', { name: 'Mark out of stock', exact: true }).click();
  await expect(toastWith(page, 'Marked 1 product out of stock')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await stock(page)).out).toEqual([...originallyOut, originallyIn[0]].sort());
});
