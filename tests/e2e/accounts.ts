import { expect, type Page } from '@playwright/test';

/** Accounts the e2e setup creates; tests that need a fresh person sign up their own. */
export const e2eAccounts = {
  admin: { email: 'admin@example.com', password: 'e2e admin password' },
  user: { email: 'reader@example.com', password: 'e2e reader password', displayName: 'Reader' },
} as const;

/** Signs a fresh person up on /auth, as a reader does, and waits for the dashboard the form sends them to. */
export async function signUp(page: Page, email: string, password = 'a long password'): Promise<void> {
  await page.goto('/auth');
  const tab = page.getByRole('tab', { name: 'Create Account' });
  await tab.click();
  // A tap before the form hydrated is carried out once it has: the fields are the sign-up form's only after that.
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
}
