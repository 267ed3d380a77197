/** A signed-in person's saved products. Every query is scoped by user id. */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, wishlists } from '../../db/schema.ts';
import { amazonSiteOf, priceStaleAt, stalePriceLabel } from '../domain/product-display/price-age.ts';
import type { WishlistItem } from '../domain/saved-items.ts';
import { readStaleAfterHours } from './prices/price-settings.ts';

export type AddOutcome = 'added' | 'duplicate' | 'not-found';

/**
 * The list with each price's age: a price older than the admin's stale limit is not shown as current here either
 * (the same rule as the pages: src/domain/product-display/price-age.ts), and the page decides against the reader's
 * clock, since a tab may stay open.
 */
export async function listWishlist(database: Database, userId: string): Promise<WishlistItem[]> {
  const [rows, staleAfterHours] = await Promise.all([
    database.run((db) =>
      db
        .select({
          id: wishlists.id,
          productId: wishlists.productId,
          createdAt: wishlists.createdAt,
          product: {
            id: products.id,
            name: products.name,
            slug: products.slug,
            price: products.price,
            salePrice: products.salePrice,
            inStock: products.inStock,
            imageUrl: products.imageUrl,
            priceCheckedAt: products.priceCheckedAt,
            affiliateSource: products.affiliateSource,
            affiliateUrl: products.affiliateUrl,
          },
        })
        .from(wishlists)
        .innerJoin(products, eq(products.id, wishlists.productId))
        .where(eq(wishlists.userId, userId))
        .orderBy(desc(wishlists.createdAt), desc(wishlists.id)),
    ),
    readStaleAfterHours(database),
  ]);
  return rows.map(({ product: { priceCheckedAt, affiliateSource, affiliateUrl, ...product }, ...row }) => {
    const checkedAt = priceCheckedAt?.getTime() ?? null;
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      product: {
        ...product,
        priceCheckedAt: checkedAt,
        priceStaleAt: priceStaleAt(checkedAt, staleAfterHours),
        stalePriceLabel: stalePriceLabel(affiliateSource, affiliateUrl),
        amazonSite: amazonSiteOf(affiliateUrl),
      },
    };
  });
}

export async function addToWishlist(database: Database, userId: string, productId: number): Promise<AddOutcome> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const product = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get();
      if (!product) return 'not-found';
      const inserted = await tx
        .insert(wishlists)
        .values({ userId, productId })
        .onConflictDoNothing({ target: [wishlists.userId, wishlists.productId] })
        .returning({ id: wishlists.id });
      return inserted.length ? 'added' : 'duplicate';
    }),
  );
}

/** True when something was removed. */
export async function removeFromWishlist(database: Database, userId: string, productId: number): Promise<boolean> {
  const removed = await database.run((db) =>
    db
      .delete(wishlists)
      .where(and(eq(wishlists.userId, userId), eq(wishlists.productId, productId)))
      .returning({ id: wishlists.id }),
  );
  return removed.length > 0;
}
