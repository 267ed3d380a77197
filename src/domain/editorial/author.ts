/**
 * The people behind the reviews: what an author may be, shared by /api/admin/authors and the admin island (the form
 * validates with the same schema, so a message under a field is the one the server would answer).
 *
 * Rules decided here:
 * - A name is required, one line, at most AUTHOR_NAME_MAX characters; the role and each area likewise, shorter.
 * - The slug (the address /authors/{slug}) is made from the name by the site's slug rule when the author is created,
 *   and kept when the name changes, so links to the page keep working. Unique: a name whose slug is taken is refused.
 * - The bio is plain text (it is shown as text, never as HTML), at most AUTHOR_BIO_MAX characters.
 * - Areas: at most AUTHOR_AREAS_MAX short labels, duplicates (ignoring case) dropped, empty ones dropped.
 * - The photo: an http(s) URL or a path on this site, as every other image URL (isSafeImageUrl), or none.
 */
import { z } from 'zod';
import { optionalImageUrlSchema } from '../image-url-field.ts';
import { slugify } from '../slug.ts';
import { textField } from '../text-input.ts';

export const AUTHOR_NAME_MAX = 80;
export const AUTHOR_ROLE_MAX = 80;
export const AUTHOR_BIO_MAX = 1000;
export const AUTHOR_AREAS_MAX = 6;
export const AUTHOR_AREA_MAX = 40;
export const AUTHOR_PHOTO_URL_MAX = 2000;
export const AUTHOR_SLUG_MAX = 80;

export const authorTexts = {
  created: 'Author added',
  updated: 'Author updated',
  deleted: 'Author deleted',
  publicAfterRebuild: 'The public site shows it once the site has been rebuilt.',
  createFailed: 'Error adding author',
  updateFailed: 'Error updating author',
  deleteFailed: 'Error deleting author',
  loadFailed: 'Error loading authors',
  bodyInvalid: 'Send the author as a JSON object.',
  nameWithoutSlug: 'Name must contain a letter or digit (a-z, 0-9), from which the author page address is made.',
  areasInvalid: 'Areas must be a list of short labels.',
  areasTooMany: `List at most ${AUTHOR_AREAS_MAX} areas.`,
  photoUrlInvalid: 'The photo URL must start with http://, https:// or / (a page of this site).',
  notFound: 'This author no longer exists. Reload the list to see the current authors.',
  bylineInvalid: 'Choose an author from the list, or none.',
  bylineUnknown: 'The chosen author no longer exists. Reload and choose another.',
} as const;

/** 'An author with the address /authors/maya-chen already exists (Maya Chen).' */
export function duplicateAuthorText(existing: { name: string; slug: string }): string {
  return `An author with the address /authors/${existing.slug} already exists (${existing.name}).`;
}

/** What the delete confirmation says will happen. */
export function deleteAuthorConsequence(postCount: number): string {
  if (postCount === 0) return 'They have no posts. This cannot be undone.';
  if (postCount === 1) return 'Their 1 post keeps its text but shows no byline. This cannot be undone.';
  return `Their ${postCount.toLocaleString('en-US')} posts keep their text but show no byline. This cannot be undone.`;
}

/** The author page's address part: the site's slug rule, cut to the limit without a trailing hyphen. */
export function authorSlug(name: string): string {
  return slugify(name).slice(0, AUTHOR_SLUG_MAX).replace(/-+$/, '');
}

export { authorPath } from './author-page.ts';

/** Trimmed, empty labels dropped, duplicates (ignoring case) dropped keeping the first spelling. */
export function normalizedAreas(areas: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const area of areas) {
    const label = area.trim();
    const key = label.toLocaleLowerCase('en-US');
    if (label === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(label);
  }
  return kept;
}

const areaSchema = textField('Each area', { max: AUTHOR_AREA_MAX, required: false });

const photoUrlSchema = optionalImageUrlSchema(authorTexts.photoUrlInvalid, AUTHOR_PHOTO_URL_MAX);

/** The fields as the form holds them. */
export const authorFormSchema = z.object({
  name: textField('Name', { max: AUTHOR_NAME_MAX }).refine((name) => authorSlug(name) !== '', authorTexts.nameWithoutSlug),
  role: textField('Role', { max: AUTHOR_ROLE_MAX, required: false }),
  bio: textField('Bio', { max: AUTHOR_BIO_MAX, multiline: true, required: false }),
  photoUrl: photoUrlSchema,
  areas: z
    .array(areaSchema, { error: authorTexts.areasInvalid })
    .max(AUTHOR_AREAS_MAX * 2, authorTexts.areasTooMany)
    .transform(normalizedAreas)
    .refine((areas) => areas.length <= AUTHOR_AREAS_MAX, authorTexts.areasTooMany),
});
export type AuthorForm = z.input<typeof authorFormSchema>;

/** The body of POST /api/admin/authors and PATCH /api/admin/authors/:id: every field but the name may be left out. */
export const authorInputSchema = z
  .object(
    {
      name: authorFormSchema.shape.name,
      role: authorFormSchema.shape.role.optional().default(''),
      bio: authorFormSchema.shape.bio.optional().default(''),
      photoUrl: photoUrlSchema.nullable().optional().default(''),
      areas: authorFormSchema.shape.areas.optional().default([]),
    },
    { error: authorTexts.bodyInvalid },
  )
  .transform((input) => ({ ...input, photoUrl: input.photoUrl ? input.photoUrl : null }));
export type AuthorInput = z.output<typeof authorInputSchema>;

export const adminAuthorSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  role: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  areas: z.array(z.string()),
  /** Posts, published or not, that name them. */
  postCount: z.number().int(),
});
export type AdminAuthor = z.infer<typeof adminAuthorSchema>;

export const adminAuthorListSchema = z.object({ authors: z.array(adminAuthorSchema) });
export const authorDeletedSchema = z.object({ deleted: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }), unbylinedPosts: z.number().int() });
export type AuthorDeleted = z.infer<typeof authorDeletedSchema>;

/** A post's byline as the editor and the blog API hold it: an author's id, or null for none. */
export const bylineAuthorIdSchema = z.number({ error: authorTexts.bylineInvalid }).int(authorTexts.bylineInvalid).positive(authorTexts.bylineInvalid).nullable();

/** The form's starting values for a stored author, or a new one. */
export function authorFormFrom(author: AdminAuthor | undefined): AuthorForm {
  if (!author) return { name: '', role: '', bio: '', photoUrl: '', areas: [] };
  return { name: author.name, role: author.role, bio: author.bio, photoUrl: author.photoUrl ?? '', areas: author.areas };
}

/** 'Recovery, Sleep' ⇄ ['Recovery', 'Sleep']: the form edits areas as one comma-separated line. */
export function areasFromText(text: string): string[] {
  return text.split(',').map((area) => area.trim()).filter((area) => area !== '');
}
