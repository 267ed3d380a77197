/**
 * Products inside articles, as an owner and a reader meet them: the admin writes a post with a product box, a ranked
 * list and a comparison table in the editor, each from the product search (by ASIN, SKU and name), and publishes it;
 * the public post shows the products' current prices and tracked, sponsored buy links, passes axe, and its table
 * scrolls sideways on a phone with the first column kept; a price change shows on the post after the rebuild, and a
 * deleted product drops out of it (and the overview names the post).
 *
 * An admin spec: it rebuilds the admin server's site, which no public spec reads (global-setup.ts). It works on three
 * products of its own, so no other admin spec sees its changes.
 */
import { inArray } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { formatPrice } from '../../src/domain/money.ts';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, seriousViolations, signIn } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

let database: Database;
test.beforeAll(() => {
  database = new Database({ url: process.env.DATABASE_URL! });
});
test.afterAll(() => database.close());

const run = Date.now().toString(36).toUpperCase();
const made = ['Alpha', 'Bravo', 'Charlie'].map((label, index) => ({
  body: {
    name: `Blocktest ${run} ${label} Massage Gun`,
    // An ASIN of the test's own (B0 and eight letters or digits), in an Amazon link the build tags.
    asin: `B0${index}${run.slice(-7).padStart(7, '0')}`,
    sku: `BLK-${run}-${index}`,
    affiliateUrl: `https://www.amazon.com/dp/B0${index}${run.slice(-7).padStart(7, '0')}`,
    description: `<p>${label}: a massage gun made for this test.</p>`,
    price: 100 + index * 10 + 0.99,
  },
  id: 0,
}));

const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

async function chooseProducts(page: Page, kind: string, searches: { term: string; name: string }[]) {
  const dialog = page.getByRole('dialog', { name: kind });
  await expect(dialog).toBeVisible();
  for (const { term, name } of searches) {
    await dialog.getByRole('searchbox', { name: 'Search products by name, SKU or ASIN' }).fill(term);
    await dialog.getByRole('list', { name: 'Search results' }).getByRole('button', { name: `Add ${name}` }).click();
  }
  return dialog;
}

test('a post with a box, a list and a table shows its products as they are, and follows them', async ({ page, context }) => {
  test.setTimeout(REBUILD_TIMEOUT * 3 + 180_000);
  await signIn(page, e2eAccounts.admin);
  for (const product of made) {
    const created = await page.request.post('/api/admin/products', { data: product.body });
    expect(created.status(), await created.text()).toBe(201);
    product.id = ((await created.json()) as { product: { id: number } }).product.id;
  }
  const [alpha, bravo, charlie] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
  // Prices checked now, so the build shows them (an unchecked price shows 'Check price on …').
  await database.run((db) => db.update(products).set({ priceCheckedAt: new Date() }).where(inArray(products.id, made.map((product) => product.id))));

  const title = `Best massage guns ${run}`;
  const slug = `best-massage-guns-${run.toLowerCase()}`;
  let postId: number | undefined;
  try {
    await page.goto('/dashboard/blog');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Our favourite massage guns, tested.');

    await toolbarButton(page, 'Insert product box').click();
    let dialog = await chooseProducts(page, 'Product box', [{ term: alpha.body.asin, name: alpha.body.name }]);
    await dialog.getByRole('button', { name: 'Insert product box' }).click();
    const editor = page.getByRole('textbox', { name: 'Content' });
    await expect(editor.getByRole('group', { name: 'Product box' })).toContainText(alpha.body.name);

    await toolbarButton(page, 'Insert ranked list').click();
    dialog = await chooseProducts(page, 'Ranked list', [
      { term: alpha.body.sku, name: alpha.body.name },
      { term: `Blocktest ${run}`, name: bravo.body.name },
      { term: `Blocktest ${run}`, name: charlie.body.name },
    ]);
    await dialog.getByRole('textbox', { name: `Note for ${bravo.body.name}` }).fill('The quiet one');
    await dialog.getByRole('button', { name: 'Insert ranked list' }).click();
    await expect(editor.getByRole('group', { name: 'Ranked list' })).toContainText('The quiet one');

    await toolbarButton(page, 'Insert comparison table').click();
    dialog = await chooseProducts(page, 'Comparison table', [
      { term: `Blocktest ${run}`, name: alpha.body.name },
      { term: `Blocktest ${run}`, name: bravo.body.name },
      { term: `Blocktest ${run}`, name: charlie.body.name },
    ]);
    await dialog.getByRole('checkbox', { name: 'Availability' }).check();
    await dialog.getByRole('button', { name: 'Insert comparison table' }).click();
    await expect(editor.getByRole('group', { name: 'Comparison table' })).toContainText(charlie.body.name);

    // Each block went in after the one before: none replaced another.
    await expect(editor.getByRole('group')).toHaveCount(3);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/blog') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Publish' }).click();
    postId = ((await (await saved).json()) as { id: number }).id;

    // The public post, once rebuilt: current prices, tracked and sponsored buy links, the disclosure before them.
    await publishedHtml(page, `/blog/${slug}`, alpha.body.name);
    const reader = await context.newPage();
    await reader.goto(`/blog/${slug}`);
    const body = reader.locator('.prose-content');
    const box = body.locator('[data-product-block-shown="box"]');
    await expect(box).toContainText(formatPrice(alpha.body.price));
    await expect(box).toContainText('Price as of');
    const buy = box.getByRole('link', { name: new RegExp(`${alpha.body.name} \\(opens in a new tab\\)`) });
    await expect(buy).toHaveAttribute('rel', 'sponsored noopener');
    await expect(buy).toHaveAttribute('data-track-click', String(alpha.id));
    await expect(buy).toHaveAttribute('href', new RegExp(`/dp/${alpha.body.asin}\\?tag=`));
    const list = body.getByRole('list', { name: 'Ranked products' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').nth(1)).toContainText('The quiet one');
    const table = body.getByRole('region', { name: /^Comparison of/ });
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    await expect(table.getByRole('rowheader', { name: 'Availability' })).toBeVisible();
    await expect(table.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(3);
    const disclosure = reader.locator('[data-affiliate-disclosure]').first();
    expect(await disclosure.evaluate((element, first) => Boolean(element.compareDocumentPosition(first!) & Node.DOCUMENT_POSITION_FOLLOWING), await box.elementHandle())).toBe(true);
    expect(await seriousViolations(reader)).toEqual([]);

    // On a phone the table scrolls sideways inside its region, and the row names stay where they are.
    await reader.setViewportSize({ width: 390, height: 844 });
    await table.scrollIntoViewIfNeeded();
    const scrolls = await table.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(scrolls).toBe(true);
    const rowName = table.getByRole('rowheader', { name: 'Price' });
    const before = (await rowName.boundingBox())!.x;
    const firstProduct = table.getByRole('columnheader').first();
    const productBefore = (await firstProduct.boundingBox())!.x;
    await table.evaluate((element) => element.scrollTo({ left: 200 }));
    await expect.poll(async () => (await firstProduct.boundingBox())!.x).toBeLessThan(productBefore - 100);
    expect((await rowName.boundingBox())!.x).toBe(before);
    await reader.close();

    // The price changes in the admin: the post follows after the rebuild.
    const newPrice = 89.49;
    const updated = await page.request.put(`/api/admin/products/${alpha.id}`, { data: { ...alpha.body, price: newPrice } });
    expect(updated.status(), await updated.text()).toBe(200);
    await database.run((db) => db.update(products).set({ priceCheckedAt: new Date() }).where(inArray(products.id, [alpha.id])));
    const followed = await publishedHtml(page, `/blog/${slug}`, formatPrice(newPrice));
    expect(followed).not.toContain(formatPrice(alpha.body.price));

    // A product deleted: it drops out of the list and the table, and the overview names the post.
    const deleted = await page.request.delete(`/api/admin/products/${charlie.id}`);
    expect(deleted.status()).toBe(200);
    const dropped = await publishedHtml(page, `/blog/${slug}`, alpha.body.name, charlie.body.name);
    expect(dropped).toContain(bravo.body.name);
    await page.goto('/dashboard/overview');
    const notice = page.getByRole('region', { name: 'Posts missing products' });
    await expect(notice.getByRole('listitem').filter({ hasText: title })).toContainText(`#${charlie.id}`);
  } finally {
    if (postId !== undefined) await page.request.delete(`/api/admin/blog/${postId}`);
    for (const product of made) if (product.id) await page.request.delete(`/api/admin/products/${product.id}`);
  }
});
