/**
 * The categories manager in Chromium (issue 10, points 5 and 8): create with the spec's toasts, a duplicate refused,
 * edit in a dialog, the navigation reordered by keyboard and saved, delete with the confirmation naming how many
 * products move to Uncategorized, a new category in the public catalogue after the rebuild, and axe-core.
 *
 * The tests share the e2e database, so they run in order in one worker, and each removes what it created.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema.ts';
import { e2eAccounts } from './accounts.ts';
import { seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'default' });

const PATH = '/dashboard/categories';
const API = '/api/admin/categories';

interface ApiCategory {
  id: number;
  name: string;
  slug: string;
  showInNavigation: boolean;
  navigationOrder: number | null;
  productCount: number;
}

/** A name no other run of this file has used. */
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}`;

async function listCategories(request: APIRequestContext): Promise<ApiCategory[]> {
  const response = await request.get(API);
  expect(response.status()).toBe(200);
  return (await response.json()).categories;
}

async function createByApi(request: APIRequestContext, name: string, showInNavigation = false): Promise<ApiCategory> {
  const response = await request.post(API, { data: { name, showInNavigation } });
  expect(response.status()).toBe(201);
  return response.json();
}

/** Deletes categories this test made, whatever state it stopped in. */
async function removeByName(request: APIRequestContext, ...names: string[]) {
  for (const category of await listCategories(request)) {
    if (names.includes(category.name)) expect((await request.delete(`${API}/${category.id}`)).status()).toBe(200);
  }
}

async function openManager(page: Page) {
  await page.goto(PATH);
  await expect(page.getByRole('button', { name: 'Create category' })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(name)}`) }) });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const navigationList = (page: Page) => page.getByRole('list', { name: 'Navigation order' });
const navigationNames = (page: Page) => navigationList(page).getByRole('listitem').locator('span.flex-1').allTextContents();

test.beforeEach(async ({ page }) => signIn(page, e2eAccounts.admin));

test('a new category is created with the spec toast, listed by name, and a duplicate is refused', async ({ page }) => {
  const name = uniqueName('E2E Kettlebells');
  try {
    await openManager(page);
    const form = page.getByRole('form', { name: 'New category' });

    // Name required (trimmed): blank is refused beside the field.
    await form.getByRole('textbox', { name: 'Name' }).fill('   ');
    await form.getByRole('button', { name: 'Create category' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('textbox', { name: 'Name' }).fill(`  ${name}  `);
    const slug = name.toLowerCase().replace(/ /g, '-');
    await expect(form.getByText(`Web address: /products?category=${slug}.`)).toBeVisible();
    await form.getByRole('textbox', { name: 'Description' }).fill('Bells of every weight.');
    await form.getByRole('checkbox', { name: 'Show in navigation' }).uncheck();
    await form.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByText('Category created', { exact: true })).toBeVisible();
    await expect(page.getByText(`"${name}" is saved. The public site shows it once the site has been rebuilt.`)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');

    const created = row(page, name);
    await expect(created.getByRole('cell').nth(0)).toHaveText(slug);
    await expect(created.getByRole('cell').nth(1)).toContainText('0');
    await expect(created.getByRole('cell').nth(2)).toHaveText('No');
    // Listed by name, Uncategorized last.
    const names = await page.getByRole('rowheader').evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent ?? ''));
    expect(names.at(-1)).toBe('Uncategorized');
    expect(names.slice(0, -1)).toEqual([...names.slice(0, -1)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    // The same name again, in other letters: refused, with the existing category named.
    await form.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase());
    await form.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByText('Error creating category', { exact: true })).toBeVisible();
    const duplicate = `A category named "${name}" (slug "${slug}") already exists.`;
    await expect(form.getByText(duplicate)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
    expect((await listCategories(page.request)).filter((category) => category.slug === slug)).toHaveLength(1);
  } finally {
    await removeByName(page.request, name);
  }
});

test('a category is edited in a dialog that takes and returns focus; the slug stays', async ({ page }) => {
  const name = uniqueName('E2E Bands');
  const renamed = `${name} Renamed`;
  const category = await createByApi(page.request, name);
  try {
    await openManager(page);
    const edit = row(page, name).getByRole('button', { name: `Edit ${name}` });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: `Edit “${name}”` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();

    await edit.click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Loops and tubes.');
    await dialog.getByRole('checkbox', { name: 'Show in navigation' }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Category updated', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = row(page, renamed);
    await expect(saved.getByRole('rowheader')).toContainText('Loops and tubes.');
    await expect(saved.getByRole('cell').nth(0)).toHaveText(category.slug);
    await expect(saved.getByRole('cell').nth(2)).toHaveText('Yes');
    await expect(navigationList(page).getByText(renamed, { exact: true })).toBeVisible();
  } finally {
    await removeByName(page.request, name, renamed);
  }
});

test('Uncategorized keeps its name and offers no delete', async ({ page }) => {
  await openManager(page);
  const uncategorized = row(page, 'Uncategorized');
  await expect(uncategorized.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await uncategorized.getByRole('button', { name: 'Edit Uncategorized' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit “Uncategorized”' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
  await expect(dialog.getByText('Uncategorized is the default category: its name cannot be changed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the navigation is reordered with the keyboard and the Move buttons, and saved in one write', async ({ page }) => {
  const original = (await listCategories(page.request)).filter((category) => category.showInNavigation && category.slug !== 'uncategorized');
  const originalIds = [...original].sort((a, b) => (a.navigationOrder ?? Infinity) - (b.navigationOrder ?? Infinity) || a.name.localeCompare(b.name)).map((category) => category.id);
  try {
    await openManager(page);
    const before = await navigationNames(page);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = before as [string, string, string];

    // dnd-kit's keyboard sensor: Space lifts, arrows move, Space drops.
    const handle = navigationList(page).getByRole('button', { name: `Drag ${second}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`${second} is over position 2 of ${before.length}.`)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`${second} is over position 1 of ${before.length}.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(() => navigationNames(page)).toEqual([second, first, ...before.slice(2)]);

    // Move down from the first place, for people who do not drag; focus stays on the button.
    const moveDown = navigationList(page).getByRole('button', { name: `Move ${second} down` });
    await moveDown.click();
    await moveDown.click();
    await expect(moveDown).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `${second} moved to position 3 of ${before.length}.` })).toBeAttached();
    const expected = [first, third, second, ...before.slice(3)];
    await expect.poll(() => navigationNames(page)).toEqual(expected);
    await expect(navigationList(page).getByRole('button', { name: `Move ${first} up` })).toHaveAttribute('aria-disabled', 'true');

    await page.getByRole('button', { name: 'Save navigation order' }).click();
    await expect(page.getByText('Navigation order saved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save navigation order' })).toBeDisabled();
    const stored = (await listCategories(page.request)).filter((category) => expected.includes(category.name));
    const storedOrder = stored.sort((a, b) => a.navigationOrder! - b.navigationOrder!).map((category) => category.name);
    expect(storedOrder).toEqual(expected);
    expect(stored.map((category) => category.navigationOrder)).toEqual(expected.map((_, index) => index + 1));

    await page.reload();
    await expect.poll(() => navigationNames(page)).toEqual(expected);
  } finally {
    expect((await page.request.put(`${API}/order`, { data: { ids: originalIds } })).status()).toBe(200);
  }
});

test('delete asks first, saying how many products move to Uncategorized, then moves them', async ({ page }) => {
  const name = uniqueName('E2E Retired');
  const category = await createByApi(page.request, name);
  const database = new Database({ url: process.env.DATABASE_URL! });
  try {
    // Three products borrowed from Uncategorized, so the delete puts them back where they were.
    const uncategorized = (await listCategories(page.request)).find((candidate) => candidate.slug === 'uncategorized')!;
    const borrowed = await database.run((db) => db.select({ id: products.id }).from(products).where(eq(products.categoryId, uncategorized.id)).limit(3));
    expect(borrowed).toHaveLength(3);
    const ids = borrowed.map((product) => product.id);
    await database.run((db) => db.update(products).set({ categoryId: category.id }).where(inArray(products.id, ids)));

    await openManager(page);
    await expect(row(page, name).getByRole('cell').nth(1)).toContainText('3');
    const trigger = row(page, name).getByRole('button', { name: `Delete ${name}` });
    await trigger.click();
    const dialog = page.getByRole('alertdialog', { name: `Delete "${name}"?` });
    await expect(dialog).toContainText('Its 3 products move to Uncategorized. This cannot be undone.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(trigger).toBeFocused();
    expect(await database.run((db) => db.select().from(categories).where(eq(categories.id, category.id)).get())).toBeDefined();

    await trigger.click();
    await dialog.getByRole('button', { name: 'Delete category' }).click();
    await expect(page.getByText('Category deleted', { exact: true })).toBeVisible();
    await expect(page.getByText(`"${name}" is deleted. Its 3 products moved to Uncategorized.`)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    const moved = await database.run((db) => db.select({ categoryId: products.categoryId }).from(products).where(inArray(products.id, ids)));
    expect(moved.map((product) => product.categoryId)).toEqual([uncategorized.id, uncategorized.id, uncategorized.id]);
  } finally {
    await removeByName(page.request, name);
    database.close();
  }
});

test('the manager has no serious or critical axe violations, with and without a dialog open', async ({ page }) => {
  await openManager(page);
  await expect(navigationList(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await row(page, 'Uncategorized').getByRole('button', { name: 'Edit Uncategorized' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('form', { name: 'New category' }).getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a category created in the manager appears in the public catalogue and header navigation after the rebuild', async ({ page }) => {
  test.setTimeout(360_000);
  const name = uniqueName('E2E Climbing');
  const slug = name.toLowerCase().replace(/ /g, '-');
  try {
    await openManager(page);
    const form = page.getByRole('form', { name: 'New category' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Create category' }).click();
    await expect(page.getByText('Category created', { exact: true })).toBeVisible();

    // The rebuild runs in the background (30-90 s on a loaded machine); the catalogue lists every category, empty or not.
    await expect(async () => {
      const html = await (await page.request.get('/products')).text();
      expect(html).toContain(`/products?category=${slug}`);
    }).toPass({ timeout: 240_000, intervals: [500, 1_000] });

    await page.goto('/products');
    const card = page.getByRole('region', { name: 'Browse categories' }).locator('ul').first().getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(card).toHaveAttribute('href', `/products?category=${slug}`);
    await expect(card).toContainText('0 products');
    // Shown in navigation by default: the same build put it in the header's Browse Categories and the home page's grid.
    const home = await (await page.request.get('/')).text();
    expect(home).toContain(`/products?category=${slug}`);
  } finally {
    await removeByName(page.request, name);
  }
});
