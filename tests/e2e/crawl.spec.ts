/**
 * The catalogue as a crawler or a reader without JavaScript gets it (issue 4, point 2): the
 * spec's query URLs (/products?category=…, ?featured=true…) answer with the HTML pre-rendered for
 * that view, with status 200 at the same address (the build's `_redirects` rewrites, which the
 * local server honours as Netlify does).
 *
 * Expected products come from the demo seed's own generator (the global setup seeds 640).
 */
import type { Browser, Page } from '@playwright/test';
import { seedCategories } from '../../db/seed/categories.ts';
import { DEFAULT_PRODUCT_COUNT } from '../../db/seed/index.ts';
import { generateProducts } from '../../db/seed/products.ts';
import { expect, test } from './fixtures.ts';

const CATEGORY = 'recovery';

/** The in-stock products of the category, as the default listing shows them (at most 200). */
const categorySlugs = new Set(
  generateProducts(
    DEFAULT_PRODUCT_COUNT,
    new Date(),
    seedCategories.map((category, index) => ({ id: index + 1, slug: category.slug })),
  )
    .map(({ product }) => product)
    .filter((product) => product.availability !== false && product.inStock === true)
    .filter((product) => seedCategories[(product.categoryId ?? 0) - 1]?.slug === CATEGORY)
    .map((product) => product.slug),
);

/** A page in a browser that runs no script at all, as a simple crawler reads the site. */
async function withoutJavaScript(browser: Browser, baseURL: string | undefined, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The canonical link's path and query (its origin is the configured site, not the test server). */
async function canonical(page: Page): Promise<string> {
  const url = new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '', 'http://unknown');
  return `${url.pathname}${url.search}`;
}

const cards = (page: Page) => page.locator('[data-catalogue-results] article');

/** The product slugs the listing's cards link to. */
async function listedSlugs(page: Page): Promise<string[]> {
  const hrefs = await cards(page).locator('a[href^="/product/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.replace(/^\/product\/|\/$/g, '')))];
}

test.describe('the catalogue without JavaScript', () => {
  test('/products?category={slug} is that category’s listing as HTML, at the same address, status 200', async ({ browser, baseURL }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const response = await page.goto(`/products?category=${CATEGORY}`);
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()).toBeNull();
      expect(new URL(page.url()).search).toBe(`?category=${CATEGORY}`);

      await expect(page.getByRole('heading', { level: 1, name: 'Recovery Products' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Category: Recovery' })).toBeVisible();
      expect(await canonical(page)).toBe(`/products?category=${CATEGORY}`);

      const slugs = await listedSlugs(page);
      expect(slugs).toHaveLength(Math.min(200, categorySlugs.size));
      expect(slugs.filter((slug) => !categorySlugs.has(slug))).toEqual([]);
      // No script ran: the catalogue island is still the server's HTML.
      await expect(page.locator('astro-island[component-url*="CatalogueApp"][ssr]')).toHaveCount(1);
    });
  });

  test('other parameters (sort, rating, search) still get the category’s page', async ({ browser, baseURL }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const response = await page.goto(`/products?sort=price-low&rating=4%2B&category=${CATEGORY}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Recovery Products' })).toBeVisible();
      expect(await canonical(page)).toBe(`/products?category=${CATEGORY}`);
    });
  });

  test('?featured=true, with or without a category, is the Top Picks page for it', async ({ browser, baseURL }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const all = await page.goto('/products?featured=true');
      expect(all?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Top Picks' })).toBeVisible();
      expect(await canonical(page)).toBe('/products?featured=true');

      const picks = await page.goto(`/products?featured=true&category=${CATEGORY}`);
      expect(picks?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Top Picks' })).toBeVisible();
      await expect(page).toHaveTitle(/Top Picks: Recovery/);
      expect(await canonical(page)).toBe(`/products?category=${CATEGORY}&featured=true`);
    });
  });

  test('an unknown category gets the default listing with status 200, not the 404 page', async ({ browser, baseURL }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const response = await page.goto('/products?category=no-such-category');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Product Catalog' })).toBeVisible();
      expect(await canonical(page)).toBe('/products');
    });
  });
});
