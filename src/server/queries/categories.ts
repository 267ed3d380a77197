/** Build-time read of categories with their product counts, for the `categories` collection. */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { categories, products } from '../../../db/schema.ts';
import { getDatabase } from '../db.ts';

export type CategoryRecord = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  showInNavigation: boolean;
  navigationOrder: number | null;
  /** Available products in the category (spec section 3: availability true), drafts not counted. */
  productCount: number;
};

/** All categories, by navigation order (nulls last) then name, each with its available-product count. */
export async function listCategoriesForBuild(database: Database = getDatabase()): Promise<CategoryRecord[]> {
  return database.run((db) => {
    // Counted in one grouped subquery rather than once per category.
    const counts = db
      .select({ categoryId: products.categoryId, productCount: count().as('product_count') })
      .from(products)
      .where(and(eq(products.availability, true), ne(products.status, 'draft')))
      .groupBy(products.categoryId)
      .as('counts');
    return db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        showInNavigation: categories.showInNavigation,
        navigationOrder: categories.navigationOrder,
        productCount: sql<number>`coalesce(${counts.productCount}, 0)`.mapWith(Number),
      })
      .from(categories)
      .leftJoin(counts, eq(counts.categoryId, categories.id))
      .orderBy(sql`${categories.navigationOrder} is null`, asc(categories.navigationOrder), asc(categories.name));
  });
}
