/**
 * The wishlist links on to retailers' products, so the short affiliate disclosure comes before the
 * first of them (issue 9, point 4). A fresh account saves one product through the real API.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { priceStamp, stalePriceLabel } from '../../src/domain/product-display/price-age.ts';
import { signUp } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test('the wishlist shows the short disclosure above its first product, and each price with its age', async ({ page }) => {
  // Signing up hashes a password and the list is read by an island: allow for a loaded machine.
  test.slow();
  const database = new Database({ url: process.env.DATABASE_URL! });
  const product = await database.run((db) =>
    db
      .select({ id: products.id, name: products.name, priceCheckedAt: products.priceCheckedAt, affiliateSource: products.affiliateSource, affiliateUrl: products.affiliateUrl })
      .from(products)
      .where(and(eq(products.availability, true), eq(products.inStock, true), isNotNull(products.priceCheckedAt)))
      .orderBy(asc(products.id))
      .limit(1)
      .get(),
  );
  database.close();

  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  await signUp(page, `e2e-disclosure-${Date.now()}@example.com`);

  // Saved from the page, as the Save button does, so the request carries the session cookie and the site's origin.
  const status = await page.evaluate(async (productId) => {
    const response = await fetch('/api/wishlist', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId }) });
    return response.status;
  }, product!.id);
  expect(status).toBeLessThan(300);

  await page.goto('/wishlist');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product!.name }) });
  await expect(card).toBeVisible();
  const disclosure = page.getByText('We earn a commission when you buy through links on this page, at no extra cost to you.');
  await expect(disclosure).toBeVisible();
  await expect(disclosure.getByRole('link', { name: 'Affiliate disclosure' })).toHaveAttribute('href', '/privacy-policy#affiliate-links-and-retailers');
  const [noteBox, cardBox] = await Promise.all([disclosure.boundingBox(), card.boundingBox()]);
  expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(cardBox!.y);

  // The saved price carries its age, as on the product's page; read after the stale limit (24 hours by default), the
  // list says where to check the price instead of showing an old one.
  const checkedAt = product!.priceCheckedAt!.getTime();
  const label = stalePriceLabel(product!.affiliateSource, product!.affiliateUrl);
  if (Date.now() < checkedAt + 24 * 3_600_000) {
    await expect(card.getByText(priceStamp(checkedAt), { exact: true })).toBeVisible();
    await expect(card.getByText(label, { exact: true })).toHaveCount(0);
  }
  const later = await page.context().newPage();
  await later.clock.install({ time: checkedAt + 30 * 3_600_000 });
  await later.goto('/wishlist');
  const laterCard = later.getByRole('listitem').filter({ has: later.getByRole('heading', { name: product!.name }) });
  await expect(laterCard.getByText(label, { exact: true })).toBeVisible();
  await expect(laterCard.getByText(priceStamp(checkedAt), { exact: true })).toHaveCount(0);
  await expect(laterCard.getByText(/^\$/)).toHaveCount(0);
});
