/**
 * Blog posts for the admin panel (issue 10, point 6): the list with drafts, one post, and the writes. Each write is
 * one transaction with its audit entry. Content is sanitized here, before it is stored, so what the database holds
 * is what the public page renders (the build sanitizes again for rows written by other means).
 */
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { blogPosts, bookmarks, products } from '../../../db/schema.ts';
import { parseRoundup, sanitizeRoundup, storedRoundup } from '../../domain/editorial/roundup.ts';
import {
  POST_PAGE_SIZE,
  containsPattern,
  publishedAtAfter,
  type AdminBlogList,
  type AdminBlogPost,
  type BlogListQuery,
  type BlogPostInput,
} from '../../domain/admin/blog.ts';
import { sanitizePostHtml } from '../html-sanitizer.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { authorExists } from './authors.ts';

type Row = typeof blogPosts.$inferSelect;

/**
 * What a write did. `publicChange` says whether the public site shows something different afterwards (the post was
 * or is published): only then is a rebuild worth requesting, since drafts never reach a page.
 */
export type BlogWriteResult =
  | { ok: true; post: AdminBlogPost; publicChange: boolean }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'slug-taken'; slug: string }
  | { ok: false; reason: 'byline-unknown' }
  | { ok: false; reason: 'pick-unknown' }
  | { ok: false; reason: 'roundup-invalid'; message: string };

export type BlogDeleteResult = { ok: true; publicChange: boolean } | { ok: false; reason: 'not-found' };

function toAdminPost(row: Row): AdminBlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    imageUrl: row.imageUrl,
    category: row.category,
    bylineAuthorId: row.bylineAuthorId,
    kind: row.kind,
    roundup: row.kind === 'roundup' ? storedRoundup(row.roundup) : null,
    published: row.published,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const statusCondition: Record<BlogListQuery['status'], SQL | undefined> = {
  all: undefined,
  published: eq(blogPosts.published, true),
  draft: eq(blogPosts.published, false),
};

/** Drafts and published posts, newest first, a page at a time, searched by title (case-insensitive for ASCII). */
export async function listAdminPosts(database: Database, query: BlogListQuery): Promise<AdminBlogList> {
  const search = query.search === '' ? undefined : sql`${blogPosts.title} like ${containsPattern(query.search)} escape '\\'`;
  const where = and(search, statusCondition[query.status]);
  return database.run(async (db) => {
    const [posts, counts] = await Promise.all([
      db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          slug: blogPosts.slug,
          published: blogPosts.published,
          publishedAt: blogPosts.publishedAt,
          createdAt: blogPosts.createdAt,
          updatedAt: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .where(where)
        .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
        .limit(POST_PAGE_SIZE)
        .offset((query.page - 1) * POST_PAGE_SIZE),
      db
        .select({ published: blogPosts.published, posts: count() })
        .from(blogPosts)
        .where(search)
        .groupBy(blogPosts.published),
    ]);
    const published = counts.find((row) => row.published)?.posts ?? 0;
    const draft = counts.find((row) => !row.published)?.posts ?? 0;
    const all = published + draft;
    return {
      posts: posts.map((post) => ({
        ...post,
        publishedAt: post.publishedAt ? post.publishedAt.toISOString() : null,
        createdAt: post.createdAt.toISOString(),
        updatedAt: post.updatedAt.toISOString(),
      })),
      total: query.status === 'all' ? all : query.status === 'published' ? published : draft,
      page: query.page,
      pageSize: POST_PAGE_SIZE,
      counts: { all, published, draft },
    };
  });
}

export async function getAdminPost(database: Database, id: number): Promise<AdminBlogPost | undefined> {
  const row = await database.run((db) => db.select().from(blogPosts).where(eq(blogPosts.id, id)).get());
  return row ? toAdminPost(row) : undefined;
}

async function slugTaken(tx: Tx, slug: string, exceptId?: number): Promise<boolean> {
  const other = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId === undefined ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)))
    .get();
  return other !== undefined;
}

/** Two admins saving the same new slug at once: the unique index refuses the second, answered as a taken slug too. */
function isUniqueSlugError(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return /UNIQUE constraint failed: blog_posts\.slug/.test(text);
}

function storedFields(input: BlogPostInput) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: sanitizePostHtml(input.content),
    imageUrl: input.imageUrl,
    category: input.category,
    bylineAuthorId: input.bylineAuthorId,
    kind: input.kind,
    // A roundup's paragraphs and sections are article HTML: the same sanitizer as the content.
    roundup: input.roundup === null ? null : sanitizeRoundup(input.roundup, sanitizePostHtml),
  };
}

/**
 * The sanitizer may empty a field the rules require (a paragraph of only a script): the roundup is checked again as it
 * will be stored, so the build never reads back a roundup that fails its rules. Answers the first message, if any.
 */
function roundupProblem(input: BlogPostInput): string | undefined {
  const stored = storedFields(input).roundup;
  if (stored === null) return undefined;
  const result = parseRoundup(stored);
  return result.ok ? undefined : Object.values(result.errors)[0];
}

/** Whether every pick names a product that exists (a deleted one may not be picked; one unpublished later drops out at build). */
async function picksExist(tx: Tx, input: BlogPostInput): Promise<boolean> {
  const ids = input.roundup?.picks.map((pick) => pick.productId) ?? [];
  if (ids.length === 0) return true;
  const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return found.length === new Set(ids).size;
}

const quoted = (title: string) => `"${title}"`;

export async function createPost(database: Database, actor: AuditActor, input: BlogPostInput): Promise<BlogWriteResult> {
  try {
    return await database.run((db) =>
      db.transaction(async (tx): Promise<BlogWriteResult> => {
        if (await slugTaken(tx, input.slug)) return { ok: false, reason: 'slug-taken', slug: input.slug };
        if (input.bylineAuthorId !== null && !(await authorExists(tx, input.bylineAuthorId))) return { ok: false, reason: 'byline-unknown' };
        if (!(await picksExist(tx, input))) return { ok: false, reason: 'pick-unknown' };
        const problem = roundupProblem(input);
        if (problem !== undefined) return { ok: false, reason: 'roundup-invalid', message: problem };
        const now = new Date();
        const row = await tx
          .insert(blogPosts)
          .values({ ...storedFields(input), published: input.published, publishedAt: publishedAtAfter(null, input.published, now), authorId: actor.id, createdAt: now, updatedAt: now })
          .returning()
          .get();
        await appendAudit(tx, actor, {
          action: input.published ? 'post.create.publish' : 'post.create',
          entityType: 'post',
          entityId: row.id,
          summary: `${input.published ? 'Published new post' : 'Created draft'} ${quoted(row.title)}`,
        });
        return { ok: true, post: toAdminPost(row), publicChange: row.published };
      }),
    );
  } catch (error) {
    if (isUniqueSlugError(error)) return { ok: false, reason: 'slug-taken', slug: input.slug };
    throw error;
  }
}

function updateSummary(before: Row, published: boolean, title: string): { action: string; summary: string } {
  if (published && !before.published) return { action: 'post.publish', summary: `Published ${quoted(title)}` };
  if (!published && before.published) return { action: 'post.unpublish', summary: `Unpublished ${quoted(title)}` };
  return { action: 'post.update', summary: `Updated ${published ? 'post' : 'draft'} ${quoted(title)}` };
}

export async function updatePost(database: Database, actor: AuditActor, id: number, input: BlogPostInput): Promise<BlogWriteResult> {
  try {
    return await database.run((db) =>
      db.transaction(async (tx): Promise<BlogWriteResult> => {
        const before = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
        if (!before) return { ok: false, reason: 'not-found' };
        if (await slugTaken(tx, input.slug, id)) return { ok: false, reason: 'slug-taken', slug: input.slug };
        if (input.bylineAuthorId !== null && !(await authorExists(tx, input.bylineAuthorId))) return { ok: false, reason: 'byline-unknown' };
        if (!(await picksExist(tx, input))) return { ok: false, reason: 'pick-unknown' };
        const problem = roundupProblem(input);
        if (problem !== undefined) return { ok: false, reason: 'roundup-invalid', message: problem };
        const now = new Date();
        const row = await tx
          .update(blogPosts)
          .set({ ...storedFields(input), published: input.published, publishedAt: publishedAtAfter(before.publishedAt, input.published, now), updatedAt: now })
          .where(eq(blogPosts.id, id))
          .returning()
          .get();
        await appendAudit(tx, actor, { ...updateSummary(before, input.published, row.title), entityType: 'post', entityId: id });
        return { ok: true, post: toAdminPost(row), publicChange: before.published || row.published };
      }),
    );
  } catch (error) {
    if (isUniqueSlugError(error)) return { ok: false, reason: 'slug-taken', slug: input.slug };
    throw error;
  }
}

/** Publishes or unpublishes without touching the content; publishing what is already published changes nothing. */
export async function setPostPublished(database: Database, actor: AuditActor, id: number, published: boolean): Promise<BlogWriteResult> {
  return database.run((db) =>
    db.transaction(async (tx): Promise<BlogWriteResult> => {
      const before = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
      if (!before) return { ok: false, reason: 'not-found' };
      if (before.published === published) return { ok: true, post: toAdminPost(before), publicChange: false };
      const now = new Date();
      const row = await tx
        .update(blogPosts)
        .set({ published, publishedAt: publishedAtAfter(before.publishedAt, published, now), updatedAt: now })
        .where(eq(blogPosts.id, id))
        .returning()
        .get();
      await appendAudit(tx, actor, { ...updateSummary(before, published, row.title), entityType: 'post', entityId: id });
      return { ok: true, post: toAdminPost(row), publicChange: true };
    }),
  );
}

/** Deletes the post and the readers' bookmarks of it (explicitly: the schema's cascade needs foreign keys on). */
export async function deletePost(database: Database, actor: AuditActor, id: number): Promise<BlogDeleteResult> {
  return database.run((db) =>
    db.transaction(async (tx): Promise<BlogDeleteResult> => {
      const before = await tx.select({ title: blogPosts.title, published: blogPosts.published }).from(blogPosts).where(eq(blogPosts.id, id)).get();
      if (!before) return { ok: false, reason: 'not-found' };
      const removed = await tx.delete(bookmarks).where(eq(bookmarks.postId, id)).returning({ id: bookmarks.id });
      await tx.delete(blogPosts).where(eq(blogPosts.id, id));
      const bookmarkNote = removed.length > 0 ? ` and ${removed.length} bookmark${removed.length === 1 ? '' : 's'} of it` : '';
      await appendAudit(tx, actor, { action: 'post.delete', entityType: 'post', entityId: id, summary: `Deleted ${before.published ? 'post' : 'draft'} ${quoted(before.title)}${bookmarkNote}` });
      return { ok: true, publicChange: before.published };
    }),
  );
}
