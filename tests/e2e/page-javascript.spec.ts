/**
 * JavaScript budgets (ARCHITECTURE section 9): a page whose only interactive parts are the header, the cookie banner
 * and the account links ships at most 30 KB of JavaScript, gzip, and loads no React unless someone reaches for an
 * island. Checked twice: on the built files, as the bench weighs them (scripts/bench/javascript-budgets.ts), and in
 * Chromium, counting every script the page really fetches while it loads and settles, at desktop and phone widths.
 * The editorial pages add none: a roundup's comparison table and a product page's verdict are static HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request, Response } from '@playwright/test';
import { CATALOGUE_BUDGET_KB, publicTemplates, shippedKb, STATIC_PAGE_BUDGET_KB } from '../../scripts/bench/javascript-budgets.ts';
import { inlineScripts } from '../../scripts/bench/page-javascript.ts';
import { expect, test } from './fixtures.ts';

const STATIC_PAGES = ['/about', '/guides', '/guides/recovery-routines', '/privacy-policy', '/blog', '/contact', '/this/does/not/exist'];
/** Only react-dom's client carries this name: the 62.7 KB that must not load with these pages. */
const REACT_DOM_MARKER = '__REACT_DEVTOOLS_GLOBAL_HOOK__';

test('every static template of the build ships at most 30 KB of JavaScript, gzip', () => {
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error('E2E_SITE_DIR is not set: global-setup.ts did not run.');
  const budgeted = publicTemplates(site).filter((template) => template.budgetKb === STATIC_PAGE_BUDGET_KB);
  expect(budgeted.map((template) => template.file)).toEqual(expect.arrayContaining(['about.html', '404.html', 'blog.html', 'contact.html']));
  for (const template of budgeted) {
    expect.soft(shippedKb(site, template.file), template.file).toBeLessThanOrEqual(STATIC_PAGE_BUDGET_KB);
  }
});

/**
 * A script the page fetched, read from the build folder the server serves it from: the same bytes, without asking the
 * browser for a body it may already have dropped (on a loaded machine Chromium answered "No resource with given
 * identifier" for a script it had run).
 */
function scriptBody(response: Response): Promise<Buffer> {
  const url = new URL(response.url());
  const site = process.env.E2E_SITE_DIR;
  if (!site || url.origin !== new URL(process.env.E2E_BASE_URL!).origin) return response.body();
  return Promise.resolve(readFileSync(join(site, decodeURIComponent(url.pathname))));
}

/** Text only React Query carries (its missing-provider error), and only Radix's dialogs and popovers (DismissableLayer). */
const REACT_QUERY_MARKER = 'No QueryClient set';
const RADIX_LAYER_MARKER = 'dismissableLayer';

/** Gzip bytes of every script the page fetched and of its inline scripts, whether React came with them, every body and URL path. */
async function loadedJavaScript(page: Page, path: string): Promise<{ gzipKb: number; react: string[]; bodies: Buffer[]; paths: string[] }> {
  const bodies = new Map<string, Promise<Buffer>>();
  // Only what this page asks for. The previous page leaves first: an island it hydrates after its load event (the
  // catalogue's, on a loaded machine) would otherwise ask for React after the listeners below are in, and count here.
  await page.goto('about:blank');
  // A script the previous page requested may answer after the navigation, and its body is gone with that page; and a
  // later call on the same page is not counted here.
  const asked = new Set<Request>();
  const onRequest = (request: Request) => asked.add(request);
  const onResponse = (response: Response) => {
    if (asked.has(response.request()) && response.request().resourceType() === 'script' && response.ok()) bodies.set(response.url(), scriptBody(response));
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Anything loaded when the browser is idle (an island on idle, a prefetch) has been asked for by now.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
  let bytes = gzipSync(Buffer.from(inlineScripts(await page.content()).join('\n')), { level: 9 }).length;
  const react: string[] = [];
  const contents: Buffer[] = [];
  for (const [url, body] of bodies) {
    const content = await body;
    contents.push(content);
    bytes += gzipSync(content, { level: 9 }).length;
    if (content.includes(REACT_DOM_MARKER)) react.push(new URL(url).pathname);
  }
  return { gzipKb: bytes / 1024, react, bodies: contents, paths: [...bodies.keys()].map((url) => new URL(url).pathname).sort() };
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`static pages load at most 30 KB of JavaScript and no React (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of STATIC_PAGES) {
      const loaded = await loadedJavaScript(page, path);
      expect.soft(loaded.react, `${path} loaded React`).toEqual([]);
      expect.soft(loaded.gzipKb, `${path}: KB of JavaScript, gzip`).toBeLessThanOrEqual(STATIC_PAGE_BUDGET_KB);
    }
  });
}

test('a product page loads React only when someone reaches for Share or Save', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  await page.goto('/products');
  const href = await page.locator('a[href^="/product/"]').first().getAttribute('href');
  const loaded = await loadedJavaScript(page, href!);
  expect(loaded.react).toEqual([]);
  expect(loaded.gzipKb).toBeLessThanOrEqual(80);

  const reactLoaded = page.waitForResponse(async (response) => response.request().resourceType() === 'script' && (await scriptBody(response)).includes(REACT_DOM_MARKER));
  await page.getByRole('button', { name: 'Share' }).click();
  await reactLoaded;
  await expect(page.getByRole('menuitem', { name: 'Facebook' })).toBeVisible();
});

test('a roundup with its comparison table, and a product page with a verdict, load no script their plain templates do not', async ({ page }) => {
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error('E2E_SITE_DIR is not set: global-setup.ts did not run.');
  // The pages the bench weighs (javascript-budgets.ts): the demo's roundups compare their picks in a table.
  const templates = publicTemplates(site);
  const pathOf = (name: (templateName: string) => boolean) => {
    const template = templates.find((each) => name(each.name));
    expect(template, 'a built page of the template').toBeDefined();
    return `/${template!.file.replace(/\.html$/, '')}`;
  };
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  const pairs = [
    [pathOf((name) => name.startsWith('a blog post (no products')), pathOf((name) => name.startsWith('a roundup (comparison table'))],
    [pathOf((name) => name === 'a product page'), pathOf((name) => name === 'a product page with a verdict')],
  ];
  for (const [plain, editorial] of pairs) {
    const before = await loadedJavaScript(page, plain!);
    const after = await loadedJavaScript(page, editorial!);
    expect.soft(after.paths, `${editorial} against ${plain}`).toEqual(before.paths);
    expect.soft(after.gzipKb, `${editorial}: KB of JavaScript, gzip, against ${plain}`).toBeLessThanOrEqual(before.gzipKb);
  }
});

test('the catalogue ships at most 100 KB of JavaScript; Save, the quiz and the drawers load their libraries when reached for', async ({ page }) => {
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error('E2E_SITE_DIR is not set: global-setup.ts did not run.');
  // As the bench weighs it (javascript-budgets.ts). The browser also fetches the head's classic script
  // (/_head/early.*.js, about 4.4 KB on every page), which that measure leaves out.
  for (const file of ['products.html', 'products/top-picks.html']) expect.soft(shippedKb(site, file), file).toBeLessThanOrEqual(CATALOGUE_BUDGET_KB);

  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  await page.setViewportSize({ width: 390, height: 844 });
  const loaded = await loadedJavaScript(page, '/products');
  expect(loaded.bodies.some((body) => body.includes(REACT_QUERY_MARKER))).toBe(false);
  expect(loaded.bodies.some((body) => body.includes(RADIX_LAYER_MARKER))).toBe(false);

  const radixLoaded = page.waitForResponse(async (response) => response.request().resourceType() === 'script' && (await scriptBody(response)).includes(RADIX_LAYER_MARKER));
  await page.getByRole('button', { name: 'Filters' }).click();
  await radixLoaded;
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});

/** Only the island's card parts carry it (the Top Picks carousel's slides): the code that draws cards in the island. */
const CARD_PARTS_MARKER = 'aria-roledescription';

test("a catalogue list hydrates without the island's card code and loads it to compute a view; Top Picks brings it with the page", async ({ page }) => {
  const site = process.env.E2E_SITE_DIR;
  if (!site) throw new Error('E2E_SITE_DIR is not set: global-setup.ts did not run.');
  // A category's page shows its Trending strip as static HTML, as /products shows its grid: the same budget holds.
  const category = readdirSync(join(site, 'products/category')).find((file) => file.endsWith('.html'));
  expect(category).toBeDefined();
  expect.soft(shippedKb(site, `products/category/${category}`), category).toBeLessThanOrEqual(CATALOGUE_BUDGET_KB);

  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  await page.setViewportSize({ width: 1280, height: 900 });
  const list = await loadedJavaScript(page, `/products/category/${category!.replace(/\.html$/, '')}`);
  expect(list.bodies.some((body) => body.includes(CARD_PARTS_MARKER))).toBe(false);
  await expect(page.getByRole('heading', { name: /^Trending .+ Products$/ })).toBeVisible();

  // Another sort is a view the island computes: its cards are drawn once the card code has come with the data code.
  const cardCode = page.waitForResponse(async (response) => response.request().resourceType() === 'script' && (await scriptBody(response)).includes(CARD_PARTS_MARKER));
  await page.locator('aside[aria-label="Filters"]').getByLabel('Sort By').selectOption('price-low');
  await cardCode;
  await expect(page.locator('[data-catalogue-query]')).toHaveAttribute('data-catalogue-query', /sort=price-low/);
  await expect(page.locator('[data-catalogue-results] article h3').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Trending .+ Products$/ })).toBeVisible();

  const topPicks = await loadedJavaScript(page, '/products/top-picks');
  expect(topPicks.bodies.some((body) => body.includes(CARD_PARTS_MARKER))).toBe(true);
  // The carousels hydrate with the island, with no other script to wait for.
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="CatalogueApp"]:not([ssr])') !== null);
  const carousel = page.getByRole('region', { name: 'Highest Rated' });
  await carousel.getByRole('button', { name: 'Next Highest Rated' }).click();
  await expect(carousel.getByRole('button', { name: /^Page 2 of / })).toHaveAttribute('aria-current', 'true');
});
