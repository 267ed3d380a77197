/**
 * The blog manager in Chromium (issue 10, points 6 and 8): writing a post in the rich-text editor (a heading, bold,
 * a link), its preview, saving a draft, publishing it and seeing it on /blog and /blog/{slug} after the real rebuild,
 * unpublishing, deleting with confirmation; the list's filter and search; the editor's messages; axe-core on both.
 */
import type { Page } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';
import { seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A rebuild runs beside other engineers' tests on 2 cores: give it minutes, not seconds. */
const REBUILD_TIMEOUT = 240_000;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const postsTable = (page: Page) => page.getByRole('table', { name: 'Blog posts, newest first' });
const postRow = (page: Page, title: string) => postsTable(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(title) }) });
const editorBox = (page: Page) => page.getByRole('textbox', { name: 'Content' });
const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

/** Writes the body: a heading, a paragraph with bold text, and a link on selected words. */
async function writeBody(page: Page) {
  await editorBox(page).click();
  await page.keyboard.type('Why sleep matters');
  await toolbarButton(page, 'Heading 2').click();
  await expect(toolbarButton(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Sleep is ');
  // Ctrl+B inside the editor is bold, not the sidebar shortcut.
  await page.keyboard.press('Control+b');
  await page.keyboard.type('the best');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' recovery tool. Read our guide');
  for (let i = 0; i < 'our guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await toolbarButton(page, 'Link').click();
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await dialog.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Apply link' }).click();
  await expect(dialog.getByText('Enter a web address (https://…), an e-mail (mailto:…) or a path on this site (/…).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/sleep');
  await dialog.getByRole('button', { name: 'Apply link' }).click();
  await expect(dialog).toBeHidden();
  await expect(editorBox(page)).toBeFocused();
}

test.describe('the blog manager', () => {
  test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

  test('a post written in the editor is previewed, saved as a draft, published to /blog, unpublished and deleted', async ({ page, context }) => {
    test.setTimeout(REBUILD_TIMEOUT * 2 + 120_000);
    const title = `Sleep for recovery ${unique()}`;
    const slug = title.toLowerCase().replace(/ /g, '-');

    await page.goto('/dashboard/blog');
    await expect(postsTable(page)).toBeVisible();
    await page.getByRole('link', { name: 'New post' }).click();
    await expect(page).toHaveURL(/\/dashboard\/blog\?new$/);
    await expect(page.getByRole('heading', { name: 'New post' })).toBeFocused();
    const sidebarBefore = await page.getByRole('complementary', { name: 'Admin Panel' }).evaluate((element) => element.getBoundingClientRect().width);

    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
    await page.getByRole('textbox', { name: 'Excerpt' }).fill('Seven hours is the floor.');
    await writeBody(page);
    // The sidebar did not collapse on the editor's Ctrl+B.
    expect(await page.getByRole('complementary', { name: 'Admin Panel' }).evaluate((element) => element.getBoundingClientRect().width)).toBe(sidebarBefore);

    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview of the public post' });
    await expect(preview.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(preview.getByText('Seven hours is the floor.')).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'Why sleep matters' })).toBeVisible();
    await expect(preview.locator('.prose-content strong')).toHaveText('the best');
    await expect(preview.getByRole('link', { name: 'our guide' })).toHaveAttribute('href', 'https://example.com/sleep');
    await page.getByRole('tab', { name: 'Write' }).click();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Post created')).toBeVisible();
    await expect(page).toHaveURL(/\?edit=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('edit'));
    const stored = await (await page.request.get(`/api/admin/blog/${id}`)).json();
    expect(stored).toMatchObject({
      title,
      slug,
      published: false,
      publishedAt: null,
      content: '<h2>Why sleep matters</h2><p>Sleep is <strong>the best</strong> recovery tool. Read <a href="https://example.com/sleep" rel="nofollow noopener">our guide</a></p>',
    });

    // A reload restores the editor with the stored post.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(editorBox(page).getByRole('heading', { name: 'Why sleep matters' })).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Post published')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    const publishedAt = (await (await page.request.get(`/api/admin/blog/${id}`)).json()).publishedAt;
    expect(Date.parse(publishedAt)).not.toBeNaN();

    // The rebuild puts it on the public site.
    const reader = await context.newPage();
    await expect
      .poll(async () => (await reader.goto(`/blog/${slug}`))?.status(), { timeout: REBUILD_TIMEOUT, intervals: [500, 1_000] })
      .toBe(200);
    await expect(reader).toHaveTitle(`${title} | Recovery Blog`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.locator('.prose-content strong')).toHaveText('the best');
    await expect(reader.locator('.prose-content').getByRole('link', { name: 'our guide' })).toHaveAttribute('href', 'https://example.com/sleep');
    await reader.goto('/blog');
    await expect(reader.getByRole('link', { name: title }).first()).toBeVisible();

    // Unpublish from the list: the published date stays, and the post leaves the public blog after the rebuild.
    await page.getByRole('link', { name: 'Back to posts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/blog$/);
    await postRow(page, title).getByRole('button', { name: /^Unpublish/ }).click();
    await expect(page.getByText('Post unpublished')).toBeVisible();
    await expect(postRow(page, title).getByText('Draft', { exact: true })).toBeVisible();
    expect((await (await page.request.get(`/api/admin/blog/${id}`)).json()).publishedAt).toBe(publishedAt);
    await expect
      .poll(async () => (await reader.goto(`/blog/${slug}`))?.status(), { timeout: REBUILD_TIMEOUT, intervals: [500, 1_000] })
      .toBe(404);
    await reader.goto('/blog');
    await expect(reader.getByRole('link', { name: title })).toHaveCount(0);

    // Delete, after a confirmation that can be cancelled.
    await postRow(page, title).getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete “${title}”?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(postRow(page, title)).toHaveCount(1);
    await postRow(page, title).getByRole('button', { name: /^Delete/ }).click();
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await expect(page.getByText('Post deleted')).toBeVisible();
    await expect(postRow(page, title)).toHaveCount(0);
    expect((await page.request.get(`/api/admin/blog/${id}`)).status()).toBe(404);
  });

  test('the list filters by status and searches by title, kept in the URL', async ({ page }) => {
    const title = `Filter check ${unique()}`;
    const created = await page.request.post('/api/admin/blog', { data: { title, content: '<p>x</p>', published: false } });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    try {
      await page.goto('/dashboard/blog');
      await expect(postsTable(page)).toBeVisible();
      await page.getByRole('radio', { name: /^Drafts/ }).check();
      await expect(page).toHaveURL(/\?status=draft$/);
      await expect(postRow(page, title)).toBeVisible();
      await expect(postsTable(page).getByText('Published', { exact: true })).toHaveCount(0);

      await page.getByRole('searchbox', { name: 'Search posts by title' }).fill(title.toUpperCase());
      await expect(page).toHaveURL(new RegExp(`status=draft&search=${encodeURIComponent(title.toUpperCase()).replace(/%20/g, '\\+')}`));
      await expect(postsTable(page).getByRole('row')).toHaveCount(2);
      await expect(page.getByText('1 post · page 1 of 1')).toBeVisible();

      await page.reload();
      await expect(page.getByRole('radio', { name: /^Drafts/ })).toBeChecked();
      await expect(page.getByRole('searchbox', { name: 'Search posts by title' })).toHaveValue(title.toUpperCase());
      await expect(postRow(page, title)).toBeVisible();

      await page.getByRole('radio', { name: /^Published/ }).check();
      await expect(page.getByText('No posts match this filter and search.')).toBeVisible();

      await page.getByRole('radio', { name: /^All/ }).check();
      await page.getByRole('searchbox', { name: 'Search posts by title' }).fill('');
      await expect(page).toHaveURL(/\/dashboard\/blog$/);
      await expect(postsTable(page).getByText('Published', { exact: true }).first()).toBeVisible();
    } finally {
      await page.request.delete(`/api/admin/blog/${id}`);
    }
  });

  test('the editor names the broken rule under its field, and a taken slug under the slug', async ({ page }) => {
    const existing = `Taken slug ${unique()}`;
    const created = await page.request.post('/api/admin/blog', { data: { title: existing, published: false } });
    const { id, slug } = await created.json();
    try {
      await page.goto('/dashboard/blog?new');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Enter the title.')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');

      await page.getByRole('textbox', { name: 'Title' }).fill(existing);
      await page.getByRole('textbox', { name: 'Image URL' }).fill('javascript:alert(1)');
      await page.getByRole('textbox', { name: 'Image URL' }).blur();
      await expect(page.getByText('The image URL must start with http://, https:// or / (a page of this site).')).toBeVisible();
      await page.getByRole('textbox', { name: 'Image URL' }).fill('');

      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText(`The slug "${slug}" is already used by another post: choose another.`).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('textbox', { name: 'Slug' }).fill('Not A Slug');
      await page.getByRole('textbox', { name: 'Slug' }).blur();
      await expect(page.getByText('The slug may contain only lower-case letters, digits and single hyphens, for example foam-rolling-101.')).toBeVisible();
      await expect(page).toHaveURL(/\?new$/);
    } finally {
      await page.request.delete(`/api/admin/blog/${id}`);
    }
  });

  test('the list, the editor, its toolbar dialogs and the preview have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/dashboard/blog');
    await expect(postsTable(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New post' }).click();
    await expect(editorBox(page)).toBeVisible();
    await page.getByRole('textbox', { name: 'Title' }).fill('Accessibility check');
    await editorBox(page).click();
    await page.keyboard.type('Some text');
    expect(await seriousViolations(page)).toEqual([]);

    // The toolbar is one Tab stop with arrow keys between its buttons (Redo is disabled, so End stops at Undo).
    await toolbarButton(page, 'Heading 2').focus();
    await page.keyboard.press('ArrowRight');
    await expect(toolbarButton(page, 'Heading 3')).toBeFocused();
    await page.keyboard.press('End');
    await expect(toolbarButton(page, 'Undo')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(toolbarButton(page, 'Undo')).not.toBeFocused();

    await toolbarButton(page, 'Image').click();
    const dialog = page.getByRole('dialog', { name: 'Add image' });
    await expect(dialog.getByRole('textbox', { name: 'Image address' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Image address' }).fill('https://cdn.example.com/sleep.jpg');
    await dialog.getByRole('textbox', { name: 'Alt text' }).fill('A dark bedroom');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await expect(editorBox(page).getByRole('img', { name: 'A dark bedroom' })).toBeVisible();

    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByRole('article', { name: 'Preview of the public post' }).getByRole('img', { name: 'A dark bedroom' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
