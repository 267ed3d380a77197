import type { Page } from '@playwright/test';
import { e2eAccounts, signUp } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/** Links to posts, not to the blog's category pages. */
const postLinks = 'a[href^="/blog/"]:not([href^="/blog/category"])';

/**
 * Clicks a button of an island, scrolled into view first. A signed-in reader's island hydrates when seen, and the
 * click waits for that; a visitor's hydrates on this very press, which the early-click script holds until the island
 * is ready (src/directives/interaction.ts).
 */
async function clickIslandButton(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).scrollIntoViewIfNeeded();
  const signedIn = await page.evaluate(() => document.documentElement.dataset.auth === 'signed-in');
  // The product page's Share and Save hydrate the same way without an Astro island (product-actions-loader.ts).
  const island = signedIn ? 'astro-island:not([ssr]), [data-product-actions]:not([data-await-script])' : 'astro-island, [data-product-actions]';
  await page.locator(island).getByRole('button', { name, exact: true }).click();
}

let counter = 0;
const freshEmail = () => `e2e-${Date.now()}-${++counter}@example.com`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  // The Enter key in the password field submits (spec section 2, Sign-in).
  await page.getByLabel('Password').press('Enter');
}

test('sign up, sign out and sign in again', async ({ page }) => {
  const email = freshEmail();
  await signUp(page, email);
  await expect(page.getByRole('heading', { name: `Welcome, ${email.split('@')[0]}` })).toBeVisible();
  // Its toast opens below the header, not over Sign Out: a toast under the pointer stays while it is there.
  const toast = page.getByRole('listitem').filter({ hasText: 'Account created' });
  // Hovered, it stays while it is measured, however slow the machine (sonner pauses a hovered toast).
  await toast.hover();
  const headerBottom = await page.locator('[data-toasts-below]').evaluate((header) => header.getBoundingClientRect().bottom);
  await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
  // The header shows the signed-in links and the account bar with the role badge.
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Wishlist' })).toBeVisible();
  await expect(page.getByText('Welcome,', { exact: false }).first()).toBeVisible();

  // The Sign Out buttons are wired by the header's module script; wait until it has checked the session.
  await page.locator('html[data-auth-checked="true"]').waitFor({ state: 'attached' });
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await signIn(page, email, 'a long password');
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText(`You have been signed in as ${email}.`)).toBeVisible();
});

test('signing out on a guarded page goes home; a sign-out that fails there goes to /auth', async ({ page }) => {
  const signOutOnWishlist = async () => {
    await page.goto('/wishlist');
    await page.locator('html[data-auth-checked="true"]').waitFor({ state: 'attached' });
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();
  };
  // The guard sends a signed-out visitor to /auth, and signing out signs this page's visitor out: the sign-out's own
  // destination must win, whichever React runs first.
  await signIn(page, e2eAccounts.user.email, e2eAccounts.user.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await signOutOnWishlist();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Signed out successfully')).toBeVisible();

  // A failed sign-out still forgets the user on this page (spec section 4), so the guard sends it to /auth.
  await signIn(page, e2eAccounts.user.email, e2eAccounts.user.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.route('**/api/auth/sign-out', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { title: 'Server error', description: 'Try again.' } }) }),
  );
  await signOutOnWishlist();
  await expect(page).toHaveURL(/\/auth\/?$/);
});

test('signing in goes to the dashboard once, and Back from there returns to the page before /auth', async ({ page }) => {
  await page.goto('/about');
  const dashboardLoads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname.startsWith('/dashboard')) dashboardLoads.push(request.url());
  });
  await signIn(page, e2eAccounts.user.email, e2eAccounts.user.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // One navigation: a second one to the same place cancels the first mid-flight.
  expect(dashboardLoads).toHaveLength(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/about\/?$/);
});

test('sign-in explains missing fields and wrong passwords', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter email and password')).toBeVisible();
  await signIn(page, e2eAccounts.user.email, 'not the password');
  await expect(page.getByText('Authentication failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/?$/);
});

test('a signed-in visitor opening /auth goes to /dashboard', async ({ page }) => {
  await signIn(page, e2eAccounts.user.email, e2eAccounts.user.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard\/?$/);
});

test('a visitor opening /wishlist lands on /auth', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/auth\/?$/);
  // replace, not push: going back does not return to the guarded page
  expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
});

test('a visitor who presses Save is asked to sign in and nothing is saved', async ({ page }) => {
  await page.goto('/products');
  const href = await page.getByRole('main').locator('a[href^="/product/"]').first().getAttribute('href');
  await page.goto(href!);
  await clickIslandButton(page, 'Save');
  await expect(page.getByText('Please log in to add items to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test('a signed-in reader sees Saved on a listing card without touching it, and unsaves it there', async ({ page }) => {
  await signUp(page, freshEmail());
  await page.goto('/products');
  const card = page.getByRole('main').locator('article').first();
  const href = (await card.locator('a[href^="/product/"]').first().getAttribute('href'))!;
  await page.goto(href);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await clickIslandButton(page, 'Save');
  await expect(page.getByText('Item has been added to your wishlist.')).toBeVisible();

  // The card's button is static HTML (product-card-html.ts); for a signed-in reader it hydrates when seen, so the card
  // is scrolled to (the first row sits below the catalogue's controls) but not touched.
  await page.goto('/products');
  await page.getByRole('main').getByRole('link', { name, exact: true }).scrollIntoViewIfNeeded();
  const saved = page.getByRole('button', { name: `Saved: ${name}`, exact: true });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await saved.click();
  await expect(page.getByText('Item has been removed from your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Save: ${name}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: `Save: ${name}`, exact: true })).toBeVisible();
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name })).toBeHidden();
});

test('save and unsave a product, then remove it on /wishlist', async ({ page }) => {
  await signUp(page, freshEmail());
  await page.goto('/products');
  const link = page.getByRole('main').locator('a[href^="/product/"]').first();
  const href = (await link.getAttribute('href'))!;
  await page.goto(href);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  await clickIslandButton(page, 'Save');
  await expect(page.getByText('Item has been added to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Saved', exact: true }).click();
  await expect(page.getByText('Item has been removed from your wishlist.')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Product' })).toHaveAttribute('href', href.replace(/\/$/, ''));
  await page.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});

test('bookmark a post and remove it on /bookmarks', async ({ page }) => {
  await signUp(page, freshEmail());
  await page.goto('/blog');
  const href = (await page.getByRole('main').locator(postLinks).first().getAttribute('href'))!;
  await page.goto(href);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await clickIslandButton(page, 'Bookmark');
  await expect(page.getByText('Bookmarked', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/bookmarks');
  await expect(page.getByRole('heading', { name: 'My Bookmarks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read Post' })).toBeVisible();
  await page.getByRole('button', { name: `Remove bookmark for ${title}` }).click();
  await expect(page.getByText('No bookmarks yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Blog' })).toHaveAttribute('href', '/blog');
});

test('a plain user sees Access Denied on admin pages', async ({ page }) => {
  await signIn(page, e2eAccounts.user.email, e2eAccounts.user.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/dashboard/overview');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByText('Current role: user')).toBeVisible();
  await page.goto('/add-product');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('an admin passes the guard and lands on the overview', async ({ page }) => {
  await signIn(page, e2eAccounts.admin.email, e2eAccounts.admin.password);
  await expect(page).toHaveURL(/\/dashboard\/overview\/?$/);
  await expect(page.getByText('Admin Panel').first()).toBeVisible();
  await expect(page.getByText('Products', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});
