/**
 * Accessibility (issue 5, point 8): axe-core finds no serious or critical WCAG 2.1 A/AA violations
 * on the main pages, nor with the header's menus and drawers open.
 */
import type { Page } from '@playwright/test';
import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** Serious and critical violations, each with the first few offending elements, for a readable failure. */
async function seriousViolations(page: Page) {
  const results = await (await settledAxe(page)).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
}

/** The first link on `listPath` that leads under `prefix`: a real product or post from the seed. */
async function firstLink(page: Page, listPath: string, prefix: string): Promise<string> {
  await page.goto(listPath);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no link under ${prefix} on ${listPath}`);
  return href;
}

const pages: { name: string; path: (page: Page) => Promise<string>; status?: number }[] = [
  { name: 'home', path: async () => '/' },
  { name: 'catalogue', path: async () => '/products' },
  { name: 'a product', path: (page) => firstLink(page, '/products', '/product/') },
  { name: 'blog', path: async () => '/blog' },
  { name: 'a post', path: (page) => firstLink(page, '/blog', '/blog/') },
  { name: 'a guide', path: async () => '/guides/recovery-routines' },
  { name: 'about', path: async () => '/about' },
  { name: 'contact', path: async () => '/contact' },
  { name: 'sign-in', path: async () => '/auth' },
  { name: '404', path: async () => '/no-such-page-for-axe', status: 404 },
];

for (const { name, path, status = 200 } of pages) {
  test(`${name}: no serious or critical axe violations`, async ({ page }) => {
    const target = await path(page);
    const response = await page.goto(target);
    expect(response?.status(), `${target} answers ${status}`).toBe(status);
    // Checked as a first-time visitor sees it: the cookie banner is part of the page.
    await expect(page.getByRole('region', { name: 'Cookie Consent' })).toBeVisible();
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="idle"]').length === 0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the open mega menu has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  await page.locator('nav[data-mega-menu]:not([data-await-script])').waitFor({ state: 'attached' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Blog Articles' }).click();
  await expect(page.getByRole('list', { name: 'Blog Articles' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open mobile menu and categories drawer have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr][client="idle"]').length === 0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Browse Categories' }).click();
    await expect(page.getByRole('dialog', { name: 'Browse Categories' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
