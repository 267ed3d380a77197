/** A product's price history for its admin page (src/domain/admin/prices.ts priceHistorySchema). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import type { PriceConfirm, PriceHistory } from '../../domain/admin/prices.ts';
import { isPriceStale } from '../../domain/product-display/price-age.ts';
import { appendAudit, type AuditActor } from '../admin/audit.ts';
import { notePriceCheck, readPriceHistory } from './price-checks.ts';
import { readStaleAfterHours } from './price-settings.ts';

/** Null when no product has the id. */
export async function readProductPrices(database: Database, productId: number, now = Date.now()): Promise<PriceHistory | null> {
  const product = await database.run((db) =>
    db
      .select({
        priceCheckedAt: products.priceCheckedAt,
        priceSource: products.priceSource,
        priceCheckError: products.priceCheckError,
        price: products.price,
        salePrice: products.salePrice,
        inStock: products.inStock,
      })
      .from(products)
      .where(eq(products.id, productId))
      .get(),
  );
  if (!product) return null;
  const [checks, staleAfterHours] = await Promise.all([readPriceHistory(database, productId), readStaleAfterHours(database)]);
  return {
    productId,
    priceCheckedAt: product.priceCheckedAt?.toISOString() ?? null,
    priceSource: product.priceSource,
    stale: isPriceStale(product.priceCheckedAt?.getTime(), staleAfterHours, now),
    priceCheckError: product.priceCheckError,
    current: { price: product.price, salePrice: product.salePrice, inStock: product.inStock },
    checks: checks.map((check) => ({ ...check, checkedAt: check.checkedAt.toISOString() })),
  };
}

export type ConfirmOutcome = 'confirmed' | 'changed' | 'not-found';

/**
 * The admin's word that the stored price, sale price and stock are still what the retailer shows: a check by 'admin'
 * now, with an audit entry, in one transaction. 'changed' when the stored values are no longer the ones the admin
 * saw (nothing is written).
 */
export async function confirmProductPrice(database: Database, actor: AuditActor, productId: number, seen: PriceConfirm, now = new Date()): Promise<ConfirmOutcome> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const stored = await tx
        .select({ name: products.name, price: products.price, salePrice: products.salePrice, inStock: products.inStock })
        .from(products)
        .where(eq(products.id, productId))
        .get();
      if (!stored) return 'not-found';
      if (stored.price !== seen.price || stored.salePrice !== seen.salePrice || stored.inStock !== seen.inStock) return 'changed';
      await notePriceCheck(tx, productId, { ...seen, source: 'admin', checkedAt: now }, now.getTime());
      await appendAudit(tx, actor, { action: 'product.price_confirmed', entityType: 'product', entityId: productId, summary: `Confirmed the price of "${stored.name}"` });
      return 'confirmed';
    }),
  );
}
