/**
 * The home page end to end (issue 5, point 1): the hero in the seeded image mode (the colour and
 * muted modes are covered by tests/unit/hero-presentation.test.ts and by building the page in
 * tests/integration/hero-modes.test.ts), the guide shortcuts, the lazily rendered sections without
 * layout shift, the footer, and the page's search-engine markup.
 */
import type { Page } from '@playwright/test';
import { and, desc, eq } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
});

test('the hero shows the seeded image under a dark overlay', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section[data-hero-mode]');
  await expect(hero).toHaveAttribute('data-hero-mode', 'image');
  await expect(page.getByRole('heading', { level: 1, name: 'Recover smarter. Train better at home.' })).toBeVisible();
  const image = hero.locator('img');
  await expect(image).toHaveAttribute('src', '/images/hero.svg');
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const overlay = hero.locator('[data-hero-overlay]');
  await expect(overlay).toBeAttached();
  // The overlay covers the hero and darkens it.
  const [heroBox, overlayBox] = await Promise.all([hero.boundingBox(), overlay.boundingBox()]);
  expect(overlayBox).toEqual(heroBox);
  expect(await overlay.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(/(rgba\(0, 0, 0, |oklab\(0 0 0 \/ )0\.[3-9]/);
});

test('four shortcut buttons open the guides in a new tab', async ({ page, context }) => {
  await page.goto('/');
  const shortcuts = page.getByRole('navigation', { name: 'Start with a guide' }).getByRole('link');
  await expect(shortcuts).toHaveCount(4);
  const expected = ['/guides/recovery-routines', '/guides/injury-prevention', '/guides/nutrition-tips', '/guides/sleep-optimization'];
  expect(await shortcuts.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(expected);
  for (const link of await shortcuts.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toContainText('(opens in a new tab)');
  }
  const [tab] = await Promise.all([context.waitForEvent('page'), shortcuts.first().click()]);
  await tab.waitForLoadState('domcontentloaded');
  expect(new URL(tab.url()).pathname).toMatch(/^\/guides\/recovery-routines\/?$/);
  expect(page.url()).toMatch(/\/$/);
});

test('New Arrivals, the blog and the categories are in the HTML and render lazily', async ({ page, request }) => {
  // In the HTML itself, for crawlers and readers without JavaScript.
  const html = await (await request.get('/')).text();
  for (const heading of ['New Arrivals', 'From the Blog', 'Shop by Category']) expect(html).toContain(heading);

  await page.goto('/');
  for (const id of ['new-arrivals', 'from-the-blog', 'shop-by-category']) {
    const section = page.locator(`section[aria-labelledby="${id}"]`);
    await expect(section).toBeAttached();
    expect(await section.evaluate((element) => getComputedStyle(element).contentVisibility)).toBe('auto');
  }
  await expect(page.locator('section[aria-labelledby="new-arrivals"] > ul > li')).toHaveCount(8);
  const images = page.locator('section[aria-labelledby="from-the-blog"] img');
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('section[aria-labelledby="shop-by-category"] a[href="/products?category=uncategorized"]')).toHaveCount(0);
});

/** Sum of layout-shift scores, counted as Chrome's CLS does (shifts right after input excluded). */
async function layoutShiftWhile(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await act();
  // Shifts are reported once the frame that caused them is rendered: two frames settle them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`loading and scrolling the home page does not move the layout (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/', { waitUntil: 'load' });
    const shift = await layoutShiftWhile(page, async () => {
      // Let the islands that hydrate on idle do so, then scroll to the end in steps as a reader would.
      await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="idle"]').length === 0);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 400) {
        await page.mouse.wheel(0, 400);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      }
    });
    expect(shift).toBeLessThan(0.02);
  });
}

test('the footer links the categories and shows the claims', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const slug of ['fitness-equipment', 'recovery-wellness', 'health-supplements', 'safety-protection', 'recovery', 'fitness', 'wellness', 'nutrition']) {
    await expect(footer.locator(`a[href="/products?category=${slug}"]`)).toHaveCount(1);
  }
  for (const claim of [/tested/i, /AI-powered analysis of customer reviews and price data/, /Price and return monitoring/i, /500\+ products analysed/, /50,000\+ customers/]) {
    await expect(footer.getByText(claim).first()).toBeVisible();
  }
  for (const text of ['Terms of Service', 'Affiliate Disclosure']) {
    const plain = footer.getByText(text, { exact: true });
    await expect(plain).toBeVisible();
    expect(await plain.evaluate((element) => element.closest('a') === null)).toBe(true);
  }
});

test('the home page carries Organization and WebSite JSON-LD with a product SearchAction', async ({ page }) => {
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const items = blocks.flatMap((text) => [JSON.parse(text)].flat()) as Record<string, unknown>[];
  expect(items.find((item) => item['@type'] === 'Organization')).toMatchObject({ name: 'Repwell' });
  const website = items.find((item) => item['@type'] === 'WebSite') as { potentialAction: { target: { urlTemplate: string } } };
  expect(website.potentialAction.target.urlTemplate).toMatch(/\/products\?search=\{search_term_string\}$/);
});

test('the home page has a canonical URL, Open Graph and Twitter card tags', async ({ page, request }) => {
  await page.goto('/');
  const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/[^/]+\/$/);
  expect(await meta('meta[property="og:title"]')).toBe(await page.title());
  expect(await meta('meta[property="og:description"]')).toBe(await meta('meta[name="description"]'));
  expect(await meta('meta[property="og:type"]')).toBe('website');
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  const image = await meta('meta[property="og:image"]');
  expect(image).toMatch(/^https?:\/\/.+\.(jpg|png)$/);
  // The image is served by the site itself.
  const response = await request.get(new URL(image!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\//);
});

test('New Arrivals promotes only products that can be bought: the eight newest in stock', async ({ page }) => {
  const database = new Database({ url: process.env.DATABASE_URL! });
  try {
    const newest = (inStockOnly: boolean) =>
      database.run((db) =>
        db
          .select({ slug: products.slug, inStock: products.inStock })
          .from(products)
          .where(inStockOnly ? and(eq(products.availability, true), eq(products.inStock, true)) : eq(products.availability, true))
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(8),
      );
    const [inStock, listed] = await Promise.all([newest(true), newest(false)]);
    await page.goto('/');
    const hrefs = await page.locator('section[aria-labelledby="new-arrivals"] article h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(inStock.map((row) => `/product/${row.slug}`));
    // Not vacuous when the seed's newest listed products include one out of stock: it is left out.
    for (const row of listed.filter((item) => !item.inStock)) expect(hrefs).not.toContain(`/product/${row.slug}`);
    await expect(page.locator('section[aria-labelledby="new-arrivals"]').getByText('Out of Stock', { exact: true })).toHaveCount(0);
  } finally {
    database.close();
  }
});

test('the short affiliate disclosure sits above the first product of New Arrivals', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section[aria-labelledby="new-arrivals"]');
  const disclosure = section.getByText('We earn a commission when you buy through links on this page, at no extra cost to you.');
  await expect(disclosure).toBeVisible();
  await expect(disclosure.getByRole('link', { name: 'Affiliate disclosure' })).toHaveAttribute('href', '/privacy-policy#affiliate-links-and-retailers');
  const firstProduct = section.locator('article').first();
  // Before it in reading order, and above it on the screen.
  expect(await disclosure.evaluate((note, card) => Boolean(note.compareDocumentPosition(card!) & Node.DOCUMENT_POSITION_FOLLOWING), await firstProduct.elementHandle())).toBe(true);
  const [noteBox, cardBox] = await Promise.all([disclosure.boundingBox(), firstProduct.boundingBox()]);
  expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(cardBox!.y);
});

test('the affiliate disclosure link leads to the full disclosure', async ({ page }) => {
  await page.goto('/privacy-policy#affiliate-links-and-retailers');
  await expect(page.locator('#affiliate-links-and-retailers')).toHaveText('Affiliate links and retailers');
});
