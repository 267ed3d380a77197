/** Build-time read of the authors, for the `authors` collection (their pages and the posts' bylines). */
import { asc } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { authors } from '../../../db/schema.ts';
import type { PublicAuthor } from '../../domain/editorial/author-page.ts';
import { getDatabase } from '../db.ts';

/** An author as pages read them (src/domain/editorial/author-page.ts). */
export type AuthorRecord = PublicAuthor;

/** Every author, by name; an author without posts still has a page (an editor's page before their first article). */
export async function listAuthorsForBuild(database: Database = getDatabase()): Promise<AuthorRecord[]> {
  const rows = await database.run((db) =>
    db
      .select({
        id: authors.id,
        slug: authors.slug,
        name: authors.name,
        role: authors.role,
        bio: authors.bio,
        photoUrl: authors.photoUrl,
        areas: authors.areas,
        updatedAt: authors.updatedAt,
      })
      .from(authors)
      .orderBy(asc(authors.name), asc(authors.id)),
  );
  // Read defensively: a row written by other means may hold anything in its JSON column.
  return rows.map((row) => ({ ...row, areas: Array.isArray(row.areas) ? row.areas.filter((area): area is string => typeof area === 'string') : [] }));
}
