/**
 * The conversion write path on a real database file (issue 14, point 3): idempotent on (network, transaction id),
 * atomic with the product's totals, unknown clicks kept as unattributed, and exact under parallel deliveries.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../db/client.ts';
import { clicks, conversions, productAnalytics, products } from '../../db/schema.ts';
import { assignConversionProduct, ConversionConflict, recordConversion, type ConversionReport } from '../../src/server/revenue/conversions.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let productId: number;
let otherId: number;

beforeAll(async () => {
  temp = await createTempDatabase();
  await temp.database.run(async (db) => {
    const rows = await db
      .insert(products)
      .values([
        { name: 'Massage Gun', slug: 'massage-gun', price: 99, affiliateUrl: 'https://example.com/a' },
        { name: 'Foam Roller', slug: 'foam-roller', price: 25, affiliateUrl: 'https://example.com/b' },
      ])
      .returning();
    productId = rows[0]!.id;
    otherId = rows[1]!.id;
    await db.insert(clicks).values([
      { clickId: 'click-gun-0000000000001', productId, pagePath: '/product/massage-gun', network: 'impact' },
      { clickId: 'click-roll-000000000001', productId: otherId, pagePath: '/blog/recovery', network: 'awin' },
    ]);
  });
});
afterAll(() => temp.cleanup());

async function productFigures(id: number) {
  return temp.database.run((db) =>
    db.select({ count: products.conversionCount, revenue: products.revenueCents }).from(products).where(eq(products.id, id)).get(),
  );
}

const report = (overrides: Partial<ConversionReport>): ConversionReport => ({
  network: 'impact',
  transactionId: 'T-1',
  clickId: 'click-gun-0000000000001',
  status: 'pending',
  saleCents: 10_000,
  commissionCents: 800,
  currency: 'USD',
  source: 'postback',
  ...overrides,
});

describe('recordConversion', () => {
  it('creates, ignores a repeat, approves with a new commission and subtracts a reversal', async () => {
    const first = await recordConversion(temp.database, report({}));
    expect(first).toMatchObject({ outcome: 'created', productId, conversionCountDelta: 1, revenueCentsDelta: 800 });
    expect(await recordConversion(temp.database, report({}))).toMatchObject({ outcome: 'unchanged', conversionCountDelta: 0 });
    expect(await productFigures(productId)).toEqual({ count: 1, revenue: 800 });

    expect(await recordConversion(temp.database, report({ status: 'approved', commissionCents: 900 }))).toMatchObject({
      outcome: 'updated',
      conversionCountDelta: 0,
      revenueCentsDelta: 100,
    });
    expect(await productFigures(productId)).toEqual({ count: 1, revenue: 900 });

    expect(await recordConversion(temp.database, report({ status: 'reversed', commissionCents: 0 }))).toMatchObject({
      outcome: 'updated',
      conversionCountDelta: -1,
      revenueCentsDelta: -900,
    });
    expect(await productFigures(productId)).toEqual({ count: 0, revenue: 0 });
    const row = await temp.database.run((db) => db.select().from(conversions).where(eq(conversions.id, first.conversionId)).get());
    expect(row).toMatchObject({ status: 'reversed', commissionCents: 900, pagePath: '/product/massage-gun', source: 'postback' });

    // The ledger in product_analytics sums to the product's revenue.
    const ledger = await temp.database.run((db) =>
      db
        .select({ total: sql<number>`sum(${productAnalytics.revenueCents})` })
        .from(productAnalytics)
        .where(eq(productAnalytics.productId, productId))
        .get(),
    );
    expect(ledger?.total).toBe(0);
  });

  it('stores an unknown click as unattributed, then credits the product it is assigned to once', async () => {
    const before = await productFigures(otherId);
    const stored = await recordConversion(temp.database, report({ network: 'awin', transactionId: 'A-9', clickId: 'never-seen-click-id-000' }));
    expect(stored).toMatchObject({ outcome: 'created', productId: null, conversionCountDelta: 0, revenueCentsDelta: 0 });
    const assigned = await assignConversionProduct(temp.database, stored.conversionId, otherId);
    expect(assigned).toMatchObject({ ok: true, conversion: { conversionCountDelta: 1, revenueCentsDelta: 800 } });
    expect(await assignConversionProduct(temp.database, stored.conversionId, otherId)).toEqual({ ok: false, reason: 'already-attributed' });
    expect(await productFigures(otherId)).toEqual({ count: before!.count + 1, revenue: before!.revenue + 800 });
  });

  it('keeps the report’s own product when there is no click, and one transaction id per network', async () => {
    const amazon = await recordConversion(temp.database, report({ network: 'amazon', transactionId: 'T-1', clickId: null, productId: otherId, source: 'report' }));
    expect(amazon).toMatchObject({ outcome: 'created', productId: otherId });
  });

  it('keeps the stored sale amount when a report leaves it out, and refuses a change of currency without writing', async () => {
    await recordConversion(temp.database, report({ network: 'generic', transactionId: 'S-1', saleCents: 10_000, commissionCents: 200, status: 'approved' }));
    await recordConversion(temp.database, report({ network: 'generic', transactionId: 'S-1', saleCents: null, commissionCents: 200, status: 'approved' }));
    const kept = await temp.database.run((db) => db.select().from(conversions).where(eq(conversions.transactionId, 'S-1')).get());
    expect(kept).toMatchObject({ saleCents: 10_000, commissionCents: 200 });

    const before = await productFigures(productId);
    await expect(recordConversion(temp.database, report({ network: 'generic', transactionId: 'S-1', currency: 'JPY', commissionCents: 999_900, status: 'approved' }))).rejects.toBeInstanceOf(
      ConversionConflict,
    );
    expect(await productFigures(productId)).toEqual(before);
    const unchanged = await temp.database.run((db) => db.select().from(conversions).where(eq(conversions.transactionId, 'S-1')).get());
    expect(unchanged).toMatchObject({ currency: 'USD', commissionCents: 200 });
  });

  it('ends a burst of 1,000 parallel deliveries, 20% of them repeats, with exact totals', async () => {
    const id = await temp.database.run(async (db) => {
      const [row] = await db.insert(products).values({ name: 'Burst', slug: 'burst', price: 1, affiliateUrl: 'https://example.com/burst' }).returning();
      await db.insert(clicks).values({ clickId: 'click-burst-00000000001', productId: row!.id, pagePath: '/products', network: 'cj' });
      return row!.id;
    });
    const unique = Array.from({ length: 800 }, (_, i) => report({ network: 'cj', transactionId: `B-${i}`, clickId: 'click-burst-00000000001', commissionCents: 100 + i }));
    const deliveries = [...unique, ...unique.slice(0, 200)];
    const queue = [...deliveries];
    // Two clients on one file, as two function processes: the write lock, not this process's queue, keeps them exact.
    const second = new Database({ url: temp.url });
    await Promise.all(
      Array.from({ length: 50 }, async (_, worker) => {
        const database = worker % 2 === 0 ? temp.database : second;
        for (let next = queue.shift(); next; next = queue.shift()) await recordConversion(database, next);
      }),
    );
    second.close();
    const expectedRevenue = unique.reduce((sum, r) => sum + r.commissionCents, 0);
    expect(await productFigures(id)).toEqual({ count: 800, revenue: expectedRevenue });
    const rows = await temp.database.run((db) => db.select({ n: sql<number>`count(*)` }).from(conversions).where(eq(conversions.productId, id)).get());
    expect(rows?.n).toBe(800);
  });
});
