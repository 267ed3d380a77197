/** A product's price history for its admin page (src/domain/admin/prices.ts priceHistorySchema). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import type { PriceHistory } from '../../domain/admin/prices.ts';
import { isPriceStale } from '../../domain/product-display/price-age.ts';
import { readPriceHistory } from './price-checks.ts';
import { readStaleAfterHours } from './price-settings.ts';

/** Null when no product has the id. */
export async function readProductPrices(database: Database, productId: number, now = Date.now()): Promise<PriceHistory | null> {
  const product = await database.run((db) =>
    db
      .select({ priceCheckedAt: products.priceCheckedAt, priceSource: products.priceSource, priceCheckError: products.priceCheckError })
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
    checks: checks.map((check) => ({ ...check, checkedAt: check.checkedAt.toISOString() })),
  };
}
