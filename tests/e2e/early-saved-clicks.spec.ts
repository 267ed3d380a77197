/**
 * Clicks made before the page's scripts have run, on controls whose answer depends on data the page loads later:
 * - Save (wishlist) and Bookmark, signed in: the click is replayed once the island hydrates, often before the
 *   person's saved ids have loaded; it must be carried out as what the person saw (Save: add), answering 'Added',
 *   never 'Already in wishlist' (a Save replayed on an item already saved was sent as an add and answered 409);
 * - a buy link on a product card, before the card's (and every other) module script has loaded: the inline click
 *   script still gives it a click id and sends the beacon, and the click is stored.
 * Scripts are held as in early-clicks.spec.ts: every /_astro/*.js waits until the click has been made, with the CPU
 * slowed 4x.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { isClickId } from '../../src/domain/revenue/click-id.ts';
import { fakeRetailers, follow, storedClick } from './click-helpers.ts';
import { expect, test } from './fixtures.ts';
import { holdScripts, slowCpu } from './script-timing.ts';

const LONG = { timeout: 60_000 };
const POST = '/blog/beginner-home-gym-setup';

/** A new account of its own (nothing saved yet), signed in through the API as the form does. */
async function signUpInto(context: BrowserContext, browser: Browser, baseURL: string): Promise<void> {
  const api = await browser.newContext({ baseURL });
  const email = `early-save-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await api.request.post('/api/auth/sign-up', { data: { email, password: 'early save password 123' }, headers: { origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: unknown };
  await context.addCookies(await api.cookies());
  await api.close();
  await context.addInitScript((known) => {
    localStorage.setItem('repwell-user', JSON.stringify(known));
    localStorage.setItem('cookie-consent', 'accepted');
  }, user);
}

async function firstProductPath(page: Page): Promise<string> {
  const response = await page.request.get('/products');
  const href = /href="(\/product\/[^"]+)"/.exec(await response.text())?.[1];
  if (!href) throw new Error('The catalogue lists no product.');
  return href;
}

test.describe('a Save or Bookmark click replayed before the saved ids load', () => {
  test.setTimeout(150_000);

  test('Save adds a new item and says so, never "Already in wishlist"', async ({ page, browser, baseURL }) => {
    await signUpInto(page.context(), browser, baseURL!);
    const path = await firstProductPath(page);
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByText('Item has been added to your wishlist.').first()).toBeVisible(LONG);
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true', LONG);
    await expect(page.getByText('This item is already in your wishlist.')).toHaveCount(0);
    const wishlist = (await (await page.request.get('/api/wishlist')).json()) as { items: { product: { slug: string } }[] };
    expect(wishlist.items.map((item) => `/product/${item.product.slug}`)).toEqual([path]);
  });

  test('Save on an item already saved, clicked early: it stays saved, and the answer is not "Already in wishlist"', async ({ page, browser, baseURL }) => {
    await signUpInto(page.context(), browser, baseURL!);
    const path = await firstProductPath(page);
    const slug = path.slice('/product/'.length);
    const database = new Database({ url: process.env.DATABASE_URL! });
    const productId = (await database.run((db) => db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).get()))!.id;
    database.close();
    const origin = new URL(baseURL!).origin;
    expect((await page.request.post('/api/wishlist', { data: { productId }, headers: { origin } })).status()).toBe(201);
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByText('Item has been added to your wishlist.').first()).toBeVisible(LONG);
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true', LONG);
    await expect(page.getByText('This item is already in your wishlist.')).toHaveCount(0);
    const wishlist = (await (await page.request.get('/api/wishlist')).json()) as { items: unknown[] };
    expect(wishlist.items).toHaveLength(1);
  });

  test('a replayed click and a real one landing together save once, never "Already in wishlist"', async ({ page, browser, baseURL }) => {
    await signUpInto(page.context(), browser, baseURL!);
    const path = await firstProductPath(page);
    await page.goto(path);
    await page.getByRole('button', { name: 'Save', exact: true }).scrollIntoViewIfNeeded();
    // Hydrated: its container no longer waits for its script (product-actions-loader.ts).
    const save = page.locator('[data-product-actions]:not([data-await-script])').getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeVisible(LONG);
    // Two clicks in one task, as the early-click replay and the person's own click do: the button has not re-rendered
    // as busy (disabled) between them.
    await save.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByText('Item has been added to your wishlist.').first()).toBeVisible(LONG);
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible(LONG);
    const wishlist = (await (await page.request.get('/api/wishlist')).json()) as { items: unknown[] };
    expect(wishlist.items).toHaveLength(1);
    await expect(page.getByText('This item is already in your wishlist.')).toHaveCount(0);
  });

  test('Bookmark adds a new post and says so, never "Already bookmarked"', async ({ page, browser, baseURL }) => {
    await signUpInto(page.context(), browser, baseURL!);
    await slowCpu(page);
    const release = await holdScripts(page);
    await page.goto(POST, { waitUntil: 'commit' });
    const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByText('Post has been added to your bookmarks.').first()).toBeVisible(LONG);
    await expect(page.getByRole('button', { name: 'Bookmarked', exact: true })).toBeVisible(LONG);
    await expect(page.getByText('This post is already in your bookmarks.')).toHaveCount(0);
    const bookmarks = (await (await page.request.get('/api/bookmarks')).json()) as { items: unknown[] };
    expect(bookmarks.items).toHaveLength(1);
  });
});

test.describe('a buy-link click on a product card before the card script loads', () => {
  let database: Database;
  test.beforeAll(() => {
    database = new Database({ url: process.env.DATABASE_URL! });
  });
  test.afterAll(() => database.close());
  test.beforeEach(async ({ context }) => fakeRetailers(context));

  test('still gets a click id and sends its beacon, and the click is stored', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
    const release = await holdScripts(page);
    await page.goto('/products', { waitUntil: 'commit' });
    const card = page.locator('article a[data-track-click][href*="campid="]').first();
    await expect(card).toBeVisible();
    // No module script has run: the page is still parsing its deferred scripts.
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    const productId = Number(await card.getAttribute('data-track-click'));
    const { url, body } = await follow(page, card);
    release();
    const clickId = url.searchParams.get('customid');
    expect(isClickId(clickId)).toBe(true);
    expect(body).toMatchObject({ productId, event: 'click', clickId, pagePath: '/products', network: 'ebay' });
    expect(await storedClick(database, clickId!)).toMatchObject({ productId, pagePath: '/products' });
  });
});
