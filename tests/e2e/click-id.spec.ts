/**
 * Click ids on buy links (issue 14, points 1 and 8): following a buy link on a product page and on a product card
 * puts a fresh click id into the outbound URL's sub-id parameter (the demo's eBay links are eBay Partner Network
 * links: `customid`), and the same id is stored in `clicks` with the product and the page path. An Amazon link gets
 * no sub-id. Without JavaScript the plain link is followed. The retailer is never reached: every retailer host is
 * answered by the test (context.route).
 */
import type { Page } from '@playwright/test';
import { Database } from '../../db/client.ts';
import type { Product } from '../../db/schema.ts';
import { isClickId } from '../../src/domain/revenue/click-id.ts';
import { chromiumArgs, findChromium } from './chromium.ts';
import { fakeRetailers, follow, retailerProducts, storedClick } from './click-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A browser's User-Agent, unique to this run, so an earlier run's repeat window cannot swallow its clicks. */
const CHROME_UA = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${Date.now() % 100000}.1 Safari/537.36`;
test.use({ userAgent: CHROME_UA });
// A Ctrl or middle click opens a tab only in the whole browser: the headless shell the other specs run in has no tabs.
test.use({ launchOptions: { executablePath: findChromium(), args: chromiumArgs } });

let database: Database;
test.beforeAll(() => {
  database = new Database({ url: process.env.DATABASE_URL! });
});
test.afterAll(() => database.close());

/** The retailer's product with the lowest id. */
async function firstProduct(source: 'ebay' | 'amazon'): Promise<Product> {
  return (await retailerProducts(database, source)).reduce((first, product) => (product.id < first.id ? product : first));
}

test.describe('a buy link carries a fresh click id', () => {
  test.beforeEach(async ({ context }) => fakeRetailers(context));

  test('on a product page: the outbound URL has it in the network sub-id slot, and the click is stored with it', async ({ page }) => {
    const product = await firstProduct('ebay');
    await page.goto(`/product/${product.slug}`);
    const buy = page.locator(`a[data-track-click="${product.id}"]`).first();
    const plain = (await buy.getAttribute('href'))!;
    expect(plain).toBe(product.affiliateUrl);

    const { url, body } = await follow(page, buy);
    const clickId = url.searchParams.get('customid')!;
    expect(isClickId(clickId)).toBe(true);
    // The rest of the tagged link is untouched.
    url.searchParams.delete('customid');
    expect(url.href).toBe(new URL(plain).href);
    expect(body).toEqual({ productId: product.id, event: 'click', clickId, pagePath: `/product/${product.slug}`, network: 'ebay' });
    expect(await storedClick(database, clickId)).toMatchObject({ clickId, productId: product.id, pagePath: `/product/${product.slug}`, network: 'ebay' });

    // The link shows its plain address again, and the next click gets a new id in place of the old one, not beside it.
    await expect(buy).toHaveAttribute('href', plain);
    const again = await follow(page, buy);
    expect(again.url.searchParams.getAll('customid')).toHaveLength(1);
    expect(again.url.searchParams.get('customid')).not.toBe(clickId);
    expect(isClickId(again.url.searchParams.get('customid'))).toBe(true);
  });

  test('with Ctrl, a middle click and Enter too', async ({ page }) => {
    const product = await firstProduct('ebay');
    await page.goto(`/product/${product.slug}`);
    const buy = page.locator(`a[data-track-click="${product.id}"]`).first();
    const ids = new Set<string>();
    for (const [name, how] of [
      ['Ctrl or Cmd click', (link: ReturnType<Page['locator']>) => link.click({ modifiers: ['ControlOrMeta'] })],
      ['middle click', (link: ReturnType<Page['locator']>) => link.click({ button: 'middle' })],
      [
        'Enter',
        async (link: ReturnType<Page['locator']>) => {
          await link.focus();
          await page.keyboard.press('Enter');
        },
      ],
    ] as const) {
      const { url, body } = await test.step(name, () => follow(page, buy, how));
      const clickId = url.searchParams.get('customid');
      expect(isClickId(clickId)).toBe(true);
      expect(body.clickId).toBe(clickId);
      ids.add(clickId!);
    }
    expect(ids.size).toBe(3);
  });

  test('on a product card: the same, with the listing page as the page path', async ({ page }) => {
    await page.goto('/products');
    const card = page.locator('article a[data-track-click][href*="campid="]').first();
    await expect(card).toBeVisible();
    const productId = Number(await card.getAttribute('data-track-click'));
    const { url, body } = await follow(page, card);
    const clickId = url.searchParams.get('customid')!;
    expect(isClickId(clickId)).toBe(true);
    expect(body).toMatchObject({ productId, clickId, pagePath: '/products', network: 'ebay' });
    expect(await storedClick(database, clickId)).toMatchObject({ productId, pagePath: '/products', network: 'ebay' });
  });

  test('an Amazon link gets no sub-id; its click id is stored for the report to match', async ({ page }) => {
    const product = await firstProduct('amazon');
    await page.goto(`/product/${product.slug}`);
    const buy = page.locator(`a[data-track-click="${product.id}"]`).first();
    const plain = (await buy.getAttribute('href'))!;
    const { url, body } = await follow(page, buy);
    expect(url.href).toBe(new URL(plain).href);
    expect(isClickId(body.clickId)).toBe(true);
    expect(await storedClick(database, body.clickId)).toMatchObject({ productId: product.id, network: 'amazon' });
  });

  test('a click before any module script or island has run still gets its click id', async ({ page }) => {
    const product = await firstProduct('ebay');
    // The page's own scripts wait until the click has been made.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/product/${product.slug}`, { waitUntil: 'commit' });
    const buy = page.locator(`a[data-track-click="${product.id}"]`).first();
    await expect(buy).toBeVisible();
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    const { url } = await follow(page, buy);
    release();
    expect(isClickId(url.searchParams.get('customid'))).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain tagged link is followed', async ({ page, context }) => {
    await fakeRetailers(context);
    const product = await firstProduct('ebay');
    await page.goto(`/product/${product.slug}`);
    const buy = page.locator(`a[data-track-click="${product.id}"]`).first();
    const popup = context.waitForEvent('page');
    await buy.click();
    const opened = await popup;
    await opened.waitForURL(/^https:/, { waitUntil: 'commit' });
    expect(opened.url()).toBe(new URL(product.affiliateUrl!).href);
  });
});

test.describe('a view', () => {
  test('is sent only once the page is visible', async ({ page }) => {
    const product = await firstProduct('ebay');
    // The page starts as a background tab would: hidden, until the test shows it.
    await page.addInitScript(() => {
      let state: DocumentVisibilityState = 'hidden';
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      (window as unknown as { __show: () => void }).__show = () => {
        state = 'visible';
        document.dispatchEvent(new Event('visibilitychange'));
      };
    });
    const views: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/track') && request.postData()?.includes('"view"')) views.push(request.postData()!);
    });
    await page.goto(`/product/${product.slug}`);
    // Module scripts run before the load event, and the view script's load listener with it: one task later it
    // has had its chance to send.
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(views).toEqual([]);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/track') && request.postData()?.includes('"view"') === true);
    await page.evaluate(() => (window as unknown as { __show: () => void }).__show());
    expect(JSON.parse((await sent).postData()!)).toEqual({ productId: product.id, event: 'view' });
  });
});
