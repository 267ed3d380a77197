import { expect, test } from './fixtures.ts';

/** Links to posts, not to the blog's category pages. */
const postLinks = 'a[href^="/blog/"]:not([href^="/blog/category"])';

test('the home page renders with header, hero and new arrivals', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('/products lists products with a count', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Catalog' })).toBeVisible();
  await expect(page.getByText(/\d+ products found/)).toBeVisible();
  await expect(page.getByRole('main').locator('a[href^="/product/"]').first()).toBeVisible();
});

test('a product page shows its name, price and affiliate link', async ({ page }) => {
  await page.goto('/products');
  const first = page.getByRole('main').locator('a[href^="/product/"]').first();
  const href = await first.getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/\$\d[\d,]*\.\d{2}/).first()).toBeVisible();
  const buy = page.locator('a[rel~="sponsored"]').first();
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('href', /^https:\/\//);
});

test('/blog lists posts and a post opens', async ({ page }) => {
  await page.goto('/blog');
  await expect(page).toHaveTitle(/Recovery Blog/);
  const posts = page.getByRole('main').locator(postLinks);
  expect(await posts.count()).toBeGreaterThanOrEqual(12);
  await posts.first().click();
  await expect(page).toHaveTitle(/ \| Recovery Blog$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
