/**
 * The admin frame and the hero image manager in Chromium (issue 10, points 1 and 7): the sidebar's groups, shortcut,
 * cookie, tooltip and phone sheet; every section URL as a deep link; moving between sections as one app; the guard;
 * saving a hero colour; and axe-core on the frame and the hero manager.
 */
import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const sections: { path: string; label: string; title?: string }[] = [
  { path: '/dashboard/overview', label: 'Overview' },
  { path: '/dashboard/add-link', label: 'Add Products' },
  { path: '/dashboard/products', label: 'Products' },
  { path: '/dashboard/manage', label: 'Manage' },
  { path: '/dashboard/analytics', label: 'Analytics' },
  { path: '/dashboard/categories', label: 'Categories' },
  { path: '/dashboard/blog', label: 'Blog' },
  { path: '/dashboard/authors', label: 'Authors' },
  { path: '/dashboard/pinterest', label: 'Pinterest' },
  { path: '/dashboard/hero-image', label: 'Hero Image' },
  { path: '/add-product', label: 'Add Products', title: 'Add Product | Admin Panel | Repwell' },
];

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Admin Panel' });
const sidebarWidth = (page: Page) => sidebar(page).evaluate((element) => element.getBoundingClientRect().width);

test.describe('as an admin', () => {
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('the sidebar shows the Admin Panel with its two groups of links', async ({ page }) => {
    await page.goto('/dashboard/overview');
    await expect(sidebar(page).getByText('Admin Panel')).toBeVisible();
    const publicLinks = sidebar(page).getByRole('group', { name: 'Public Pages' }).getByRole('link');
    await expect(publicLinks).toHaveText(['Home', 'Products', 'Blog', 'About', 'Contact']);
    expect(await publicLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['/', '/products', '/blog', '/about', '/contact']);
    const adminLinks = sidebar(page).getByRole('group', { name: 'Admin' }).getByRole('link');
    await expect(adminLinks).toHaveText(['Overview', 'Add Products', 'Products', 'Manage', 'Categories', 'Analytics', 'Blog', 'Authors', 'Pinterest', 'Hero Image']);
    await expect(sidebar(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // Every link has its icon.
    expect(await sidebar(page).getByRole('link').evaluateAll((links) => links.every((link) => link.querySelector('svg')))).toBe(true);
    // The header: the signed-in user with the role badge, and Sign Out.
    await expect(page.getByRole('banner').getByText('admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    // The overview's figures still load.
    await expect(page.getByText('Blog posts')).toBeVisible();
  });

  test('Ctrl+B and Cmd+B toggle the sidebar; the cookie keeps it collapsed from the first paint after a reload', async ({ page, context }) => {
    // Records the sidebar's width the moment it enters the document, and the <html> mark before any module runs.
    await page.addInitScript(() => {
      const record = window as unknown as { firstSidebarWidth?: number; markAtDomReady?: string | null };
      document.addEventListener('DOMContentLoaded', () => {
        record.markAtDomReady = document.documentElement.getAttribute('data-admin-sidebar');
      });
      new MutationObserver((_, observer) => {
        const aside = document.querySelector('aside.admin-sidebar');
        if (!aside) return;
        record.firstSidebarWidth = aside.getBoundingClientRect().width;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/dashboard/overview');
    await expect(sidebar(page)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { firstSidebarWidth: number }).firstSidebarWidth)).toBe(256);
    await expect(sidebar(page).getByText('Admin Panel')).toBeVisible();

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    await expect(page.getByRole('button', { name: 'Toggle Sidebar' })).toHaveAttribute('aria-expanded', 'false');
    // Labels only when expanded: the link keeps its name for assistive technology, but the text is not drawn.
    await expect(sidebar(page).getByRole('link', { name: 'Overview' })).toBeVisible();
    expect(await sidebar(page).getByText('Admin Panel').evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);

    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload();
    await expect(sidebar(page)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { markAtDomReady: string | null }).markAtDomReady)).toBe('collapsed');
    expect(await page.evaluate(() => (window as unknown as { firstSidebarWidth: number }).firstSidebarWidth)).toBe(48);

    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebarWidth(page)).toBe(256);
    expect((await context.cookies()).find((candidate) => candidate.name === 'sidebar_state')?.value).toBe('true');
  });

  test('a collapsed icon shows its label as a tooltip', async ({ page }) => {
    await page.goto('/dashboard/overview');
    await expect(sidebar(page)).toBeVisible();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    await sidebar(page).getByRole('link', { name: 'Categories' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Categories' })).toBeVisible();
  });

  test('every section URL opens as a deep link and on reload', async ({ page }) => {
    for (const { path, label, title } of sections) {
      await page.goto(path);
      await expect(sectionHeading(page, label), path).toBeVisible();
      await expect(page).toHaveTitle(title ?? `${label} | Admin Panel | Repwell`);
      await page.reload();
      await expect(sectionHeading(page, label), `${path} after a reload`).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  test('/dashboard sends an admin on to the overview', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(sectionHeading(page, 'Overview')).toBeVisible();
  });

  test('moving between sections is one app: no new document and no second access check', async ({ page }) => {
    await page.goto('/dashboard/overview');
    await expect(sectionHeading(page, 'Overview')).toBeVisible();
    await page.evaluate(() => {
      const record = window as unknown as { sameDocument: boolean; sawVerifying: boolean };
      record.sameDocument = true;
      record.sawVerifying = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Verifying access...')) record.sawVerifying = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    for (const { label, path } of [
      { label: 'Categories', path: '/dashboard/categories' },
      { label: 'Hero Image', path: '/dashboard/hero-image' },
      { label: 'Add Products', path: '/dashboard/add-link' },
      { label: 'Overview', path: '/dashboard/overview' },
    ]) {
      await sidebar(page).getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(sectionHeading(page, label)).toBeVisible();
      await expect(sidebar(page).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/add-link$/);
    await expect(sectionHeading(page, 'Add Products')).toBeVisible();
    await page.goBack();
    await expect(sectionHeading(page, 'Hero Image')).toBeVisible();

    const after = await page.evaluate(() => ({
      sameDocument: (window as unknown as { sameDocument?: boolean }).sameDocument,
      sawVerifying: (window as unknown as { sawVerifying?: boolean }).sawVerifying,
      documents: performance.getEntriesByType('navigation').length,
    }));
    expect(after).toEqual({ sameDocument: true, sawVerifying: false, documents: 1 });
    await expect(page).toHaveTitle('Hero Image | Admin Panel | Repwell');
  });

  test('the hero manager saves a colour from the hex field, with a live preview and a rebuild request', async ({ page }) => {
    const original = await (await page.request.get('/api/admin/settings/hero')).json();
    try {
      await page.goto('/dashboard/hero-image');
      await expect(sectionHeading(page, 'Hero Image')).toBeVisible();
      const preview = page.getByRole('region', { name: 'Preview of the home page hero' });
      await expect(preview).toHaveAttribute('data-hero-mode', 'image');

      await page.getByRole('radio', { name: 'Colour' }).check();
      const hex = page.getByRole('textbox', { name: 'Hex colour' });
      await hex.fill('#12');
      await page.getByRole('button', { name: 'Save hero image' }).click();
      await expect(page.getByText('Enter the colour as #rrggbb, for example #1e5553.')).toBeVisible();
      await expect(hex).toHaveAttribute('aria-invalid', 'true');

      await hex.fill('#2A4D8F');
      await expect(preview).toHaveAttribute('data-hero-mode', 'color');
      await expect(preview).toHaveCSS('background-color', 'rgb(42, 77, 143)');
      await expect(page.getByLabel('Colour picker')).toHaveValue('#2a4d8f');
      await page.getByRole('button', { name: 'Save hero image' }).click();
      await expect(page.getByText('Hero image saved')).toBeVisible();

      const saved = await (await page.request.get('/api/admin/settings/hero')).json();
      expect(saved.hero).toEqual({ type: 'color', color: '#2a4d8f' });
      // The save requested a rebuild, which the e2e server's queue takes up in the background.
      const overview = await (await page.request.get('/api/admin/overview')).json();
      const request = overview.builds.builds.find((build: { reason: string }) => build.reason === 'hero image changed');
      expect(['queued', 'building', 'succeeded']).toContain(request?.status);
    } finally {
      const restore = original.hero.type === 'none' ? { type: 'none' } : original.hero;
      expect((await page.request.put('/api/admin/settings/hero', { data: restore })).status()).toBe(200);
    }
  });

  test('the hero manager asks for alt text with an image URL', async ({ page }) => {
    await page.goto('/dashboard/hero-image');
    await page.getByRole('radio', { name: 'Image URL' }).check();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('https://cdn.example.com/gym.jpg');
    await page.getByRole('textbox', { name: 'Alt text' }).fill('');
    await page.getByRole('button', { name: 'Save hero image' }).click();
    await expect(page.getByText('Describe the image for people who cannot see it (alt text).')).toBeVisible();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('javascript:alert(1)');
    await expect(page.getByText('The image URL must start with http://, https:// or / (a page of this site).')).toBeVisible();
  });

  test('the frame and the hero manager have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/dashboard/overview');
    await expect(page.getByText('Blog posts')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(48);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();

    await sidebar(page).getByRole('link', { name: 'Hero Image' }).click();
    await expect(page.getByRole('button', { name: 'Save hero image' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Colour' }).check();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('as an admin on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('the sidebar is an 18rem sheet opened from the header', async ({ page }) => {
    await page.goto('/dashboard/overview');
    await expect(sectionHeading(page, 'Overview')).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Admin Panel' });
    await expect(sheet).toBeVisible();
    await expect.poll(() => sheet.evaluate((element) => element.getBoundingClientRect().width)).toBe(288);
    await expect(sheet.getByRole('link', { name: 'Pinterest' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await sheet.getByRole('link', { name: 'Hero Image' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/hero-image$/);
    await expect(sectionHeading(page, 'Hero Image')).toBeVisible();
  });
});

test('a plain user gets Access Denied on every admin page, with no admin frame', async ({ page }) => {
  await signIn(page, e2eAccounts.user);
  for (const path of ['/dashboard/hero-image', '/add-product']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByText('Current role: user')).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
  }
});

test('a visitor is sent to /auth, replacing the admin page in history', async ({ page }) => {
  await page.goto('/dashboard/hero-image');
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
});
