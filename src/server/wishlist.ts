/** A signed-in person's saved products. Every query is scoped by user id. */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, wishlists } from '../../db/schema.ts';
import type { WishlistItem } from '../domain/saved-items.ts';

export type AddOutcome = 'added' | 'duplicate' | 'not-found';

export async function listWishlist(database: Database, userId: string): Promise<WishlistItem[]> {
  const rows = await database.run((db) =>
    db
      .select({
        id: wishlists.id,
        productId: wishlists.productId,
        createdAt: wishlists.createdAt,
        product: { id: products.id, name: products.name, slug: products.slug, price: products.price, salePrice: products.salePrice, inStock: products.inStock, imageUrl: products.imageUrl },
      })
      .from(wishlists)
      .innerJoin(products, eq(products.id, wishlists.productId))
      .where(eq(wishlists.userId, userId))
      .orderBy(desc(wishlists.createdAt), desc(wishlists.id)),
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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
