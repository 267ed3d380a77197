/** Build-time read of the dates the sitemap's lastmod comes from (src/domain/publishing/sitemap-lastmod.ts). */
import { eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { authors, blogPosts, products } from '../../../db/schema.ts';
import type { LastmodData } from '../../domain/publishing/sitemap-lastmod.ts';
import { getDatabase } from '../db.ts';

/** What the public pages are made of: products but drafts, published posts, every author. */
export async function listSitemapDates(database: Database = getDatabase()): Promise<LastmodData> {
  return database.run(async (db) => {
    const [productRows, postRows, authorRows] = await Promise.all([
      db
        .select({
          slug: products.slug,
          updatedAt: products.updatedAt,
          // The review's reviewer, read defensively: a review written by other means may not be JSON or name no one.
          reviewerId: sql<number | null>`case when json_valid(${products.review}) and json_type(${products.review}, '$.reviewerId') = 'integer' then json_extract(${products.review}, '$.reviewerId') end`,
        })
        .from(products)
        .where(ne(products.status, 'draft')),
      db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, bylineAuthorId: blogPosts.bylineAuthorId }).from(blogPosts).where(eq(blogPosts.published, true)),
      db.select({ id: authors.id, slug: authors.slug, updatedAt: authors.updatedAt }).from(authors),
    ]);
    return { products: productRows, posts: postRows, authors: authorRows };
  });
}
