/**
 * A page built by one deploy keeps working after the next (ARCHITECTURE sections 9 and 13): code a page loads late
 * (an island hydrated on first interaction or when the browser is idle) may be gone by then. The header's menus load nothing late:
 * their module scripts come with the page.
 * The page reloads once, where the shopper was, and the control then works; when the code stays missing, the page
 * reloads only once and reads as it does without JavaScript (src/lib/chunk-recovery.ts).
 */
import { countLoads, goneAfterDeploy } from './deploy-chunks.ts';
import { expect, test } from './fixtures.ts';

const DESKTOP = { width: 1280, height: 800 };
const LONG = { timeout: 30_000 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
});

test.describe('after a deploy', () => {
  test('an island hydrated on first interaction reloads the page once, at the same place, and then works', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const loads = countLoads(page);
    const asked = await goneAfterDeploy(page, 'SaveButton', loads, 'reload');
    await page.goto('/');
    // The cards' Save islands hydrate only when a visitor reaches for one (src/directives/interaction.ts).
    await page.waitForLoadState('networkidle');
    expect(asked()).toBe(0);

    const save = page.getByRole('button', { name: /^Save: / }).last();
    await save.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await save.click();
    await expect.poll(() => loads.count, LONG).toBe(2);
    await page.waitForLoadState('load');

    // The browser puts the reloaded page back where it was; the island now hydrates when pressed. The load state seen
    // just after the reload's request may still be the old document's, so a read that the navigation cuts off is
    // read again.
    await expect.poll(() => page.evaluate(() => scrollY).catch(() => Number.NaN)).toBe(scrolled);
    await save.click();
    await expect(page.getByText('Please log in to add items to your wishlist.').first()).toBeVisible(LONG);
    expect(loads.count).toBe(2);
  });
});

test.describe('when the code stays missing', () => {
  test('an island reloads the page only once, then its menus give way to the links they hold', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const loads = countLoads(page);
    await goneAfterDeploy(page, 'ContactForm', loads, 'never');
    await page.goto('/contact');

    // The contact form hydrates when the reader reaches for it, fails and reloads; reached for again, it fails again
    // and gives up.
    const firstName = page.getByRole('textbox', { name: 'First Name', exact: true });
    await firstName.focus();
    await expect.poll(() => loads.count, LONG).toBe(2);
    await page.waitForLoadState('load');
    await firstName.focus();
    await expect(page.locator('html')).toHaveAttribute('data-code-missing', '', LONG);
    expect(loads.count).toBe(2);
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('button', { name: 'Guides' })).toBeHidden();
    await expect(main.getByRole('link', { name: 'Products' })).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await expect(sections.getByRole('link', { name: 'Blog' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Recovery Routines' })).toBeVisible();

    await page.waitForLoadState('networkidle');
    expect(loads.count).toBe(2);
    await sections.getByRole('link', { name: 'Recovery Routines' }).click();
    await expect(page).toHaveURL(/\/guides\/recovery-routines$/);
  });
});
