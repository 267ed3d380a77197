/** Steps every admin e2e spec shares: signing in, axe-core's serious and critical violations, a page after the rebuild. */
import type { BrowserContext, Page } from '@playwright/test';
import { Database } from '../../db/client.ts';
import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** Each worker's session cookies per account: a worker signs an account in once and reuses its session. */
const sessions = new Map<string, Cookies>();

/**
 * Signs in through the API; the page's context keeps the session cookie. The sign-in limit (20 a minute per address,
 * a sliding window) is the real one, and the admin specs run many short tests from one address: so a worker reuses
 * the session it already has, and signs in again only when that session no longer answers (a test signed out).
 */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const known = sessions.get(account.email);
  if (known) {
    await page.context().addCookies(known);
    const session = await page.request.get('/api/auth/session');
    const user = session.ok() ? ((await session.json()) as { user: { email: string } | null }).user : null;
    if (user?.email === account.email) return;
    await page.context().clearCookies();
  }
  const response = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  sessions.set(account.email, await page.context().cookies());
}

/** WCAG 2.1 A and AA violations of serious or critical impact, with up to three offending elements each. */
export async function seriousViolations(page: Page): Promise<{ rule: string; nodes: string[] }[]> {
  const results = await (await settledAxe(page)).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
}

/** The h1 of the admin section being shown. */
export const sectionHeading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

/** A rebuild takes 30 to 90 s on a loaded machine; the wait is for the outcome, with room to spare. */
export const REBUILD_TIMEOUT = 180_000;

/** The public page's HTML once the published build serves it (200) with `contains` (and without `without`), polled through the rebuild. */
export async function publishedHtml(page: Page, path: string, contains: string, without?: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        // A connection the local server drops while it swaps in a new build is a page not published yet.
        const response = await page.request.get(path).catch(() => null);
        html = response?.status() === 200 ? await response.text() : '';
        return html.includes(contains) && (without === undefined || !html.includes(without));
      },
      { timeout: REBUILD_TIMEOUT, intervals: [500, 1_000] },
    )
    .toBe(true);
  return html;
}

/**
 * The hooks of a spec that reads the run's database beside its pages: it opens before the spec's tests and closes
 * after them. Specs that count the dashboard's whole figures have a database of their own (own-server.ts); these read
 * the rows of their own clicks and products, which other specs beside them do not touch.
 */
export function runDatabase(): { readonly database: Database } {
  let database: Database | undefined;
  test.beforeAll(() => {
    database = new Database({ url: process.env.DATABASE_URL! });
  });
  test.afterAll(() => {
    database?.close();
  });
  return {
    get database() {
      if (!database) throw new Error('the database opens in beforeAll: read it in a test');
      return database;
    },
  };
}
