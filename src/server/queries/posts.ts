/** Build-time read of published blog posts, for the `posts` collection. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { blogPosts } from '../../../db/schema.ts';
import { storedRoundup } from '../../domain/editorial/roundup.ts';
import type { Roundup } from '../../domain/editorial/types.ts';
import { getDatabase } from '../db.ts';

export type PostRecord = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized HTML. */
  content: string;
  imageUrl: string | null;
  category: string | null;
  /** When it was published; a post published without a date counts from its creation. */
  publishedAt: Date;
  /** Its last save ('Updated {date}', dateModified, the sitemap's lastmod). */
  updatedAt: Date;
  /** The byline's author id; null: none. */
  bylineAuthorId: number | null;
  /** A roundup's picks and sections (its stored JSON read back by the rules); null for an article. */
  roundup: Roundup | null;
};

/** Published posts only, newest first. Drafts never reach the static site. */
export async function listPublishedPostsForBuild(database: Database = getDatabase()): Promise<PostRecord[]> {
  const rows = await database.run((db) =>
    db
      .select({
        id: blogPosts.id,
        slug: blogPosts.slug,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        content: blogPosts.content,
        imageUrl: blogPosts.imageUrl,
        category: blogPosts.category,
        publishedAt: blogPosts.publishedAt,
        createdAt: blogPosts.createdAt,
        updatedAt: blogPosts.updatedAt,
        bylineAuthorId: blogPosts.bylineAuthorId,
        kind: blogPosts.kind,
        roundup: blogPosts.roundup,
      })
      .from(blogPosts)
      .where(eq(blogPosts.published, true))
      .orderBy(desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), desc(blogPosts.id)),
  );
  return rows.map(({ createdAt, publishedAt, kind, roundup, ...row }) => ({
    ...row,
    publishedAt: publishedAt ?? createdAt,
    roundup: kind === 'roundup' ? storedRoundup(roundup) : null,
  }));
}
