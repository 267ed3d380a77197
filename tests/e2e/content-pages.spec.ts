/** The guides, About and Privacy Policy (spec section 2): static pages that read fully without JavaScript. */
import { expect, test } from './fixtures.ts';

const guides = [
  { path: '/guides/recovery-routines', title: 'Recovery Routines', section: 'A 10-minute post-workout cool-down' },
  { path: '/guides/injury-prevention', title: 'Injury Prevention', section: 'Warm up properly: an 8-minute routine' },
  { path: '/guides/nutrition-tips', title: 'Nutrition Tips', section: 'Protein: the repair material' },
  { path: '/guides/sleep-optimization', title: 'Sleep Optimization', section: 'Build a 30-minute wind-down routine' },
];

test.describe('guides', () => {
  for (const guide of guides) {
    test(`${guide.title}: substantive, structured and readable without JavaScript`, async ({ browser, baseURL, request }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(guide.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${guide.title} Guide | Repwell`);
      await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: guide.section })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Safety notes' })).toBeVisible();

      const body = page.locator('article .prose-content');
      const words = (await body.innerText()).split(/\s+/).filter(Boolean).length;
      expect(words).toBeGreaterThan(1000);
      expect(await body.locator('h2').count()).toBeGreaterThanOrEqual(6);
      expect(await body.locator('ul, ol').count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Guides');

      // Every link inside the guide leads somewhere that exists in the demo site.
      const hrefs = await body.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        const answer = await request.get(href.split('#')[0]!);
        expect(answer.status(), href).toBe(200);
      }
      await context.close();
    });
  }

  test('the contents list jumps to its section', async ({ page }) => {
    await page.goto('/guides/sleep-optimization');
    await page.getByRole('navigation', { name: 'In this guide' }).filter({ visible: true }).getByRole('link', { name: 'Naps' }).click();
    await expect(page).toHaveURL(/#naps$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Naps' })).toBeInViewport();
  });

  test('/guides lists the four guides', async ({ page }) => {
    await page.goto('/guides');
    for (const guide of guides) await expect(page.getByRole('main').getByRole('link', { name: guide.title })).toHaveAttribute('href', guide.path);
  });
});

test.describe('about', () => {
  test('has the hero buttons and the trust claims', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Our Top Picks' })).toHaveAttribute('href', '/products?featured=true');
    await expect(page.getByRole('link', { name: 'Browse All Reviews' })).toHaveAttribute('href', '/products');
    const claims = page.getByRole('region', { name: 'Why readers trust us' });
    for (const claim of ['Products analysed', 'Trusted by customers', 'Products tested by our team', 'AI-powered analysis', 'Price and return monitoring']) {
      await expect(claims.getByRole('heading', { name: claim })).toBeVisible();
    }
    await expect(claims).toContainText('500+');
    await expect(claims).toContainText('50,000+');
    await expect(page.getByRole('link', { name: 'Suggest a Product for Review' })).toHaveAttribute('href', /^\/contact\?/);
  });
});

test.describe('privacy policy', () => {
  test('says what the spec requires and what the site really stores', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const policy = page.locator('article');
    await expect(policy).toContainText('Browsing Repwell collects no personal data.');
    await expect(policy).toContainText('We use only minimal browser storage:');
    await expect(policy).toContainText('cookie-consent');
    await expect(policy).toContainText('We may earn affiliate commissions.');
    // The truthful exceptions.
    await expect(policy).toContainText('we store your e-mail address and a securely hashed password');
    await expect(policy).toContainText('if you send us a message, we store that message');
    await expect(policy).toContainText('They carry no name, e-mail address or account.');
    // Issue 14: exactly what the analytics store.
    await expect(policy).toContainText('we store the product, the kind of event, the page path it happened on');
    await expect(policy).toContainText('the page makes a new random click id. We store it with the product, the page path the link was on, the retailer');
    await expect(policy).toContainText('the same id is sent to that network');
    await expect(policy).toContainText('the order or transaction id, the sale amount, the commission, the currency and the status');
    await expect(policy).toContainText('your IP address, your browser');
    await expect(policy).toContainText('Each day’s random value is deleted once the following day has ended');
  });
});
