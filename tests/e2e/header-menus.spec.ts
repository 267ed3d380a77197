/**
 * The header's menus without React (src/components/header): the keyboard and pointer model the mega menu keeps from
 * Radix NavigationMenu, and the mobile drawers as native modal dialogs, beyond what chrome.spec.ts checks.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('desktop mega menu, keyboard and pointer', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await page.locator('nav[data-mega-menu]:not([data-await-script])').waitFor({ state: 'attached' });
  });

  test('ArrowDown enters an open panel, arrows move between its links, Tab out of it closes it', async ({ page }) => {
    const nav = mainNav(page);
    const everyday = nav.getByRole('button', { name: 'Everyday' });
    await everyday.focus();
    await page.keyboard.press('Space');
    await expect(everyday).toHaveAttribute('aria-expanded', 'true');
    await expect(everyday).toHaveAttribute('aria-controls', 'menu-everyday-panel');
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: /^Home Essentials/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: /^Budget Picks/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(nav.getByRole('link', { name: /^Home Essentials/ })).toBeFocused();
    // Tab past the panel's last link reaches the next entry and closes the panel.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: 'Blog Articles' })).toBeFocused();
    await expect(everyday).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: /^Home Essentials/ })).toBeHidden();
  });

  test('Home and End jump to the first and last entries; Enter toggles a panel open and shut', async ({ page }) => {
    const nav = mainNav(page);
    const guides = nav.getByRole('button', { name: 'Guides' });
    await nav.getByRole('button', { name: 'Everyday' }).focus();
    await page.keyboard.press('End');
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(guides).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(guides).toHaveAttribute('aria-expanded', 'false');
  });

  test('the pointer moves an open panel from one trigger to the next, and it closes when the pointer leaves', async ({ page }) => {
    const nav = mainNav(page);
    const guides = nav.getByRole('button', { name: 'Guides' });
    const blog = nav.getByRole('button', { name: 'Blog Articles' });
    await guides.click();
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
    await blog.hover();
    await expect(blog).toHaveAttribute('aria-expanded', 'true');
    await expect(guides).toHaveAttribute('aria-expanded', 'false');
    // The panel stays open under the pointer, and closes once it leaves.
    await nav.getByRole('link', { name: /View all articles/ }).hover();
    await expect(blog).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(640, 700);
    await expect(blog).toHaveAttribute('aria-expanded', 'false');
  });

  test('a press outside closes a panel opened from the keyboard', async ({ page }) => {
    const guides = mainNav(page).getByRole('button', { name: 'Guides' });
    await guides.focus();
    await page.keyboard.press('Enter');
    await expect(guides).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(640, 700);
    await expect(guides).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page).getByRole('link', { name: /^Recovery Routines/ })).toBeHidden();
  });

  test('a panel link navigates', async ({ page }) => {
    await mainNav(page).getByRole('button', { name: 'Guides' }).click();
    await mainNav(page).getByRole('link', { name: /^Sleep Optimization/ }).click();
    await expect(page).toHaveURL(/\/guides\/sleep-optimization$/);
  });
});

test.describe('mobile drawers', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await page.goto('/blog');
    // Its drawers' code loads when the button is reached for; a tap that comes first is held until then.
    await page.locator('#mobile-menu-button').waitFor({ state: 'attached' });
  });

  test('a press on the backdrop closes the menu and gives focus back to the button', async ({ page }) => {
    const opener = page.locator('#mobile-menu-button');
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    // The drawer is 18rem (288 px) wide at the left: the right edge of the screen is backdrop.
    await page.mouse.click(370, 400);
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Close button closes it; Shift+Tab from the first control wraps to the last', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const close = menu.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    // Signed out: the account section's last visible control is Sign In.
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeFocused();
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
  });

  test('the menu marks the section the reader is in', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    // Its drawers' code loads when the button is reached for; a tap that comes first is held until then.
    await page.locator('#mobile-menu-button').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the categories drawer lists counts and closes with its own Close button, back to the menu', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const browse = menu.getByRole('button', { name: 'Browse Categories' });
    await browse.click();
    await expect(browse).toHaveAttribute('aria-expanded', 'true');
    const drawer = page.getByRole('dialog', { name: 'Browse Categories' });
    await expect(drawer.getByRole('link', { name: 'Recovery & Wellness', exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close categories' }).click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeVisible();
    await expect(browse).toBeFocused();
    await expect(browse).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe("the menus' data file", () => {
  test('is the build now served’s, read once for both menus, so a page left open across a deploy shows the new posts', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The page's HTML names nothing of the menus' data: the file at its one address is the newest build's. Here a
    // deploy after the page loaded published a post; the menus show it.
    const asked: string[] = [];
    await page.route('**/header-data.json', async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      const response = await route.fetch();
      // Every cache asks again before reusing it, so a tab never keeps an older build's menus.
      expect(response.headers()['cache-control']).toBe('no-cache');
      const packed = (await response.json()) as { p: [string, string, string][]; c: [string, string][] };
      packed.p = [['published-after-load', 'Published after this page loaded', 'A post from the next deploy.'], ...packed.p.slice(0, 5)];
      return route.fulfill({ response, json: packed });
    });
    await page.goto('/about');
    await page.locator('nav[data-mega-menu]:not([data-await-script])').waitFor({ state: 'attached' });
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'Blog Articles' }).click();
    const posts = nav.getByRole('list', { name: 'Blog Articles' }).getByRole('link');
    await expect(posts).toHaveCount(6);
    await expect(posts.first()).toHaveAttribute('href', '/blog/published-after-load');
    expect(asked).toEqual(['/header-data.json']);
    // The mobile drawer's categories come from the same file, read once for the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Browse Categories' }).click();
    await expect(page.getByRole('dialog', { name: 'Browse Categories' }).getByRole('link', { name: 'Recovery & Wellness', exact: true })).toBeVisible();
    expect(asked).toHaveLength(1);
  });

  test('when it cannot be read, the menus still open, with their fixed links', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route('**/header-data.json', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto('/about');
    await page.locator('nav[data-mega-menu]:not([data-await-script])').waitFor({ state: 'attached' });
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'Blog Articles' }).click();
    await expect(nav.getByText('No blog posts yet')).toBeVisible();
    await expect(nav.getByRole('link', { name: /View all articles/ })).toHaveAttribute('href', '/blog');
  });
});
