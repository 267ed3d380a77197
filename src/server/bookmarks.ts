/** A signed-in person's bookmarked blog posts. Every query is scoped by user id. */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogPosts, bookmarks } from '../../db/schema.ts';
import type { BookmarkItem } from '../domain/saved-items.ts';
import type { AddOutcome } from './wishlist.ts';

export async function listBookmarks(database: Database, userId: string): Promise<BookmarkItem[]> {
  const rows = await database.run((db) =>
    db
      .select({
        id: bookmarks.id,
        postId: bookmarks.postId,
        createdAt: bookmarks.createdAt,
        post: {
          id: blogPosts.id,
          title: blogPosts.title,
          slug: blogPosts.slug,
          excerpt: blogPosts.excerpt,
          imageUrl: blogPosts.imageUrl,
          publishedAt: blogPosts.publishedAt,
        },
      })
      .from(bookmarks)
      .innerJoin(blogPosts, eq(blogPosts.id, bookmarks.postId))
      .where(and(eq(bookmarks.userId, userId), eq(blogPosts.published, true)))
      .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id)),
  );
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    post: { ...row.post, publishedAt: row.post.publishedAt?.toISOString() ?? null },
  }));
}

/** Only published posts can be bookmarked; a draft counts as not found. */
export async function addBookmark(database: Database, userId: string, postId: number): Promise<AddOutcome> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const post = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.id, postId), eq(blogPosts.published, true)))
        .get();
      if (!post) return 'not-found';
      const inserted = await tx
        .insert(bookmarks)
        .values({ userId, postId })
        .onConflictDoNothing({ target: [bookmarks.userId, bookmarks.postId] })
        .returning({ id: bookmarks.id });
      return inserted.length ? 'added' : 'duplicate';
    }),
  );
}

export async function removeBookmark(database: Database, userId: string, postId: number): Promise<boolean> {
  const removed = await database.run((db) =>
    db
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)))
      .returning({ id: bookmarks.id }),
  );
  return removed.length > 0;
}
