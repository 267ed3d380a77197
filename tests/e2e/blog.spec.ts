/**
 * The blog (spec section 2, Blog) against the demo content: 16 published posts (three of them roundups), four of them
 * in the beginner category. The "No blog posts yet" state needs a site without posts; it is
 * covered by tests/unit/blog-search.test.ts, which renders the search box's markup with none.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PUBLISHED = 16;
const BEGINNER = ['How to Set Up a Beginner Home Gym', 'Foam Rolling 101', 'A 10-Minute Daily Mobility Routine', 'The Warm-Up That Helps Prevent Injuries'];

const postList = (page: Page) => page.locator('#blog-posts');
const visibleCards = (page: Page): Locator => postList(page).locator(':scope > li:visible');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search blog posts' });

/** The search script runs as the page loads; typing before then would be kept, but tests wait so results are immediate. */
async function openBlog(page: Page, path = '/blog') {
  await page.goto(path);
  await page.waitForLoadState('load');
}

test.describe('/blog', () => {
  test('is titled Recovery Blog and shows every post with image, title, excerpt and time since publication', async ({ page }) => {
    await openBlog(page);
    await expect(page).toHaveTitle('Recovery Blog | Repwell');
    await expect(page.getByRole('heading', { level: 1, name: 'Recovery Blog' })).toBeVisible();
    await expect(visibleCards(page)).toHaveCount(PUBLISHED);

    const first = visibleCards(page).first();
    await expect(first.locator('img')).toHaveAttribute('src', /\/images\/blog\//);
    await expect(first.getByRole('heading', { level: 2 })).toHaveText('How to Set Up a Beginner Home Gym Without Wasting Money');
    await expect(first.getByText(/^The four pieces of equipment worth buying first/)).toBeVisible();
    // The demo post was published 6 days before seeding; the script turns the date into words.
    await expect(first.locator('time')).toHaveText('6 days ago');
    await expect(first.locator('time')).toHaveAttribute('title', /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  test('search matches the title, case-insensitively', async ({ page }) => {
    await openBlog(page);
    await expect(search(page)).toHaveAttribute('placeholder', 'Search blog posts...');
    await search(page).fill('FOAM ROLLING');
    await expect(visibleCards(page)).toHaveCount(1);
    await expect(visibleCards(page)).toContainText('Foam Rolling 101');
    await expect(page.getByRole('status').filter({ hasText: 'found' })).toHaveText('1 post found');
  });

  test('search matches text only the excerpt contains', async ({ page }) => {
    await openBlog(page);
    // "anabolic window" appears in the protein-timing excerpt, not in any title.
    await search(page).fill('Anabolic');
    await expect(visibleCards(page)).toHaveCount(1);
    await expect(visibleCards(page)).toContainText('Protein Timing');
  });

  test('a search without results shows No posts found, and clearing it brings every post back', async ({ page }) => {
    await openBlog(page);
    await search(page).fill('underwater basket weaving');
    await expect(visibleCards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms')).toBeVisible();

    await search(page).fill('');
    await expect(visibleCards(page)).toHaveCount(PUBLISHED);
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeHidden();
  });

  test('/blog?category=beginner shows the beginner posts only', async ({ page }) => {
    await openBlog(page, '/blog?category=beginner');
    await expect(visibleCards(page)).toHaveCount(BEGINNER.length);
    for (const title of BEGINNER) await expect(visibleCards(page).filter({ hasText: title })).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'Beginner' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Search works within the category.
    await search(page).fill('sleep');
    await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
  });

  test('the category filter does not move the list after the first paint', async ({ page }) => {
    // Cards of other categories are hidden before the first paint, not when the search script runs.
    // A slowed CPU, as on a loaded machine, where the browser may paint a partly parsed page.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openBlog(page, '/blog?category=beginner');
    await expect(visibleCards(page)).toHaveCount(BEGINNER.length);
    // The script that applies the filter has taken over (the early style is gone), and layout shifts are reported
    // once the frame that caused them is rendered: two frames after that settle them.
    await page.waitForFunction(() => document.getElementById('blog-category-prefilter') === null);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.02);
  });

  test('category links lead to static category pages that work without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(postList(page).locator(':scope > li')).toHaveCount(PUBLISHED);
    await page.getByRole('link', { name: 'Beginner', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/category\/beginner\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Beginner Articles' })).toBeVisible();
    await expect(postList(page).locator(':scope > li')).toHaveCount(BEGINNER.length);
    await context.close();
  });
});

test.describe('/blog/{slug}', () => {
  const path = '/blog/how-to-foam-roll';
  const title = 'Foam Rolling 101: How to Roll Without Wasting Your Time';

  test('shows the post with its title, sanitized content, bookmark control and links back', async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} | Recovery Blog`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.prose-content h2').first()).toBeVisible();
    await expect(page.locator('.prose-content script, .prose-content [onclick], .prose-content iframe')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bookmark' })).toBeVisible();

    const jsonLd = JSON.parse((await page.locator('head script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: title });

    await expect(page.getByRole('link', { name: 'Read More Articles' })).toHaveAttribute('href', '/blog');
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await expect(page).toHaveURL(/\/blog\/?$/);
  });

  test('Share uses the device share sheet when there is one', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      (window as unknown as { __shares: ShareData[] }).__shares = calls;
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: ShareData) => void calls.push(data) });
    });
    await page.goto(path);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shares: ShareData[] }).__shares)).toEqual([
      { title, url: expect.stringMatching(/\/blog\/how-to-foam-roll$/) },
    ]);
  });

  test('Share copies the link with a toast where there is no share sheet', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
    await page.goto(path);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied!')).toBeVisible();
    await expect(page.getByText('The post link has been copied to your clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/blog\/how-to-foam-roll$/);
  });

  test('an unknown post shows Blog Post Not Found with status 404', async ({ page }) => {
    const response = await page.goto('/blog/no-such-post-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog\/?$/);
  });

  test('the RSS feed lists every published post', async ({ request }) => {
    const response = await request.get('/rss.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(PUBLISHED);
    expect(xml).toContain('/blog/how-to-foam-roll</link>');
  });
});
