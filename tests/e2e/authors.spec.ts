/**
 * The public side of the people behind the reviews, on the demo site: an author page (photo, role, bio, areas, their
 * articles, ProfilePage data), the authors index, a post's byline, and How we test, linked from the footer; axe-core
 * on the author page and How we test.
 */
import { seriousViolations } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe('authors and How we test', () => {
  test("a demo author's page shows who they are, their articles and their ProfilePage", async ({ page }) => {
    await page.goto('/authors/priya-nair');
    await expect(page).toHaveTitle('Priya Nair, Wellness writer | Repwell');
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Nair' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo of Priya Nair' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Areas' }).getByRole('listitem')).toHaveText(['Sleep', 'Nutrition', 'Supplements', 'Hydration']);
    const articles = page.getByRole('region', { name: 'Articles by Priya Nair' });
    await expect(articles.getByRole('link', { name: /Sleep Is Your Best Recovery Tool/ })).toBeVisible();
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(data.find((item) => item['@type'] === 'ProfilePage')).toMatchObject({ mainEntity: { '@type': 'Person', name: 'Priya Nair', jobTitle: 'Wellness writer' } });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/authors');
    await page.getByRole('link', { name: 'Priya Nair' }).click();
    await expect(page).toHaveURL(/\/authors\/priya-nair$/);
  });

  test("a revised post names its author and says when it was updated", async ({ page }) => {
    await page.goto('/blog/sleep-for-recovery');
    const byline = page.locator('[data-byline]');
    await expect(byline.getByRole('link', { name: 'Priya Nair' })).toHaveAttribute('href', '/authors/priya-nair');
    await expect(byline).toContainText(/Updated [A-Z][a-z]+ \d{1,2}, \d{4}/);
  });

  test('How we test is linked from the footer and reads as a page of its own', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'How we test' }).click();
    await expect(page).toHaveURL(/\/how-we-test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How we test' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'How we test at home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'How we stay independent' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
