/**
 * Authors for the admin panel: the list with post counts, and the writes. Each write is one transaction with its audit
 * entry; a refusal (unknown id, a name whose page address is taken) throws AuthorRefusal inside it, so nothing is
 * written, and the function answers with its status.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../../db/client.ts';
import { authors, blogPosts, products } from '../../../db/schema.ts';
import { authorSlug, authorTexts, duplicateAuthorText, type AdminAuthor, type AuthorDeleted, type AuthorInput } from '../../domain/editorial/author.ts';
import { appendAudit, type AuditActor } from './audit.ts';

/** A write refused for a reason the admin can act on; `field` names the form field the message belongs beside. */
export class AuthorRefusal extends Error {
  readonly status: 404 | 409 | 422;
  readonly description: string;
  readonly field: string | undefined;

  constructor(status: 404 | 409 | 422, description: string, field?: string) {
    super(description);
    this.name = 'AuthorRefusal';
    this.status = status;
    this.description = description;
    this.field = field;
  }
}

type Reader = Pick<Db, 'select'>;

function selectAuthors(db: Reader, id?: number) {
  const counts = db
    .select({ authorId: blogPosts.bylineAuthorId, postCount: count().as('post_count') })
    .from(blogPosts)
    .groupBy(blogPosts.bylineAuthorId)
    .as('counts');
  const query = db
    .select({
      id: authors.id,
      slug: authors.slug,
      name: authors.name,
      role: authors.role,
      photoUrl: authors.photoUrl,
      bio: authors.bio,
      areas: authors.areas,
      postCount: sql<number>`coalesce(${counts.postCount}, 0)`.mapWith(Number),
    })
    .from(authors)
    .leftJoin(counts, eq(counts.authorId, authors.id));
  return id === undefined ? query.orderBy(authors.name, authors.id) : query.where(eq(authors.id, id));
}

function toAdminAuthor(row: Omit<AdminAuthor, 'areas'> & { areas: unknown }): AdminAuthor {
  // Read defensively: a row written by other means may hold anything in its JSON column.
  const areas = Array.isArray(row.areas) ? row.areas.filter((area): area is string => typeof area === 'string') : [];
  return { ...row, areas };
}

/** Every author, by name, with the number of posts (drafts too) that name them. */
export async function listAdminAuthors(database: Database): Promise<AdminAuthor[]> {
  const rows = await database.run((db) => selectAuthors(db));
  return rows.map(toAdminAuthor);
}

async function readAuthor(db: Reader, id: number): Promise<AdminAuthor> {
  const [row] = await selectAuthors(db, id);
  if (!row) throw new AuthorRefusal(404, authorTexts.notFound);
  return toAdminAuthor(row);
}

/** Whether an author with this id exists (the blog API checks a byline with it). */
export async function authorExists(db: Reader, id: number): Promise<boolean> {
  const row = await db.select({ id: authors.id }).from(authors).where(eq(authors.id, id)).get();
  return row !== undefined;
}

async function refuseTakenSlug(tx: Reader, slug: string, exceptId?: number): Promise<void> {
  const other = await tx.select({ id: authors.id, name: authors.name, slug: authors.slug }).from(authors).where(eq(authors.slug, slug)).get();
  if (other && other.id !== exceptId) throw new AuthorRefusal(409, duplicateAuthorText(other), 'name');
}

/** Two admins adding the same name at once: the unique index refuses the second, answered as a taken address. */
function isUniqueSlugViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed: authors\.slug/.test(e.message)) return true;
  }
  return false;
}

async function inTransaction<T>(database: Database, slug: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await database.run((db) => db.transaction(work));
  } catch (error) {
    if (isUniqueSlugViolation(error)) throw new AuthorRefusal(409, duplicateAuthorText({ name: 'another author', slug }), 'name');
    throw error;
  }
}

export async function createAuthor(database: Database, actor: AuditActor, input: AuthorInput): Promise<AdminAuthor> {
  const slug = authorSlug(input.name);
  return inTransaction(database, slug, async (tx) => {
    await refuseTakenSlug(tx, slug);
    const now = new Date();
    const [created] = await tx
      .insert(authors)
      .values({ slug, name: input.name, role: input.role, bio: input.bio, photoUrl: input.photoUrl, areas: input.areas, createdAt: now, updatedAt: now })
      .returning({ id: authors.id });
    await appendAudit(tx, actor, { action: 'author.create', entityType: 'author', entityId: created!.id, summary: `Added author "${input.name}" (${slug})` });
    return readAuthor(tx, created!.id);
  });
}

function sameAuthor(before: AdminAuthor, input: AuthorInput): boolean {
  return (
    before.name === input.name &&
    before.role === input.role &&
    before.bio === input.bio &&
    before.photoUrl === input.photoUrl &&
    JSON.stringify(before.areas) === JSON.stringify(input.areas)
  );
}

/**
 * Saves an edit. The slug stays as it was made, so links to the author page keep working after a rename; `changed` is
 * false when the edit changed nothing (no audit entry, no rebuild needed).
 */
export async function updateAuthor(database: Database, actor: AuditActor, id: number, input: AuthorInput): Promise<{ author: AdminAuthor; changed: boolean }> {
  return inTransaction(database, authorSlug(input.name), async (tx) => {
    const before = await readAuthor(tx, id);
    if (sameAuthor(before, input)) return { author: before, changed: false };
    await tx
      .update(authors)
      .set({ name: input.name, role: input.role, bio: input.bio, photoUrl: input.photoUrl, areas: input.areas, updatedAt: new Date() })
      .where(eq(authors.id, id));
    await appendAudit(tx, actor, { action: 'author.update', entityType: 'author', entityId: id, summary: `Updated author "${input.name}" (${before.slug})` });
    return { author: await readAuthor(tx, id), changed: true };
  });
}

/**
 * Deletes the author; their posts stay, without a byline, and reviews naming them name no reviewer. Both explicitly:
 * the schema's ON DELETE SET NULL needs foreign keys on, and a review's reviewer lives in JSON.
 */
export async function deleteAuthor(database: Database, actor: AuditActor, id: number): Promise<AuthorDeleted> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const author = await tx.select({ id: authors.id, name: authors.name, slug: authors.slug }).from(authors).where(eq(authors.id, id)).get();
      if (!author) throw new AuthorRefusal(404, authorTexts.notFound);
      const unbylined = await tx.update(blogPosts).set({ bylineAuthorId: null }).where(eq(blogPosts.bylineAuthorId, id));
      await tx
        .update(products)
        .set({ review: sql`json_set(${products.review}, '$.reviewerId', json('null'))` })
        .where(and(sql`${products.review} is not null`, sql`json_valid(${products.review})`, sql`json_extract(${products.review}, '$.reviewerId') = ${id}`));
      await tx.delete(authors).where(eq(authors.id, id));
      const posts = unbylined.rowsAffected;
      await appendAudit(tx, actor, {
        action: 'author.delete',
        entityType: 'author',
        entityId: id,
        summary: `Deleted author "${author.name}" (${author.slug}); ${posts} post${posts === 1 ? '' : 's'} left without a byline`,
      });
      return { deleted: author, unbylinedPosts: posts };
    }),
  );
}
