/**
 * Authors in Chromium: the admin adds an author in the Authors section (a refused photo URL is named under its field),
 * gives a post that author as its byline in the post editor and publishes it; after the real rebuild the public post
 * names the author with their photo and role and links to their page, which lists the post. Then the author is
 * deleted after a confirmation, and the post loses its byline.
 */
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, sectionHeading, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('authors and bylines', () => {
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('an author added in the admin panel signs a published post and has a page listing it', async ({ page, context }) => {
    test.setTimeout(REBUILD_TIMEOUT * 2 + 120_000);
    const suffix = unique();
    const name = `Alex Morgan ${suffix}`;
    const authorSlug = `alex-morgan-${suffix}`;
    const title = `Kettlebell basics ${suffix}`;
    const postSlug = `kettlebell-basics-${suffix}`;

    await page.goto('/dashboard/authors');
    await expect(sectionHeading(page, 'Authors')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Authors' }).getByRole('heading', { name: 'Maya Chen' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add author' }).click();
    const form = page.getByRole('form', { name: 'New author' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(form.getByText(`Their page: /authors/${authorSlug}.`)).toBeVisible();
    await form.getByRole('textbox', { name: 'Role' }).fill('Kettlebell coach');
    await form.getByRole('textbox', { name: 'Photo URL' }).fill('javascript:alert(1)');
    await form.getByRole('textbox', { name: 'Areas' }).fill('Kettlebells, Conditioning');
    await form.getByRole('textbox', { name: 'Bio' }).fill('Alex coaches kettlebell classes and tests home gym gear.');
    await form.getByRole('button', { name: 'Add author' }).click();
    const photo = form.getByRole('textbox', { name: 'Photo URL' });
    await expect(photo).toHaveAttribute('aria-invalid', 'true');
    await expect(photo).toHaveAccessibleDescription(/The photo URL must start with http:\/\/, https:\/\/ or \//);
    expect(await seriousViolations(page)).toEqual([]);
    await photo.fill('/images/authors/jordan-reyes.svg');
    await form.getByRole('button', { name: 'Add author' }).click();
    await expect(page.getByText('Author added')).toBeVisible();
    const row = page.getByRole('list', { name: 'Authors' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(row).toContainText('Kettlebell coach · Kettlebells, Conditioning · 0 posts');

    // A post, given the new author as its byline in the editor, and published.
    const created = await page.request.post('/api/admin/blog', { data: { title, excerpt: 'Swing, clean, press.', content: '<p>Start light.</p>', published: false } });
    expect(created.status()).toBe(201);
    const postId = ((await created.json()) as { id: number }).id;
    await page.goto(`/dashboard/blog?edit=${postId}`);
    const author = page.getByRole('combobox', { name: 'Author' });
    await expect(author.getByRole('option', { name: `${name} (Kettlebell coach)` })).toBeAttached();
    await author.selectOption({ label: `${name} (Kettlebell coach)` });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    const stored = (await (await page.request.get(`/api/admin/blog/${postId}`)).json()) as { bylineAuthorId: number | null };
    expect(stored.bylineAuthorId).toEqual(expect.any(Number));
    // The reload shows the stored byline in the select.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Author' })).toHaveValue(String(stored.bylineAuthorId));

    // After the rebuild the public post names the author and links to their page.
    const reader = await context.newPage();
    await publishedHtml(reader, `/blog/${postSlug}`, name);
    await reader.goto(`/blog/${postSlug}`);
    const byline = reader.locator('[data-byline]');
    await expect(byline.getByRole('link', { name })).toHaveAttribute('href', `/authors/${authorSlug}`);
    await expect(byline).toContainText('Kettlebell coach');
    await expect(byline.getByRole('link', { name: 'How we test' })).toHaveAttribute('href', '/how-we-test');
    await expect(byline.locator('img')).toHaveAttribute('src', '/images/authors/jordan-reyes.svg');
    const jsonLd = await reader.locator('script[type="application/ld+json"]').allTextContents();
    const posting = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ author: { '@type': 'Person', name, url: expect.stringMatching(new RegExp(`/authors/${authorSlug}$`)) }, dateModified: expect.any(String) });

    await byline.getByRole('link', { name }).click();
    await expect(reader).toHaveURL(new RegExp(`/authors/${authorSlug}$`));
    await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(reader.getByText('Alex coaches kettlebell classes and tests home gym gear.')).toBeVisible();
    await expect(reader.getByRole('list', { name: 'Areas' }).getByRole('listitem')).toHaveText(['Kettlebells', 'Conditioning']);
    await expect(reader.getByRole('region', { name: `Articles by ${name}` }).getByRole('link', { name: title })).toBeVisible();
    expect(await seriousViolations(reader)).toEqual([]);

    // Deleting the author asks first; the post stays, without a byline.
    await page.goto('/dashboard/authors');
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText('Their 1 post keeps its text but shows no byline.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Author deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(((await (await page.request.get(`/api/admin/blog/${postId}`)).json()) as { bylineAuthorId: number | null }).bylineAuthorId).toBeNull();
    await publishedHtml(reader, `/blog/${postSlug}`, title, name);
    expect((await page.request.delete(`/api/admin/blog/${postId}`)).status()).toBe(204);
  });
});
