/** Categories for the admin panel (issue 10, point 5). */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { categories, products } from '../../../db/schema.ts';
import { byNameUncategorizedLast, type AdminCategory } from '../../domain/admin/categories.ts';

/** Every category with the number of its products (all statuses), by name with uncategorized last. */
export async function listAdminCategories(database: Database): Promise<AdminCategory[]> {
  const rows = await database.run((db) => {
    const counts = db
      .select({ categoryId: products.categoryId, productCount: count().as('product_count') })
      .from(products)
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
      .leftJoin(counts, eq(counts.categoryId, categories.id));
  });
  return rows.sort(byNameUncategorizedLast);
}
