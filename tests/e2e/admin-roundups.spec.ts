/**
 * A roundup written in the editor: the admin turns the Roundup switch on, names what it ranks (the title follows
 * 'The best {thing} of {year}'), chooses two picks from the product search, is told beside the field what a pick
 * lacks, gives each an award and a paragraph, reorders them and publishes; the public post shows the picks in that
 * order with their awards, the comparison table and the sections. Before publishing, the editor's Preview tab shows
 * the same: the picks under their awards with their products' prices, the comparison of the picks and the sections.
 *
 * An admin spec: it rebuilds the admin server's site, which no public spec reads (global-setup.ts). It works on two
 * products of its own.
 */
import { inArray } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { roundupTexts } from '../../src/domain/editorial/roundup.ts';
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
const made = ['Alpha', 'Bravo'].map((label, index) => ({
  body: {
    name: `Rounduptest ${run} ${label} Foam Roller`,
    asin: `B1${index}${run.slice(-7).padStart(7, '0')}`,
    sku: `RND-${run}-${index}`,
    affiliateUrl: `https://www.amazon.com/dp/B1${index}${run.slice(-7).padStart(7, '0')}`,
    description: `<p>${label}: a foam roller made for this test.</p>`,
    price: 20 + index * 15 + 0.99,
  },
  id: 0,
}));

test('an admin writes a roundup in the editor and publishes it', async ({ page, context }) => {
  test.setTimeout(REBUILD_TIMEOUT + 180_000);
  await signIn(page, e2eAccounts.admin);
  for (const product of made) {
    const created = await page.request.post('/api/admin/products', { data: product.body });
    expect(created.status(), await created.text()).toBe(201);
    product.id = ((await created.json()) as { product: { id: number } }).product.id;
  }
  const [alpha, bravo] = made as [(typeof made)[0], (typeof made)[0]];
  await database.run((db) => db.update(products).set({ priceCheckedAt: new Date() }).where(inArray(products.id, made.map((product) => product.id))));

  const year = new Date().getFullYear();
  const thing = `test rollers ${run.toLowerCase()}`;
  const title = `The best ${thing} of ${year}`;
  const slug = `the-best-test-rollers-${run.toLowerCase()}-of-${year}`;
  let postId: number | undefined;
  try {
    await page.goto('/dashboard/blog');
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('We rolled on every one of these for weeks.');
    await page.getByRole('switch', { name: /This post is a roundup/ }).check();
    await page.getByRole('textbox', { name: 'What it ranks' }).fill(thing);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
    await expect(page.getByRole('textbox', { name: 'Year' })).toHaveValue(String(year));

    await page.getByRole('button', { name: 'Choose products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roundup picks' });
    for (const product of [alpha, bravo]) {
      await dialog.getByRole('searchbox', { name: 'Search products by name, SKU or ASIN' }).fill(product.body.sku);
      await dialog.getByRole('list', { name: 'Search results' }).getByRole('button', { name: `Add ${product.body.name}` }).click();
    }
    await dialog.getByRole('button', { name: 'Use these picks' }).click();
    const picks = page.getByRole('list', { name: 'Picks' }).getByRole('listitem');
    await expect(picks).toHaveCount(2);

    // Publishing without awards: the message shows beside the award, nothing is sent.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('combobox', { name: `Award for ${alpha.body.name}` })).toHaveAccessibleDescription(new RegExp(roundupTexts.awardRequired));

    await page.getByRole('combobox', { name: `Award for ${alpha.body.name}` }).fill('Best Budget');
    await page.getByRole('textbox', { name: `Why we picked ${alpha.body.name}` }).fill('<p>Cheap and firm enough.</p>');
    await page.getByRole('combobox', { name: `Award for ${bravo.body.name}` }).fill('best overall');
    await page.getByRole('textbox', { name: `Why we picked ${bravo.body.name}` }).fill('<p>The one we reach for.</p>');
    await page.getByRole('button', { name: `Move ${bravo.body.name} up` }).click();
    await expect(picks.first()).toContainText(bravo.body.name);
    await page.getByRole('textbox', { name: 'How we chose' }).fill('<p>Three weeks of daily rolling.</p>');

    // The Preview tab: the roundup as the public page will show it, before anything is saved. Markup typed into a
    // section shows its formatting and never acts in the admin panel (the server's sanitizer decides what is stored).
    const competition = page.getByRole('textbox', { name: 'The competition' });
    await competition.fill('<p>Grid rollers were <strong>too sharp</strong>.<img src="/none.png" onerror="document.title=\'acted\'"><script>document.title = "acted"</script></p>');
    const adminTitle = await page.title();
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'Preview of the public post' });
    const previewPicks = preview.getByRole('region', { name: 'Our picks' });
    await expect(previewPicks.getByRole('heading', { level: 4 })).toHaveText([new RegExp(`^Best Overall\\s*: ${bravo.body.name}`), new RegExp(`^Best Budget\\s*: ${alpha.body.name}`)]);
    await expect(previewPicks.getByRole('listitem').first()).toContainText(formatPrice(bravo.body.price));
    await expect(previewPicks.getByRole('listitem').first()).toContainText('The one we reach for.');
    const previewTable = preview.getByRole('region', { name: 'Compare our picks' });
    await expect(previewTable.getByRole('columnheader')).toHaveText([bravo.body.name, alpha.body.name]);
    await expect(previewTable.getByRole('row', { name: /^Price/ })).toContainText(formatPrice(alpha.body.price));
    await expect(preview.getByRole('region', { name: 'How we chose' })).toContainText('Three weeks of daily rolling.');
    const previewCompetition = preview.getByRole('region', { name: 'The competition' });
    await expect(previewCompetition).toContainText('Grid rollers were too sharp.');
    await expect(previewCompetition.locator('strong')).toHaveText('too sharp');
    await expect(previewCompetition.locator('img, script')).toHaveCount(0);
    expect(await page.title()).toBe(adminTitle);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Write' }).click();
    await competition.fill('<p>Grid rollers were too sharp.</p>');

    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/blog') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Publish' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(201);
    postId = ((await answer.json()) as { id: number }).id;

    await publishedHtml(page, `/blog/${slug}`, 'data-roundup-pick');
    const reader = await context.newPage();
    await reader.goto(`/blog/${slug}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
    const shown = reader.getByRole('region', { name: 'Our picks' }).getByRole('heading', { level: 3 });
    await expect(shown).toHaveText([new RegExp(`^Best Overall\\s*: ${bravo.body.name}`), new RegExp(`^Best Budget\\s*: ${alpha.body.name}`)]);
    await expect(reader.getByRole('region', { name: 'Compare our picks' }).getByRole('columnheader')).toHaveCount(2);
    await expect(reader.getByText('Three weeks of daily rolling.')).toBeVisible();
    await expect(reader.getByText('Grid rollers were too sharp.')).toBeVisible();
    expect(await seriousViolations(reader)).toEqual([]);
    await reader.close();
  } finally {
    if (postId !== undefined) await page.request.delete(`/api/admin/blog/${postId}`);
    for (const product of made) if (product.id) await page.request.delete(`/api/admin/products/${product.id}`);
  }
});
