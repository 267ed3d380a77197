/**
 * A retailer link an admin writes into a blog post gets a click id like any buy link (issue 14, point 1: a click id
 * for every outbound click). Once the post is published and the site rebuilt, its link to a catalogue product's offer
 * names that product on the page, and following it puts a fresh click id into the outbound URL's sub-id slot (the
 * demo's eBay links are eBay Partner Network links: `customid`) and stores the click with the product and the post's
 * path. A retailer link to no product of the catalogue stays a sponsored link without one. The retailer is never
 * reached: every retailer host is answered by the test (context.route).
 *
 * It reads its own click from the run's database; admin-analytics.spec.ts, which checks exact totals, counts on a copy
 * of its own (own-server.ts), so the click cannot reach its figures.
 */
import { isClickId } from '../../src/domain/revenue/click-id.ts';
import { e2eAccounts } from './accounts.ts';
import { publishedHtml, REBUILD_TIMEOUT, runDatabase, signIn } from './admin-helpers.ts';
import { fakeRetailers, follow, retailerProducts, storedClick } from './click-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A browser's User-Agent: headless Chromium's says HeadlessChrome, a declared bot, whose clicks are not stored. */
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' });

const run = runDatabase();

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

test('a post’s link to a catalogue product carries a click id once published', async ({ page, context }) => {
  test.setTimeout(REBUILD_TIMEOUT + 120_000);
  await signIn(page, e2eAccounts.admin);
  // From the middle of the name order, where no admin spec changes products.
  const ebay = await retailerProducts(run.database, 'ebay');
  const product = ebay[Math.floor(ebay.length / 2)]!;
  if (!product.affiliateUrl) throw new Error(`product ${product.id} has no link`);

  const slug = `our-pick-${Date.now().toString(36)}`;
  const content =
    `<p>Our pick: <a href="${escapeAttribute(product.affiliateUrl)}">the one we use</a>. ` +
    'Or browse <a href="https://www.ebay.com/b/Fitness-Running-Yoga/15273/bn_1865300">the fitness aisle</a>.</p>';
  const created = await page.request.post('/api/admin/blog', { data: { title: `Our pick ${slug}`, slug, excerpt: 'What we use.', content, published: true } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await publishedHtml(page, `/blog/${slug}`, 'the one we use');
    await fakeRetailers(context);
    await page.goto(`/blog/${slug}`);
    const body = page.locator('.prose-content');
    const pick = body.getByRole('link', { name: 'the one we use' });
    await expect(pick).toHaveAttribute('data-track-click', String(product.id));
    await expect(pick).toHaveAttribute('rel', 'sponsored noopener');
    const aisle = body.getByRole('link', { name: 'the fitness aisle' });
    await expect(aisle).toHaveAttribute('rel', 'sponsored noopener');
    await expect(aisle).not.toHaveAttribute('data-track-click');

    const { url, body: beacon } = await follow(page, pick);
    const clickId = url.searchParams.get('customid')!;
    expect(isClickId(clickId)).toBe(true);
    url.searchParams.delete('customid');
    expect(url.href).toBe(new URL(product.affiliateUrl).href);
    expect(beacon).toEqual({ productId: product.id, event: 'click', clickId, pagePath: `/blog/${slug}`, network: 'ebay' });
    expect(await storedClick(run.database, clickId)).toMatchObject({ clickId, productId: product.id, pagePath: `/blog/${slug}`, network: 'ebay' });
  } finally {
    await page.request.delete(`/api/admin/blog/${id}`);
  }
});
