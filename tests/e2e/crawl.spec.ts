/**
 * The catalogue as a crawler or a reader without JavaScript gets it (issue 4, point 2; issue 9,
 * points 1 and 5): the spec's query URLs (/products?category=…, ?featured=true…, &page=N) answer
 * with the HTML pre-rendered for that view, with status 200 at the same address (the build's
 * `_redirects` rewrites, which the local server honours as Netlify does); queries a static page
 * cannot answer get a noindex copy that says so.
 *
 * Expected products come from the demo seed's own generator (the global setup seeds 640).
 */
import type { Browser, Page } from '@playwright/test';
import { seedCategories } from '../../db/seed/categories.ts';
import { CATALOGUE_PAGE_SIZE } from '../../src/domain/catalogue/pagination.ts';
import { demoProducts } from './demo-catalogue.ts';
import { expect, test } from './fixtures.ts';

const CATEGORY = 'wellness';

/** The in-stock products of the category, as the default listing shows them over its pages. */
const categorySlugs = new Set(
  demoProducts()
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

      await expect(page.getByRole('heading', { level: 1, name: 'Wellness Products' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Category: Wellness' })).toBeVisible();
      expect(await canonical(page)).toBe(`/products?category=${CATEGORY}`);

      const slugs = await listedSlugs(page);
      expect(categorySlugs.size).toBeGreaterThan(CATALOGUE_PAGE_SIZE);
      expect(slugs).toHaveLength(CATALOGUE_PAGE_SIZE);
      expect(slugs.filter((slug) => !categorySlugs.has(slug))).toEqual([]);
      // No script ran: the catalogue island is still the server's HTML.
      await expect(page.locator('astro-island[component-url*="CatalogueApp"][ssr]')).toHaveCount(1);
    });
  });

  test('&page=N is that page of the listing, canonical to itself, and the pages hold every product of the category', async ({ browser, baseURL }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const pages = Math.ceil(categorySlugs.size / CATALOGUE_PAGE_SIZE);
      const seen = new Set<string>();
      for (let number = 1; number <= pages; number++) {
        const search = number === 1 ? `?category=${CATEGORY}` : `?category=${CATEGORY}&page=${number}`;
        const response = await page.goto(`/products${search}`);
        expect(response?.status()).toBe(200);
        expect(response?.request().redirectedFrom()).toBeNull();
        expect(await canonical(page)).toBe(`/products${search}`);
        for (const slug of await listedSlugs(page)) seen.add(slug);
        // Crawlable: the page links are plain links with the spec's query.
        if (number < pages) await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' })).toHaveAttribute('href', `/products?category=${CATEGORY}&page=${number + 1}`);
      }
      expect(seen).toEqual(categorySlugs);

      // A page past the end falls back to the listing rather than a 404.
      const past = await page.goto(`/products?category=${CATEGORY}&page=99`);
      expect(past?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Wellness Products' })).toBeVisible();
    });
  });

  test('other parameters (sort, rating, search) get the category’s page with one line saying what needs JavaScript, kept out of the index', async ({
    browser,
    baseURL,
  }) => {
    await withoutJavaScript(browser, baseURL, async (page) => {
      const response = await page.goto(`/products?sort=price-low&rating=4%2B&category=${CATEGORY}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Wellness Products' })).toBeVisible();
      await expect(page.getByText('Filters need JavaScript; showing all in-stock Wellness products')).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

      await page.goto(`/products?category=${CATEGORY}&search=roller`);
      await expect(page.getByText('Search needs JavaScript; showing all Wellness products')).toBeVisible();
      await expect(page.getByRole('heading', { name: /Results for/ })).toHaveCount(0);
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
      await expect(page).toHaveTitle(/Top Picks: Wellness/);
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
