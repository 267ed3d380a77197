/**
 * The heaviest comparison table an article can hold (BLOCK_LIMITS.table: 8 products), in a published post of its
 * own, so the bench weighs and runs Lighthouse on it beside a plain post: a table is static HTML, and the post must
 * load no more JavaScript than a post without one. The demo content has none (its roundups compare four picks).
 * Written as the blog admin API stores it (sanitizePostHtml), from listed, in-stock products, reviewed ones first so
 * the table's score and award rows are filled.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogPosts, products } from '../../db/schema.ts';
import { BLOCK_LIMITS, blockAttributes, type ProductBlock } from '../../src/domain/article-blocks/block-markup.ts';
import { sanitizePostHtml } from '../../src/server/html-sanitizer.ts';

export const TABLE_POST_SLUG = 'compare-eight-picks';
export const TABLE_POST_PRODUCTS = BLOCK_LIMITS.table;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The stored HTML of a post around one comparison table of these products. */
export function tablePostHtml(ids: readonly number[]): string {
  const block: ProductBlock = { kind: 'table', ids: [...ids], notes: [], rows: ['price', 'score', 'rating', 'award', 'best-for', 'stock'] };
  const attributes = Object.entries(blockAttributes(block))
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return sanitizePostHtml(
    [
      '<p>Eight of the products we rate most, side by side: what each costs today, how we scored it and who it suits.</p>',
      `<div ${attributes}></div>`,
      '<h2>How to read the table</h2>',
      '<p>Our score is the editors’ verdict out of 10; the shoppers’ rating is the retailers’ average. Prices are checked daily.</p>',
    ].join(''),
  );
}

/** Adds the post (published a day before `now`) and returns the products its table compares, in order. */
export async function addTablePost(database: Database, now = new Date()): Promise<number[]> {
  const rows = await database.run((db) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(ne(products.status, 'draft'), eq(products.availability, true)))
      .orderBy(desc(sql`${products.review} is not null`), asc(products.id))
      .limit(TABLE_POST_PRODUCTS),
  );
  const ids = rows.map((row) => row.id);
  if (ids.length < TABLE_POST_PRODUCTS) throw new Error(`bench: the table post needs ${TABLE_POST_PRODUCTS} listed products in stock, found ${ids.length}`);
  await database.run((db) =>
    db.insert(blogPosts).values({
      title: 'Eight picks compared',
      slug: TABLE_POST_SLUG,
      excerpt: 'Eight of the products we rate most, side by side.',
      content: tablePostHtml(ids),
      imageUrl: '/images/blog/beginner-home-gym-setup.svg',
      category: 'beginner',
      published: true,
      publishedAt: new Date(now.getTime() - 24 * 3_600_000),
    }),
  );
  return ids;
}
