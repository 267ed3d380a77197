/** The figures on the admin overview: what the catalogue holds and how the site build is doing. */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogPosts, categories, contactMessages, products, users } from '../../db/schema.ts';
import type { AdminOverview } from '../domain/admin/overview.ts';
import { getBuildStatus } from './rebuild.ts';

export async function getAdminOverview(database: Database): Promise<AdminOverview> {
  const [productFigures, categoryCount, postFigures, userCount, messageCount] = await database.run((db) =>
    Promise.all([
      db
        .select({
          total: count(),
          inStock: sql<number>`coalesce(sum(${products.inStock}), 0)`,
          clicks: sql<number>`coalesce(sum(${products.clickCount}), 0)`,
          conversions: sql<number>`coalesce(sum(${products.conversionCount}), 0)`,
          revenueCents: sql<number>`coalesce(sum(${products.revenueCents}), 0)`,
        })
        .from(products)
        .get(),
      db.select({ n: count() }).from(categories).get(),
      db
        .select({ published: sql<number>`coalesce(sum(${blogPosts.published}), 0)`, total: count() })
        .from(blogPosts)
        .get(),
      db.select({ n: count() }).from(users).get(),
      db.select({ n: count() }).from(contactMessages).get(),
    ]),
  );
  return {
    products: productFigures!,
    categories: categoryCount!.n,
    posts: { published: postFigures!.published, drafts: postFigures!.total - postFigures!.published },
    users: userCount!.n,
    messages: messageCount!.n,
    builds: await getBuildStatus(5, database),
  };
}
