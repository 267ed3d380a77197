/**
 * The editorial review end to end in Chromium: the product form's Review section (messages beside the fields, pros
 * rows added, an award of the editor's own, our score, dates), saved, then the public product page after the rebuild
 * shows the verdict beside the buy box, the score apart from the shoppers' stars, pros and cons, 'Updated {date}' and
 * the editorial Review in its structured data, with no serious axe-core violation.
 */
import type { Page } from '@playwright/test';
import type { ProductList, ProductListRow } from '../../src/domain/admin/product-list.ts';
import { reviewTexts } from '../../src/domain/editorial/review.ts';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

/** A product with a SKU, in stock and public, from the end of the list (other specs take theirs from its start). */
async function productToReview(page: Page): Promise<ProductListRow & { sku: string }> {
  const response = await page.request.get('/api/admin/products?status=active&stock=in&sort=name&pageSize=100&page=3');
  expect(response.status()).toBe(200);
  const row = ((await response.json()) as ProductList).rows.filter((candidate) => candidate.sku).at(-7);
  expect(row, 'a product to review').toBeDefined();
  return row as ProductListRow & { sku: string };
}

test('a review set in the product form shows on the public product page after the rebuild', async ({ page }) => {
  test.setTimeout(REBUILD_TIMEOUT + 120_000);
  const product = await productToReview(page);
  await page.goto(`/dashboard/products?search=${encodeURIComponent(product.sku)}`);
  await page.getByRole('button', { name: `Edit ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
  const review = dialog.getByRole('group', { name: 'Review' });
  await expect(review).toBeVisible();

  // A score off the 0.5 grid is refused beside its field.
  const score = review.getByLabel('Our score (1 to 10)', { exact: true });
  await score.fill('8.3');
  await score.blur();
  await expect(review.getByText(reviewTexts.score, { exact: true })).toBeVisible();
  await expect(score).toHaveAttribute('aria-invalid', 'true');
  await score.fill('8.5');

  await review.getByLabel('Verdict', { exact: true }).fill('The quietest pick we tested, and sturdy enough for daily use.');
  await review.getByRole('textbox', { name: 'Pro 1', exact: true }).fill('Whisper quiet at full power');
  await review.getByRole('button', { name: 'Add pro' }).click();
  await expect(review.getByRole('textbox', { name: 'Pro 2', exact: true })).toBeFocused();
  await page.keyboard.type('Packs small for travel');
  await review.getByRole('textbox', { name: 'Con 1', exact: true }).fill('Short battery life');
  await review.getByLabel('Best for', { exact: true }).fill('Light sleepers and small flats');
  await review.getByLabel('Skip it if', { exact: true }).fill('You need deep tissue work daily');
  await review.getByLabel('Award', { exact: true }).selectOption({ label: 'Other' });
  await review.getByLabel('Your award', { exact: true }).fill('Best for Tiny Gyms');
  await review.getByLabel('Tested on', { exact: true }).fill('2026-03-02');
  await review.getByLabel('Updated on', { exact: true }).fill('2026-10-12');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product updated', { exact: true })).toBeVisible();

  const saved = await page.request.get(`/api/admin/products/${product.id}`);
  expect((await saved.json()).product.review).toMatchObject({ score: 8.5, award: 'Best for Tiny Gyms', pros: ['Whisper quiet at full power', 'Packs small for travel'] });

  const html = await publishedHtml(page, `/product/${product.slug}`, 'Best for Tiny Gyms');
  expect(html).toContain('"reviewRating":{"@type":"Rating","ratingValue":8.5,"bestRating":10,"worstRating":1}');
  expect(html).toContain('"positiveNotes":{"@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"name":"Whisper quiet at full power"}');

  await page.goto(`/product/${product.slug}`);
  const verdict = page.getByRole('region', { name: 'Our verdict' });
  await expect(verdict).toContainText('Best for Tiny Gyms');
  await expect(verdict).toContainText('Our score 8.5/10');
  await expect(verdict).toContainText('The quietest pick we tested');
  await expect(verdict).toContainText('Updated October 12, 2026');
  const notes = page.getByRole('region', { name: 'Pros and cons' });
  await expect(notes.getByRole('listitem')).toHaveCount(3);
  for (const note of ['Whisper quiet at full power', 'Packs small for travel', 'Short battery life']) await expect(notes).toContainText(note);
  await expect(notes).toContainText('Best for: Light sleepers and small flats');
  // The verdict sits in the details column, above the buy button, on a desktop screen's first view.
  const buy = page.getByRole('link', { name: /opens in a new tab/ }).first();
  const [verdictBox, buyBox] = [await verdict.boundingBox(), await buy.boundingBox()];
  expect(verdictBox!.y).toBeLessThan(buyBox!.y);
  expect(verdictBox!.y).toBeLessThan(page.viewportSize()!.height);
  expect(await seriousViolations(page)).toEqual([]);
});
