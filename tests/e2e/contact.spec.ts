/**
 * The contact page against the real POST /api/contact (no SMTP in the test server, so messages
 * are stored with email_status not_configured). One client may store 5 messages in 10 minutes:
 * only the success test and the stale-toast test store one each.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const message = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  Email: 'ada@example.com',
  Subject: 'Please review a walking pad',
  Message: 'I am choosing between two walking pads for my standing desk.\nWhich is quieter?',
};

async function openContact(page: Page, path = '/contact') {
  await page.goto(path);
  // The form hydrates when someone reaches for it (client:interaction), and its button is enabled once it has.
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'First Name', exact: true }).focus();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
}

/** A field by its accessible name (the label without the aria-hidden asterisk). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

test('the contact page shows the form and the side panel', async ({ page }) => {
  await openContact(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(field(page, 'Message')).toHaveAttribute('rows', '6');
  await expect(field(page, 'Email')).toHaveAttribute('type', 'email');
  await expect(page.getByText('We respond within 24-48 hours on business days.')).toBeVisible();
  await expect(page.getByText('Based in the United States.')).toBeVisible();
  await expect(page.getByText(/Product testing requests welcome/)).toBeVisible();
  // Production build: no debug panel.
  await expect(page.getByText('Debug panel')).toHaveCount(0);
});

test('a message is sent: Sending..., then the success toast and an empty form', async ({ page }) => {
  await openContact(page);
  await fill(page, message);

  // Hold the request so the sending state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const answer = page.waitForResponse('**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  expect((await answer).status()).toBe(201);

  await expect(page.getByText('Message sent successfully!').first()).toBeVisible();
  await expect(page.getByText("We'll get back to you as soon as possible.").first()).toBeVisible();
  for (const label of Object.keys(message)) await expect(field(page, label)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('an empty form is stopped by the browser before anything is sent', async ({ page }) => {
  await openContact(page);
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) requests++;
  });
  await fill(page, { ...message, 'First Name': '' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const firstName = field(page, 'First Name');
  expect(await firstName.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  expect(await firstName.evaluate((input: HTMLInputElement) => input.validationMessage)).not.toBe('');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(requests).toBe(0);
});

test('the server refuses an address the browser let through, with the error toast', async ({ page }) => {
  await openContact(page);
  // type=email accepts a host without a dot; the server wants a full address.
  await fill(page, { ...message, Email: 'ada@localhost' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Failed to send message').first()).toBeVisible();
  await expect(page.getByText('Error: Please enter a valid email address.').first()).toBeVisible();
  // Nothing is lost: the form keeps what was typed.
  await expect(field(page, 'Message')).toHaveValue(message.Message);
});

test('a failed request shows the fallback error description', async ({ page }) => {
  await openContact(page);
  await page.route('/api/contact', (route) => route.abort('connectionrefused'));
  await fill(page, message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Failed to send message').first()).toBeVisible();
  await expect(page.getByText('Please try again later or contact us directly.').first()).toBeVisible();
});

test('the honeypot is out of the tab order', async ({ page }) => {
  await openContact(page);
  await field(page, 'Message').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
});

test('Suggest a Product for Review leads to the form with the subject started', async ({ page }) => {
  await openContact(page);
  await page.getByRole('link', { name: 'Suggest a Product for Review' }).click();
  await expect(page).toHaveURL(/\/contact\/?\?topic=product-suggestion#contact-form$/);
  await expect(field(page, 'Subject')).toHaveValue('Product suggestion: ');
});

test('a refused submission shows the first invalid field below the sticky header, focused', async ({ page }) => {
  // A short phone screen: the form is taller than the view, so the first field is above it when Send is pressed.
  await page.setViewportSize({ width: 390, height: 560 });
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await openContact(page);
  await fill(page, { ...message, 'First Name': '' });
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  const firstName = field(page, 'First Name');
  const header = page.locator('header').first();
  const headerBottom = await header.evaluate((element) => element.getBoundingClientRect().bottom);
  expect(await firstName.evaluate((input) => input.getBoundingClientRect().bottom)).toBeLessThan(headerBottom);

  await send.click();
  await expect(firstName).toBeFocused();
  const headerHeight = await header.evaluate((element) => element.getBoundingClientRect().height);
  expect(parseFloat(await firstName.evaluate((input) => getComputedStyle(input).scrollMarginTop))).toBeGreaterThanOrEqual(headerHeight);
  const box = await firstName.evaluate((input) => input.getBoundingClientRect().toJSON() as DOMRect);
  expect(box.top).toBeGreaterThanOrEqual(await header.evaluate((element) => element.getBoundingClientRect().bottom));
  expect(box.bottom).toBeLessThanOrEqual(560);
});

test('sending successfully dismisses the error toast of the attempt before', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await openContact(page);
  await fill(page, { ...message, Email: 'ada@localhost' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const errorToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send message' });
  await expect(errorToast).toBeVisible();

  // The pointer rests on the toasts, which pauses their timers: only a dismissal can remove the error toast now.
  await errorToast.hover();
  await field(page, 'Email').fill(message.Email);
  const answer = page.waitForResponse('**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).focus();
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(201);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Message sent successfully!' })).toBeVisible();
  await expect(errorToast).toHaveCount(0);
});
