/**
 * What the click id specs share: the demo's products of a retailer, retailers answered by the test, following a buy
 * link, and the click it stored.
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import type { Database } from '../../db/client.ts';
import { clicks, products, type Product } from '../../db/schema.ts';
import { expect } from './fixtures.ts';

/**
 * The demo's available products of one retailer with an https link, in name order. Admin specs that click pick from
 * the middle: admin-products.spec.ts works near the start of the name order, admin-csv-import.spec.ts at the end.
 */
export async function retailerProducts(database: Database, source: 'ebay' | 'amazon'): Promise<Product[]> {
  const rows = await database.run((db) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.availability, true), eq(products.affiliateSource, source), like(products.affiliateUrl, 'https://%')))
      .orderBy(asc(products.name))
      .all(),
  );
  if (rows.length === 0) throw new Error(`the demo seed has no ${source} product`);
  return rows;
}

/** Every request to a retailer is answered here: no real network, and the test sees the URL the browser asked for. */
export async function fakeRetailers(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(ebay|amazon)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Retailer</title><p>Retailer</p>' }),
  );
}

/** The stored click with this id, once the tracking writer has written it. */
export async function storedClick(database: Database, clickId: string) {
  await expect.poll(async () => (await database.run((db) => db.select().from(clicks).where(eq(clicks.clickId, clickId)).get())) ?? null).not.toBeNull();
  return (await database.run((db) => db.select().from(clicks).where(eq(clicks.clickId, clickId)).get()))!;
}

function isClickBeacon(request: Request): boolean {
  return request.url().endsWith('/api/track') && request.postData()?.includes('"click"') === true;
}

/** Follows the link with a primary click; answers the URL the new tab opened and the beacon's body. */
export async function follow(page: Page, link: Locator, how: (link: Locator) => Promise<void> = (l) => l.click()) {
  const beacon = page.waitForRequest(isClickBeacon);
  const popup = page.context().waitForEvent('page');
  await how(link);
  const opened = await popup;
  // A Ctrl or middle click opens a background tab, which Chromium may not load until it is shown.
  await opened.bringToFront();
  await opened.waitForURL(/^https:/, { waitUntil: 'commit' });
  await page.bringToFront();
  const body = JSON.parse((await beacon).postData()!) as { productId: number; clickId: string; pagePath: string; network: string | null };
  const url = new URL(opened.url());
  await opened.close();
  return { url, body };
}
