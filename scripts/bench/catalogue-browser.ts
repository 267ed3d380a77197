/**
 * Catalogue figures measured in Chromium against the local server:
 *
 * - first view: bytes transferred (compressed, as served) for the /products document and for
 *   catalogue data files while the page loads, hydrates and settles;
 * - filter and sort: the time from a URL change (pushState plus popstate, the path back and
 *   forward take too) until the island shows the answer for that query and the next frame has
 *   been painted, with the CPU slowed four times (a mid-range phone against this machine). Each
 *   combination is timed cold once (its data files not yet downloaded), then warm ten times; the
 *   budget applies to the warm median.
 */
import type { CDPSession, Page } from 'playwright-core';
import { median } from './report.ts';

export interface FirstView {
  documentBytes: number;
  dataBytes: number;
  dataFiles: number;
}

export interface FilterTiming {
  query: string;
  coldMs: number;
  warmMs: number;
}

/** Watches transferred bytes per URL through the DevTools protocol (encodedDataLength counts headers and compressed body). */
async function trackTransfers(cdp: CDPSession): Promise<Map<string, number>> {
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    if (url) bytes.set(url, (bytes.get(url) ?? 0) + event.encodedDataLength);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return bytes;
}

async function waitForIsland(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[component-url*="CatalogueApp"]:not([ssr])') !== null, undefined, {
    timeout: 30_000,
  });
}

export async function measureFirstView(page: Page, baseUrl: string): Promise<FirstView> {
  const cdp = await page.context().newCDPSession(page);
  const bytes = await trackTransfers(cdp);
  await page.goto(`${baseUrl}/products`, { waitUntil: 'networkidle' });
  await waitForIsland(page);
  // Anything the island would fetch on its own after hydrating would arrive by now.
  await page.waitForTimeout(2_000);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  let documentBytes = 0;
  let dataBytes = 0;
  let dataFiles = 0;
  for (const [url, size] of bytes) {
    const path = new URL(url).pathname;
    if (path === '/products' || path === '/products/') documentBytes += size;
    if (path.startsWith('/catalogue-data/')) {
      dataBytes += size;
      dataFiles += 1;
    }
  }
  await cdp.detach();
  return { documentBytes, dataBytes, dataFiles };
}

/** One URL change, timed inside the page. */
function timeQuery(page: Page, query: string): Promise<number> {
  return page.evaluate(async (search) => {
    const root = document.querySelector('[data-catalogue-query]');
    if (!root) throw new Error('The catalogue island is not on the page.');
    // Order-insensitive: the island writes parameters in its own canonical order.
    const normalise = (text: string) =>
      [...new URLSearchParams(text)]
        .map(([key, value]) => `${key}=${value}`)
        .sort()
        .join('&');
    const expected = normalise(search);
    const started = performance.now();
    history.pushState(null, '', search ? `/products?${search}` : '/products');
    dispatchEvent(new PopStateEvent('popstate'));
    await new Promise<void>((resolve, reject) => {
      const deadline = started + 20_000;
      const check = () => {
        const shown = root.getAttribute('data-catalogue-query');
        if (shown !== null && normalise(shown) === expected && root.getAttribute('data-catalogue-status') === 'ready') resolve();
        else if (performance.now() > deadline)
          reject(new Error(`No answer for "${search}" (showing "${shown}", ${root.getAttribute('data-catalogue-status')})`));
        else setTimeout(check, 0);
      };
      check();
    });
    // Until the frame with the answer has been painted.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, query);
}

/** Lets the previous answer finish (the rest of a long grid renders after the first paint). */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 2_000 }), 50);
      }),
  );
}

/** The slowdown the budget is set for (ARCHITECTURE section 9: filters and sorts at 10,000 products with the CPU slowed 4×). */
export const CPU_SLOWDOWN = 4;
export const WARM_RUNS = 10;

export async function measureFilters(page: Page, queries: readonly string[], warmRuns = WARM_RUNS): Promise<FilterTiming[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    return await timeEach(page, queries, warmRuns);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

async function timeEach(page: Page, queries: readonly string[], warmRuns: number): Promise<FilterTiming[]> {
  const timings: FilterTiming[] = [];
  for (const query of queries) {
    // Start from the default view each time, as a shopper on /products would.
    await timeQuery(page, '');
    await settle(page);
    const coldMs = await timeQuery(page, query);
    await settle(page);
    const warm: number[] = [];
    for (let run = 0; run < warmRuns; run++) {
      await timeQuery(page, '');
      await settle(page);
      warm.push(await timeQuery(page, query));
      await settle(page);
    }
    timings.push({ query, coldMs, warmMs: median(warm) });
  }
  return timings;
}
