/**
 * Which published posts' product blocks reference products the site no longer shows (deleted, drafts or unavailable),
 * roundups whose picks do, and guides whose blocks do, as the next build will find them: the overview names them so an
 * owner learns without reading a build log. Two queries whatever the number of posts or blocks: the posts that hold a
 * block, then every referenced id at once (the guides are read from their files, guide-articles.ts).
 */
import { and, eq, inArray, like, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { blogPosts, products } from '../../../db/schema.ts';
import { articleBlocks } from '../../domain/article-blocks/article-html.ts';
import { articleLosses, type ArticleLoss } from '../../domain/article-blocks/block-resolution.ts';
import { roundupBlocks, storedRoundup } from '../../domain/editorial/roundup.ts';
import { readGuideArticles } from './guide-articles.ts';

/** Which kind of article lost products: a post is edited in the admin panel, a guide in its Markdown file. */
export type BlockLoss = ArticleLoss & { kind: 'post' | 'guide' };

export async function listBlockLosses(database: Database, guides = readGuideArticles()): Promise<BlockLoss[]> {
  const posts = await database.run((db) =>
    db
      .select({ slug: blogPosts.slug, title: blogPosts.title, content: blogPosts.content, kind: blogPosts.kind, roundup: blogPosts.roundup })
      .from(blogPosts)
      .where(and(eq(blogPosts.published, true), or(like(blogPosts.content, '%data-product-block%'), eq(blogPosts.kind, 'roundup')))),
  );
  // A roundup's picks are lost like a block's products (roundupBlocks).
  const articles = [
    ...posts.map((post) => ({
      kind: 'post' as const,
      page: `/blog/${post.slug}`,
      title: post.title,
      blocks: [...articleBlocks(post.content), ...(post.kind === 'roundup' ? roundupBlocks(storedRoundup(post.roundup)) : [])],
    })),
    ...guides.map((guide) => ({ kind: 'guide' as const, ...guide })),
  ];
  const ids = [...new Set(articles.flatMap((article) => article.blocks.flatMap((block) => block.ids)))];
  if (ids.length === 0) return [];
  const shown = await database.run((db) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, ids), ne(products.status, 'draft'), eq(products.availability, true))),
  );
  const shownIds = new Set(shown.map((row) => row.id));
  const kindOf = new Map(articles.map((article) => [article.page, article.kind]));
  return articleLosses(articles, (id) => shownIds.has(id)).map((loss) => ({ ...loss, kind: kindOf.get(loss.page) ?? 'post' }));
}
