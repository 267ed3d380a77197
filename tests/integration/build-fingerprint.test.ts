/**
 * The build's fingerprint against a real database (src/server/local/fingerprint.ts, src/server/build-inputs.ts):
 * what the site records while it runs, through the very services that write it, leaves the build up to date; a
 * change a page would show makes it stale.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, categories, products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { createUser } from '../../src/server/accounts.ts';
import { saveHeroSetting } from '../../src/server/admin/hero.ts';
import { setPostPublished } from '../../src/server/admin/blog.ts';
import type { BuildStamp } from '../../src/server/local/build-record.ts';
import { staleReason } from '../../src/server/local/build-record.ts';
import { projectRoot } from '../../src/server/local/builder.ts';
import { computeFingerprint } from '../../src/server/local/fingerprint.ts';
import { markToken, recordRun, setRateLimitedUntil } from '../../src/server/pinterest/state.ts';
import { insertBuildRequest } from '../../src/server/rebuild.ts';
import { recordConversion } from '../../src/server/revenue/conversions.ts';
import { createSession } from '../../src/server/session.ts';
import { reserveSignInAttempt } from '../../src/server/sign-in-throttle.ts';
import { recordTrackEvent } from '../../src/server/tracking.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let admin: { id: string; email: string };
const stamp = () => computeFingerprint({ database: temp.database, projectRoot, env: { SITE_URL: 'http://localhost:8888' } });

beforeAll(async () => {
  temp = await createTempDatabase();
  await seedDemoContent(temp.database, { productCount: 12 });
  const user = await createUser(temp.database, { email: 'fingerprint-admin@example.com', password: 'a long enough password 1', role: 'admin' });
  admin = { id: user!.id, email: user!.email };
});
afterAll(() => temp?.cleanup());

async function firstProduct() {
  const [product] = await temp.database.run((db) => db.select().from(products).orderBy(asc(products.id)).limit(1));
  return product!;
}

describe('runtime state is no input of the build', () => {
  it('leaves the fingerprint as it was after timers, beacons, postbacks and sign-ins write', async () => {
    const before = await stamp();
    const product = await firstProduct();

    // The Pinterest timer's last run, every five minutes, and the token and rate-limit state beside it.
    const report = { published: 0, failed: 0, left: 0, reconciled: 0, stoppedBecause: 'done' as const, message: 'Nothing due.', results: [] };
    await recordRun(temp.database, report, new Date());
    await markToken(temp.database, 'token-fingerprint', 'valid', null);
    await setRateLimitedUntil(temp.database, new Date(Date.now() + 60_000));
    // A counted view and click (product_analytics, click_count, the repeat window, the day's salt).
    expect(await recordTrackEvent(temp.database, { productId: product.id, event: 'view', clientAddress: '203.0.113.7', userAgent: 'Mozilla/5.0' })).toBe('recorded');
    expect(await recordTrackEvent(temp.database, { productId: product.id, event: 'click', clientAddress: '203.0.113.7', userAgent: 'Mozilla/5.0' })).toBe('recorded');
    // A sale (conversion_count and revenue_cents on the product).
    await recordConversion(temp.database, { network: 'impact', transactionId: 'tx-1', clickId: null, productId: product.id, status: 'approved', saleCents: 5000, commissionCents: 400, currency: 'USD', source: 'report' });
    // A session and a sign-in attempt.
    await createSession(temp.database, { id: admin.id, role: 'admin' });
    await reserveSignInAttempt(temp.database, 'account:someone@example.com');

    const after = await firstProduct();
    expect([after.clickCount, after.conversionCount, after.revenueCents]).toEqual([product.clickCount + 1, product.conversionCount + 1, product.revenueCents + 400]);
    expect(await stamp()).toEqual(before);
  });

  it('leaves it as it was after an edit of a draft, which no page shows', async () => {
    const product = await firstProduct();
    await temp.database.run((db) => db.update(products).set({ attributes: sql`json_set(${products.attributes}, '$.status', 'draft')` }).where(eq(products.id, product.id)));
    const before = await stamp();
    await temp.database.run((db) => db.update(products).set({ price: product.price + 1 }).where(eq(products.id, product.id)));
    expect(await stamp()).toEqual(before);
  });
});

describe('content is', () => {
  const changes: [string, () => Promise<unknown>][] = [
    ['a product edit', async () => temp.database.run((db) => db.update(products).set({ name: 'Renamed Foam Roller' }).where(sql`${products.id} = (select max(id) from products)`))],
    ['a product published from draft', async () => temp.database.run((db) => db.update(products).set({ attributes: sql`json_set(${products.attributes}, '$.status', 'active')` }).where(eq(products.id, sql`(select min(id) from products)`)))],
    ['a new category', async () => temp.database.run((db) => db.insert(categories).values({ name: 'Fingerprint Gear', slug: 'fingerprint-gear' }))],
    ['the hero', async () => saveHeroSetting(temp.database, admin, { type: 'color', color: '#1e3a5f' })],
    [
      'a post unpublished',
      async () => {
        const [post] = await temp.database.run((db) => db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.published, true)).limit(1));
        return setPostPublished(temp.database, admin, post!.id, false);
      },
    ],
    ['a rebuild request', async () => insertBuildRequest(temp.database, { reason: 'admin asked', target: 'local' })],
  ];

  for (const [what, change] of changes) {
    it(`changed by ${what}`, async () => {
      const before: BuildStamp = await stamp();
      await change();
      const after = await stamp();
      expect(staleReason(before, after)).toBe('content changed since the last build');
    });
  }
});
