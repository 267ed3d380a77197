/**
 * The site chrome end to end (issue 5: header, mega menu, mobile drawers, search, cookie banner,
 * 404, robots and sitemap), with the spec's texts. The header is static HTML and module scripts (no
 * React): src/components/header.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The header's module scripts mark their controls ready to answer (an earlier click waits for them: early-clicks.spec.ts). */
async function menuReady(page: Page): Promise<void> {
  await page.locator('nav[data-mega-menu]:not([data-await-script])').waitFor({ state: 'attached' });
}

/** Every test starts with consent already given, except the banner's own tests. */
async function withConsent(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
}

test.describe('desktop mega menu', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page);
    await page.goto('/');
    await menuReady(page);
  });

  test('Guides opens the four guides and Escape closes it, returning focus', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const guides = nav.getByRole('button', { name: 'Guides' });
    await guides.focus();
    await page.keyboard.press('Enter');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
    for (const [name, href] of [
      ['Recovery Routines', '/guides/recovery-routines'],
      ['Injury Prevention', '/guides/injury-prevention'],
      ['Nutrition Tips', '/guides/nutrition-tips'],
      ['Sleep Optimization', '/guides/sleep-optimization'],
    ] as const) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Tab moves into the open panel.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: /Recovery Routines/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: /Recovery Routines/ })).toBeHidden();
    await expect(guides).toHaveAttribute('aria-expanded', 'false');
    await expect(guides).toBeFocused();
  });

  test('Everyday shows For Everyday Recovery with its four links', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Everyday' }).click();
    await expect(nav.getByText('For Everyday Recovery')).toBeVisible();
    const group = nav.getByRole('list', { name: 'For Everyday Recovery' });
    await expect(group.getByRole('link')).toHaveCount(4);
    await expect(group.getByRole('link', { name: /Home Essentials/ })).toHaveAttribute('href', '/products?category=home');
    await expect(group.getByRole('link', { name: /Budget/ })).toHaveAttribute('href', '/products?category=budget');
    await expect(group.getByRole('link', { name: /Office/ })).toHaveAttribute('href', '/products?category=office');
    await expect(group.getByRole('link', { name: /Beginner/ })).toHaveAttribute('href', '/blog?category=beginner');
  });

  test('Blog Articles lists the six newest posts, cut to 40 and 80 characters', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Blog Articles' }).click();
    const posts = nav.getByRole('list', { name: 'Blog Articles' }).getByRole('link');
    await expect(posts).toHaveCount(6);
    for (const link of await posts.all()) {
      const [title, excerpt] = await link.locator('span').allTextContents();
      expect(title!.length).toBeLessThanOrEqual(41);
      expect(excerpt!.length).toBeLessThanOrEqual(81);
      expect(await link.getAttribute('href')).toMatch(/^\/blog\/[a-z0-9-]+$/);
    }
    // The seeded posts include titles longer than 40 characters: at least one is cut.
    expect((await posts.allTextContents()).some((text) => text.includes('…'))).toBe(true);
  });

  test('opens on hover after the open delay and closes after the pointer leaves', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const trigger = nav.getByRole('button', { name: 'Guides' });
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(640, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('arrow keys move between the menu entries', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Guides' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(nav.getByRole('button', { name: 'Everyday' })).toBeFocused();
  });
});

test.describe('header search', () => {
  test('goes to /products?search= with the trimmed text, and does nothing when blank', async ({ page }) => {
    await withConsent(page);
    await page.goto('/about');
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('   ');
    await box.press('Enter');
    await box.fill('  foam roller ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/?\?search=foam\+roller$/);
    // Had the blank search gone anywhere, going back would land there rather than on /about.
    await page.goBack();
    await expect(page).toHaveURL(/\/about\/?$/);
  });
});

test('the header marks the current section, Top Picks on /products?featured=true', async ({ page }) => {
  await withConsent(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [path, current] of [
    ['/products?featured=true', 'Top Picks'],
    ['/products?category=recovery', 'Products'],
    ['/about', 'About'],
  ] as const) {
    await page.goto(path);
    await menuReady(page);
    await expect(nav.getByRole('link', { name: current, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
  }
});

test('a flash toast is shown by the next page, never by the page that set it', async ({ page }) => {
  await withConsent(page);
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  // Set after this page took its own flash, as a sign-out does just before it navigates.
  await page.evaluate(() => sessionStorage.setItem('repwell-flash', JSON.stringify({ title: 'Carried over', variant: 'success' })));
  // This page took its flash as it loaded: the new one stays stored, unshown, for the next page.
  expect(await page.evaluate(() => sessionStorage.getItem('repwell-flash'))).toContain('Carried over');
  await expect(page.getByText('Carried over')).toHaveCount(0);
  await page.goto('/contact');
  await expect(page.getByText('Carried over')).toBeVisible();
  // Shown once: the page that showed it took it, so nothing is left for the next page.
  expect(await page.evaluate(() => sessionStorage.getItem('repwell-flash'))).toBeNull();
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Carried over')).toHaveCount(0);
});

test.describe('mobile menu and Browse Categories drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await withConsent(page);
    await page.goto('/');
    // The button is static HTML; its drawers' code loads when it is reached for, and a tap that comes first is held and
    // carried out once it has (early-clicks.spec.ts).
    await page.locator('#mobile-menu-button').waitFor({ state: 'attached' });
  });

  test('opens the menu, then the categories drawer, without uncategorized', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    // A CSS locator: while the modal drawer is open, Radix hides the rest of the page from the accessibility tree.
    const opener = page.locator('#mobile-menu-button');
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');
    await expect(opener).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(menu).toHaveAttribute('id', 'mobile-menu');
    await expect(menu.getByRole('link', { name: 'Sleep Optimization' })).toHaveAttribute('href', '/guides/sleep-optimization');
    await expect(menu.getByRole('link', { name: 'Beginner Guides' })).toHaveAttribute('href', '/blog?category=beginner');

    await menu.getByRole('button', { name: 'Browse Categories' }).click();
    const drawer = page.getByRole('dialog', { name: 'Browse Categories' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: /^Recovery & Wellness/ })).toHaveAttribute('href', '/products?category=recovery-wellness');
    await expect(drawer.getByRole('link', { name: /Uncategorized/i })).toHaveCount(0);
    expect(await drawer.getByRole('link').count()).toBeGreaterThanOrEqual(8);

    // Escape closes the top drawer only, and focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu.getByRole('button', { name: 'Browse Categories' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(opener).not.toHaveAttribute('aria-controls');
  });

  test('keeps keyboard focus inside the open drawer', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const links = await menu.locator('a, button').count();
    for (let i = 0; i < links + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });

  test('choosing a category closes the drawers and opens the category', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Browse Categories' }).click();
    const drawer = page.getByRole('dialog', { name: 'Browse Categories' });
    // Hold the navigation back for one click, to see the drawers close on the page itself.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), { once: true }));
    await drawer.getByRole('link', { name: /^Fitness Equipment/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Browse Categories' }).click();
    await page.getByRole('dialog', { name: 'Browse Categories' }).getByRole('link', { name: /^Fitness Equipment/ }).click();
    await expect(page).toHaveURL(/\/products\/?\?category=fitness-equipment$/);
  });
});

test.describe('cookie banner', () => {
  const text = 'We use cookies to enhance your experience and analyze our traffic. By continuing to use our site, you agree to our use of cookies.';

  async function banner(page: Page) {
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Cookie Consent' });
    await expect(region).toBeVisible();
    await expect(region.getByRole('heading', { name: 'Cookie Consent' })).toBeVisible();
    await expect(region.getByText(text)).toBeVisible();
    return region;
  }

  const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookie-consent'));

  test('Accept stores accepted, hides the banner and keeps it hidden', async ({ page }) => {
    const region = await banner(page);
    await region.getByRole('button', { name: 'Accept' }).click();
    await expect(region).toBeHidden();
    expect(await stored(page)).toBe('accepted');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie Consent' })).toBeHidden();
  });

  test('Decline stores declined and hides the banner', async ({ page }) => {
    const region = await banner(page);
    await region.getByRole('button', { name: 'Decline' }).click();
    await expect(region).toBeHidden();
    expect(await stored(page)).toBe('declined');
    await page.goto('/blog');
    await expect(page.getByRole('region', { name: 'Cookie Consent' })).toBeHidden();
  });

  test('the close icon declines', async ({ page }) => {
    const region = await banner(page);
    await region.getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(region).toBeHidden();
    expect(await stored(page)).toBe('declined');
  });

  test('is not a modal: the page stays usable and nothing moves when it shows', async ({ page }) => {
    const region = await banner(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await region.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    // The page under it still takes clicks while the banner is up.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about\/?$/);
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await withConsent(page);
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('search engines', () => {
  test('robots.txt disallows private paths and names the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain('Disallow: /api/');
    expect(body).toContain('Disallow: /dashboard');
    expect(body).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
  });

  test('the sitemap lists public pages and leaves out private and not-found ones', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const chunks = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(chunks.length).toBeGreaterThan(0);
    const paths: string[] = [];
    for (const chunk of chunks) {
      const xml = await (await request.get(chunk)).text();
      paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
    }
    expect(paths).toContain('/');
    expect(paths).toContain('/products');
    expect(paths).toContain('/blog');
    expect(paths.some((path) => path.startsWith('/product/'))).toBe(true);
    for (const path of paths) {
      expect(path).not.toMatch(/^\/(auth|wishlist|bookmarks|dashboard|add-product|404)(\/|$)/);
      expect(path).not.toMatch(/\/not-found\/?$/);
    }
  });
});
