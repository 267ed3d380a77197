/**
 * The Content-Security-Policy in a real browser (issue 8, point 4): one page of every kind loads and
 * runs its scripts with no violation (the fixture in fixtures.ts fails a test on any), a script the
 * project did not write is refused, and the site cannot be framed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** One page of each kind the build makes; the fixture fails the test on any CSP violation. */
const PAGES = [
  '/',
  '/products',
  '/products?category=fitness',
  '/products?featured=true',
  '/products/category/recovery',
  '/blog',
  '/blog/protein-timing',
  '/blog/category/recovery',
  '/guides',
  '/guides/recovery-routines',
  '/about',
  '/contact',
  '/privacy-policy',
  '/auth',
  '/wishlist',
  '/bookmarks',
  '/add-product',
  '/dashboard/overview',
  '/product/no-such-product',
  '/blog/no-such-post',
  '/no/such/page',
];

/** Waits until every island that hydrates on load or when idle has done so (Astro drops `ssr` then). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')]
      .filter((island) => ['load', 'idle'].includes(island.getAttribute('client') ?? ''))
      .every((island) => !island.hasAttribute('ssr')),
  );
}

test.describe('the Content-Security-Policy', () => {
  for (const path of PAGES) {
    test(`${path} runs its scripts without a violation`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      // The page's own policy is in force: its inline scripts ran because their hashes are listed.
      const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(policy?.match(/script-src[^;]*/)?.[0]).not.toContain("'unsafe-inline'");
    });
  }

  test('refuses an inline script the project did not write, and the fixture reports it', async ({ page, cspViolations }) => {
    await page.goto('/about');
    await hydrated(page);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      const refused = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve, { once: true }));
      document.head.append(script);
      await refused;
      return (window as Window & { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations.join('\n')).toMatch(/script-src/);
    // Seen and expected: cleared so that the fixture's own check passes.
    cspViolations.length = 0;
  });

  test('keeps the site out of frames, even on its own origin (frame-ancestors and X-Frame-Options)', async ({ page, cspViolations }) => {
    await page.goto('/no/such/page');
    const title = await page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.src = '/about';
      const done = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
      document.body.append(frame);
      await done;
      // A refused frame holds the browser's error page, which this page cannot read.
      try {
        return frame.contentDocument?.title ?? null;
      } catch {
        return null;
      }
    });
    expect(title).toBeNull();
    await expect.poll(() => cspViolations.join('\n')).toMatch(/frame-ancestors/);
    // Seen and expected: cleared so that the fixture's own check passes.
    cspViolations.splice(0, cspViolations.length, ...cspViolations.filter((report) => !/frame-ancestors/.test(report)));
  });
});
