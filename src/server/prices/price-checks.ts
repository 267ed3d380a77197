/**
 * Records price checks (src/domain/prices/price-check.ts): the product's price, sale price and stock with when and by
 * what they were checked, and a history row, the last PRICE_HISTORY_LIMIT kept per product. Every write path that sets
 * a price or stock calls notePriceCheck inside its own transaction; a job (the Amazon refresh, the link checker) calls
 * recordPriceCheck, which is its own transaction.
 */
import { and, desc, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { priceChecks, products } from '../../../db/schema.ts';
import { checkedTooFarAhead, PRICE_HISTORY_LIMIT, priceCheckSchema, type PriceCheck, type PriceCheckSourceName } from '../../domain/prices/price-check.ts';

/** A check refused for its values: the caller's input, not the database, is wrong. */
export class PriceCheckError extends Error {}

function validated(check: PriceCheck, now: number): PriceCheck {
  const parsed = priceCheckSchema.safeParse(check);
  if (!parsed.success) throw new PriceCheckError(parsed.error.issues[0]?.message ?? 'Invalid price check');
  if (checkedTooFarAhead(parsed.data.checkedAt, now)) throw new PriceCheckError('checkedAt is in the future');
  return parsed.data;
}

/** Inside the caller's transaction: the product's current values and stamp, and a history row. */
export async function notePriceCheck(tx: Tx, productId: number, check: PriceCheck, now = Date.now()): Promise<void> {
  const valid = validated(check, now);
  await tx.insert(priceChecks).values({ productId, ...valid });
  await trimHistory(tx, productId);
  // A check older than the product's stamp (a late job, an undo) joins the history but never turns the product back.
  const newest = or(isNull(products.priceCheckedAt), lte(products.priceCheckedAt, valid.checkedAt));
  await tx
    .update(products)
    .set(
      valid.price === null
        ? { inStock: valid.inStock }
        : {
            price: valid.price,
            salePrice: valid.salePrice,
            inStock: valid.inStock,
            priceCheckedAt: valid.checkedAt,
            priceSource: valid.source,
            priceCheckFailedAt: null,
            priceCheckError: null,
          },
    )
    .where(valid.price === null ? eq(products.id, productId) : and(eq(products.id, productId), newest));
}

/**
 * Stock set for many products at once (bulk stock changes and their undo): one history row each, price null, so the
 * price's stamp stays where it was. The caller has already written in_stock.
 */
export async function noteStockChecks(tx: Tx, rows: readonly { id: number; inStock: boolean }[], source: PriceCheckSourceName, checkedAt: Date): Promise<void> {
  if (rows.length === 0) return;
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await tx.insert(priceChecks).values(chunk.map((row) => ({ productId: row.id, price: null, salePrice: null, inStock: row.inStock, source, checkedAt })));
  }
  const ids = rows.map((row) => row.id);
  // One statement for every product: rows beyond each product's newest PRICE_HISTORY_LIMIT go.
  await tx.run(sql`
    DELETE FROM price_checks
    WHERE ${inJsonList(priceChecks.productId, ids)}
      AND id NOT IN (
        SELECT keep.id FROM price_checks AS keep
        WHERE keep.product_id = price_checks.product_id
        ORDER BY keep.checked_at DESC, keep.id DESC
        LIMIT ${PRICE_HISTORY_LIMIT}
      )`);
}

async function trimHistory(tx: Tx, productId: number): Promise<void> {
  const newest = tx
    .select({ id: priceChecks.id })
    .from(priceChecks)
    .where(eq(priceChecks.productId, productId))
    .orderBy(desc(priceChecks.checkedAt), desc(priceChecks.id))
    .limit(PRICE_HISTORY_LIMIT);
  await tx.delete(priceChecks).where(and(eq(priceChecks.productId, productId), notInArray(priceChecks.id, newest)));
}

/**
 * The one entry point for jobs that check prices (the Amazon refresh, the link checker): records the check in its own
 * transaction. False when no product has the id; throws PriceCheckError for values no retailer gives.
 */
export async function recordPriceCheck(
  database: Database,
  productId: number,
  check: PriceCheck,
  now = Date.now(),
  /** More the same check brings (the Amazon refresh's image links), written in the same transaction. */
  alsoWrite?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  validated(check, now);
  return database.run((db) =>
    db.transaction(async (tx) => {
      const found = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get();
      if (!found) return false;
      await notePriceCheck(tx, productId, check, now);
      await alsoWrite?.(tx);
      return true;
    }),
  );
}

/** A check that failed (the API refused, the page gave no price): the admin's 'failing' filter shows it until a success. */
export async function recordPriceCheckFailure(database: Database, productId: number, failure: { error: string; at: Date }): Promise<void> {
  await database.run((db) =>
    db
      .update(products)
      .set({ priceCheckFailedAt: failure.at, priceCheckError: failure.error.slice(0, 500) })
      .where(eq(products.id, productId)),
  );
}

/** A product's history, newest first (the admin's chart). */
export async function readPriceHistory(database: Database, productId: number) {
  return database.run((db) =>
    db
      .select({
        price: priceChecks.price,
        salePrice: priceChecks.salePrice,
        inStock: priceChecks.inStock,
        source: priceChecks.source,
        checkedAt: priceChecks.checkedAt,
      })
      .from(priceChecks)
      .where(eq(priceChecks.productId, productId))
      .orderBy(desc(priceChecks.checkedAt), desc(priceChecks.id))
      .limit(PRICE_HISTORY_LIMIT),
  );
}
