/** Steps every admin e2e spec shares: signing in, and axe-core's serious and critical violations. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Signs in through the API; the page's context keeps the session cookie. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
}

/** WCAG 2.1 A and AA violations of serious or critical impact, with up to three offending elements each. */
export async function seriousViolations(page: Page): Promise<{ rule: string; nodes: string[] }[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }));
}

/** The h1 of the admin section being shown. */
export const sectionHeading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });
