/**
 * The disclosure check during the build (src/server/disclosure/render-check.ts): pages handed in as they are rendered
 * are checked in worker threads with the same rule as the check of a built folder, and the result names each
 * violating page and link. The fixture pages are those of the folder check's test (tests/fixtures/disclosure-site).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRenderedPage, finishRenderCheck, renderCheckResult, renderCheckRunning, startRenderCheck } from '../../src/server/disclosure/render-check.ts';
import { disclosureFailureMessage } from '../../src/server/disclosure/site-check.ts';

const FIXTURE_SITE = join(import.meta.dirname, '../fixtures/disclosure-site');
const WORKER = new URL('../../src/server/disclosure/render-check-worker.ts', import.meta.url);
const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/about': 'about.html',
  '/blog/bare-amazon-link': 'blog/bare-amazon-link.html',
  '/blog/unknown-network': 'blog/unknown-network.html',
  '/product/foam-roller': 'product/foam-roller.html',
};

describe('the disclosure check while rendering', () => {
  it('does nothing outside a build', () => {
    expect(renderCheckRunning()).toBe(false);
    expect(checkRenderedPage('/x', '<a href="https://www.amazon.com/dp/B0ZZZZZZZZ">x</a>')).toBe(false);
  });

  it.each([1, 2])('names every violating page and link and passes the rest (%i worker(s))', async (threads) => {
    startRenderCheck(WORKER, threads, 'https://repwell.example');
    expect(renderCheckRunning()).toBe(true);
    // Many times over: pages go to the workers in batches, and every batch must come back. As the middleware hands
    // them in (UTF-8 bytes) and as text.
    for (let round = 0; round < 10; round++) {
      for (const [page, file] of Object.entries(PAGES)) {
        const bytes = readFileSync(join(FIXTURE_SITE, file));
        expect(checkRenderedPage(page, round % 2 === 0 ? new Uint8Array(bytes) : bytes.toString('utf8'))).toBe(true);
      }
    }
    const result = await finishRenderCheck();
    expect(renderCheckRunning()).toBe(false);
    expect(renderCheckResult()).toBe(result);
    expect(result?.pages).toBe(50);
    expect(result?.affiliateLinks).toBe(50);
    const distinct = [...new Set(result?.violations.map(({ page, href, reason }) => JSON.stringify({ page, href, reason })))].map((text) => JSON.parse(text));
    expect(distinct).toEqual([
      { page: '/blog/bare-amazon-link', href: 'https://www.amazon.com/dp/B0ZZZZZZZZ', reason: 'not-sponsored' },
      { page: '/blog/bare-amazon-link', href: 'https://www.amazon.com/dp/B0ZZZZZZZZ', reason: 'undisclosed' },
      { page: '/blog/unknown-network', href: 'https://deals.example/p/42?subId1=repwell&ref=blog', reason: 'not-sponsored' },
    ]);
    expect(disclosureFailureMessage(result!.violations)).toContain('/blog/bare-amazon-link: https://www.amazon.com/dp/B0ZZZZZZZZ (no affiliate disclosure before it or beside it)');
  });
});
