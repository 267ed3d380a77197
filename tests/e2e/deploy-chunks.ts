/**
 * A deploy as a page open across it sees it: the hashed chunks of the build that made the page answer 404 (Netlify's
 * HTML not-found page, which no browser runs as a module), while the page itself is still served. After a reload the
 * fresh page names the new build's chunks; here it names the same URLs, which then answer again.
 */
import type { Page } from '@playwright/test';

export interface Loads {
  /** Documents the tab has loaded: 1 before any reload. */
  readonly count: number;
}

/** Counts the main frame's document loads, the first one and every reload. */
export function countLoads(page: Page): Loads {
  const loads = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

/**
 * Answers 404 for every file under /_astro/ whose name starts with `chunk` and a dot (Astro's retry adds a query),
 * `until` the page has reloaded once, or for good (`never`: the chunk is missing from the current build too).
 * Returns how many times the chunk was asked for.
 */
export async function goneAfterDeploy(page: Page, chunk: string, loads: Loads, until: 'reload' | 'never'): Promise<() => number> {
  let asked = 0;
  await page.route(
    (url) => url.pathname.startsWith(`/_astro/${chunk}.`) && url.pathname.endsWith('.js'),
    async (route) => {
      asked += 1;
      if (until === 'reload' && loads.count > 1) await route.continue();
      else await route.fulfill({ status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Page not found</title>' });
    },
  );
  return () => asked;
}
