/**
 * A demo roundup as a reader meets it in Chromium: the intro, the disclosure, then the picks (each under its award,
 * with a product box: price with its age and a tracked, sponsored buy link), the comparison table, 'How we chose' and
 * 'The competition', the byline with 'Updated', the ItemList beside the BlogPosting, and a picked product's page
 * linking back; axe-core on the page.
 */
import { seriousViolations } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const ROUNDUP = `/blog/best-massage-guns-${new Date().getUTCFullYear()}`;

test.describe('roundups', () => {
  test('a demo roundup shows its picks, the comparison table, its sections and an ItemList', async ({ page }) => {
    await page.goto(ROUNDUP);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^The best massage guns of \d{4}$/);
    await expect(page.locator('[data-byline]')).toContainText(/Updated [A-Z][a-z]+ \d{1,2}, \d{4}/);

    const picks = page.getByRole('region', { name: 'Our picks' });
    const items = picks.locator('[data-roundup-pick]');
    await expect(items).toHaveCount(4);
    await expect(picks.getByRole('heading', { level: 3 })).toHaveText([/^Best Overall\s*: /, /^Best Budget\s*: /, /^Best Upgrade\s*: /, /^Best for Travel\s*: /]);
    const first = items.first();
    await expect(first.getByText(/^Price as of /)).toBeVisible();
    await expect(first.getByText(/^Our score \d/)).toBeVisible();
    const buy = first.getByRole('link', { name: /opens in a new tab/ });
    await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
    await expect(buy).toHaveAttribute('data-track-click', /^\d+$/);

    // The disclosure comes before the first pick.
    const disclosureFirst = await page.evaluate(() => {
      const disclosure = document.querySelector('[data-affiliate-disclosure]');
      const pick = document.querySelector('[data-roundup-pick]');
      return Boolean(disclosure && pick && disclosure.compareDocumentPosition(pick) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(disclosureFirst).toBe(true);

    const table = page.getByRole('region', { name: 'Compare our picks' }).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveCount(4);
    await expect(table.getByRole('rowheader')).toContainText(['Award', 'Price', 'Our score', "Shoppers' rating", 'Best for', 'Availability']);
    await expect(page.getByRole('heading', { level: 2, name: 'How we chose' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'The competition' })).toBeVisible();

    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(data.some((item) => item['@type'] === 'BlogPosting')).toBe(true);
    const list = data.find((item) => item['@type'] === 'ItemList') as { itemListElement: { position: number; url: string; name: string }[] };
    expect(list.itemListElement.map((item) => item.position)).toEqual([1, 2, 3, 4]);
    const firstName = (await first.locator('a[href^="/product/"]').first().textContent())!.trim();
    expect(list.itemListElement[0]).toMatchObject({ name: firstName, url: expect.stringMatching(/\/product\/[a-z0-9-]+$/) });

    expect(await seriousViolations(page)).toEqual([]);

    // A picked product's page links the roundup as the post that features it.
    await first.locator('a[href^="/product/"]').first().click();
    await expect(page.getByRole('link', { name: /^Read our review: The best massage guns of \d{4}/ })).toHaveAttribute('href', ROUNDUP);
  });
});
