/**
 * The blog manager's rules (issue 10, point 6), shared by the functions under /api/admin/blog and the admin island:
 * what a post may contain, how its slug is made, when it counts as published, and the list's query. The editor
 * validates with the same schemas as the server, so a message shown under a field is the one the server would answer.
 */
import { z } from 'zod';
import { BLOG_CATEGORIES, RESERVED_POST_SLUGS } from '../blog.ts';
import { bylineAuthorIdSchema } from '../editorial/author.ts';
import { roundupSchema, roundupTexts } from '../editorial/roundup.ts';
import type { Roundup } from '../editorial/types.ts';
import { optionalImageUrlSchema } from '../image-url-field.ts';
import { slugify } from '../slug.ts';

export const POST_TITLE_MAX = 200;
export const POST_SLUG_MAX = 120;
export const POST_EXCERPT_MAX = 500;
export const POST_IMAGE_URL_MAX = 2000;
/** Characters of HTML; a long guide is 30–60 KB. */
export const POST_CONTENT_MAX = 200_000;
/** The request body limit for a post write: the content may double when JSON escapes its quotes. */
export const POST_BODY_MAX_BYTES = 512 * 1024;
export const POST_SEARCH_MAX = 200;
export const POST_PAGE_SIZE = 20;

export const blogAdminTexts = {
  titleRequired: 'Enter the title.',
  titleTooLong: `The title must be at most ${POST_TITLE_MAX} characters.`,
  slugInvalid: 'The slug may contain only lower-case letters, digits and single hyphens, for example foam-rolling-101.',
  slugTooLong: `The slug must be at most ${POST_SLUG_MAX} characters.`,
  slugUnderivable: 'Enter a slug: the title has no letters or digits to make one from.',
  slugReserved: (slug: string) => `The slug "${slug}" is reserved for a page of the site: choose another.`,
  slugTaken: (slug: string) => `The slug "${slug}" is already used by another post: choose another.`,
  excerptTooLong: `The excerpt must be at most ${POST_EXCERPT_MAX} characters.`,
  imageUrlInvalid: 'The image URL must start with http://, https:// or / (a page of this site).',
  categoryInvalid: 'The category must be a blog category such as beginner, or none.',
  contentInvalid: 'The content must be HTML text.',
  contentTooLarge: `The content must be at most ${POST_CONTENT_MAX.toLocaleString('en-US')} characters of HTML.`,
  publishedInvalid: 'Say whether the post is published (true or false).',
  bodyInvalid: 'Send the post as a JSON object.',
  linkInvalid: 'Enter a web address (https://…), an e-mail (mailto:…) or a path on this site (/…).',
  imageSrcInvalid: 'The image address must start with https:// or / (a page of this site).',

  created: 'Post created',
  createdDraftDescription: 'Saved as a draft: it stays off the public site until you publish it.',
  updated: 'Post updated',
  updatedDraftDescription: 'The draft is saved.',
  published: 'Post published',
  publishedDescription: 'It appears on /blog once the site has been rebuilt.',
  updatedPublishedDescription: 'The public post changes once the site has been rebuilt.',
  unpublished: 'Post unpublished',
  unpublishedDescription: 'It leaves /blog once the site has been rebuilt.',
  deleted: 'Post deleted',
  deletedDescription: 'Bookmarks of it were removed too.',

  saveFailed: 'Error saving post',
  publishFailed: 'Error publishing post',
  deleteFailed: 'Error deleting post',
  loadFailed: 'Error loading posts',
  notFound: { title: 'Blog Post Not Found', description: "The blog post you're looking for doesn't exist or has been removed." },
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title gives: the spec's slug rule, cut to the length limit without a trailing hyphen. */
export function slugFromTitle(title: string): string {
  return slugify(title).slice(0, POST_SLUG_MAX).replace(/-+$/, '');
}

export function isReservedPostSlug(slug: string): boolean {
  return RESERVED_POST_SLUGS.includes(slug);
}

/**
 * published_at is set on the first publish only: unpublishing keeps it, and publishing again shows the post with its
 * original date rather than as new.
 */
export function publishedAtAfter(current: Date | null, published: boolean, now: Date): Date | null {
  if (current) return current;
  return published ? now : null;
}

const titleSchema = z
  .string({ error: blogAdminTexts.titleRequired })
  .trim()
  .min(1, blogAdminTexts.titleRequired)
  .max(POST_TITLE_MAX, blogAdminTexts.titleTooLong);

/** Empty means "from the title"; otherwise it is checked as typed, so the admin sees the address they chose. */
const slugSchema = z
  .string({ error: blogAdminTexts.slugInvalid })
  .trim()
  .max(POST_SLUG_MAX, blogAdminTexts.slugTooLong)
  .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), blogAdminTexts.slugInvalid);

const excerptSchema = z.string({ error: blogAdminTexts.excerptTooLong }).trim().max(POST_EXCERPT_MAX, blogAdminTexts.excerptTooLong);

/** http(s) with a host, or a path on this site; empty means no image. */
const imageUrlSchema = optionalImageUrlSchema(blogAdminTexts.imageUrlInvalid, POST_IMAGE_URL_MAX);


/** One of BLOG_CATEGORIES in the editor; any slug-shaped category is kept, so editing an older post never drops its own. */
const categorySchema = z
  .string({ error: blogAdminTexts.categoryInvalid })
  .max(40, blogAdminTexts.categoryInvalid)
  .regex(SLUG_PATTERN, blogAdminTexts.categoryInvalid)
  .nullable();

export const POST_KINDS = ['article', 'roundup'] as const;
export type PostKind = (typeof POST_KINDS)[number];
const kindSchema = z.enum(POST_KINDS, { error: "The kind must be 'article' or 'roundup'." });

/**
 * An article has no roundup (whatever was sent is dropped); a roundup must have one. The roundup's issues keep their
 * path under 'roundup' ('roundup.picks.1.award'), so the editor shows each beside its field.
 */
function roundupForKind<T extends { kind: PostKind; roundup: Roundup | null }>(input: T, ctx: z.RefinementCtx): T {
  if (input.kind === 'article') return { ...input, roundup: null };
  if (input.roundup === null) ctx.addIssue({ code: 'custom', path: ['roundup'], message: roundupTexts.roundupRequired });
  return input;
}

const contentSchema = z.string({ error: blogAdminTexts.contentInvalid }).max(POST_CONTENT_MAX, blogAdminTexts.contentTooLarge);

/** The fields as the editor holds them: every text a string, so a blank field is '' rather than missing. */
export const blogPostFormSchema = z.object({
  title: titleSchema,
  slug: slugSchema,
  excerpt: excerptSchema,
  imageUrl: imageUrlSchema,
  category: categorySchema,
  content: contentSchema,
  /** The byline: an author's id, or null for none. */
  bylineAuthorId: bylineAuthorIdSchema.default(null),
  kind: kindSchema.default('article'),
  /** A roundup's picks and sections (null on an article). */
  roundup: roundupSchema.nullable().default(null),
}).transform(roundupForKind);
export type BlogPostForm = z.input<typeof blogPostFormSchema>;

/**
 * The body of POST /api/admin/blog and PUT /api/admin/blog/:id. The slug is derived from the title when left empty,
 * and may never be a reserved one; whether it is taken is the server's check (409).
 */
export const blogPostInputSchema = z
  .object({
    title: titleSchema,
    slug: slugSchema.optional().default(''),
    excerpt: excerptSchema.optional().default(''),
    imageUrl: imageUrlSchema.nullable().optional().default(''),
    category: categorySchema.optional().default(null),
    content: contentSchema.optional().default(''),
    bylineAuthorId: bylineAuthorIdSchema.optional().default(null),
    kind: kindSchema.optional().default('article'),
    roundup: z.unknown().optional().default(null),
    published: z.boolean({ error: blogAdminTexts.publishedInvalid }),
  }, { error: blogAdminTexts.bodyInvalid })
  .transform((input, ctx) => {
    // An article's roundup is ignored unread; a roundup's is held to its rules (roundup.ts) with their paths.
    let roundup: Roundup | null = null;
    if (input.kind === 'roundup') {
      if (input.roundup === null) {
        ctx.addIssue({ code: 'custom', path: ['roundup'], message: roundupTexts.roundupRequired });
        return z.NEVER;
      }
      const parsed = roundupSchema.safeParse(input.roundup);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['roundup', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))], message: issue.message });
        return z.NEVER;
      }
      roundup = parsed.data;
    }
    const slug = input.slug === '' ? slugFromTitle(input.title) : input.slug;
    if (slug === '') {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: blogAdminTexts.slugUnderivable });
      return z.NEVER;
    }
    if (isReservedPostSlug(slug)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: blogAdminTexts.slugReserved(slug) });
      return z.NEVER;
    }
    return { ...input, slug, imageUrl: input.imageUrl ? input.imageUrl : null, roundup };
  });
export type BlogPostInput = z.output<typeof blogPostInputSchema>;

/** The body of POST /api/admin/blog/:id/publish. */
export const blogPublishInputSchema = z.object({ published: z.boolean({ error: blogAdminTexts.publishedInvalid }) }, { error: blogAdminTexts.bodyInvalid });
export type BlogPublishInput = z.output<typeof blogPublishInputSchema>;

export const blogStatuses = ['all', 'published', 'draft'] as const;
export type BlogStatusFilter = (typeof blogStatuses)[number];

/** GET /api/admin/blog?status=&search=&page= : anything malformed falls back to the default, so a shared URL never breaks. */
export const blogListQuerySchema = z.object({
  status: z.enum(blogStatuses).catch('all'),
  search: z
    .string()
    .trim()
    .catch('')
    .transform((search) => search.slice(0, POST_SEARCH_MAX)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type BlogListQuery = z.output<typeof blogListQuerySchema>;

export function blogListQueryFrom(params: URLSearchParams): BlogListQuery {
  return blogListQuerySchema.parse({ status: params.get('status') ?? undefined, search: params.get('search') ?? '', page: params.get('page') ?? undefined });
}

export function blogListSearchParams(query: BlogListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.search !== '') params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** A LIKE pattern that matches the text literally anywhere (with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const isoDate = z.iso.datetime();

export const adminBlogPostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  published: z.boolean(),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type AdminBlogPostSummary = z.infer<typeof adminBlogPostSummarySchema>;

export const adminBlogListSchema = z.object({
  posts: z.array(adminBlogPostSummarySchema),
  /** Posts matching the status and search. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Per status, for the filter's labels; the search applies, the status filter does not. */
  counts: z.object({ all: z.number().int(), published: z.number().int(), draft: z.number().int() }),
});
export type AdminBlogList = z.infer<typeof adminBlogListSchema>;

/** One post as stored: the content is the sanitized HTML the public page renders. */
export const adminBlogPostSchema = adminBlogPostSummarySchema.extend({
  excerpt: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  bylineAuthorId: z.number().int().nullable(),
  kind: kindSchema,
  roundup: z.custom<Roundup>((value) => typeof value === 'object' && value !== null).nullable(),
});
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The editor's starting values for a stored post, or a new one. */
export function blogFormFrom(post: AdminBlogPost | undefined): BlogPostForm {
  if (!post) return { title: '', slug: '', excerpt: '', imageUrl: '', category: null, content: '', bylineAuthorId: null, kind: 'article', roundup: null };
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    imageUrl: post.imageUrl ?? '',
    category: post.category,
    content: post.content,
    bylineAuthorId: post.bylineAuthorId,
    kind: post.kind,
    roundup: post.roundup,
  };
}

/** The editor's category choices: the blog's categories, plus a post's own if it has another. */
export function categoryChoices(current: string | null | undefined): string[] {
  const known: string[] = [...BLOG_CATEGORIES];
  return current && !known.includes(current) ? [...known, current] : known;
}

/** The toast after a save, worded for what the public site will do. */
export function savedToast(kind: 'created' | 'updated', before: boolean | undefined, after: boolean): { title: string; description: string } {
  if (after && !before) return { title: blogAdminTexts.published, description: blogAdminTexts.publishedDescription };
  if (!after && before) return { title: blogAdminTexts.unpublished, description: blogAdminTexts.unpublishedDescription };
  if (kind === 'created') return { title: blogAdminTexts.created, description: blogAdminTexts.createdDraftDescription };
  return { title: blogAdminTexts.updated, description: after ? blogAdminTexts.updatedPublishedDescription : blogAdminTexts.updatedDraftDescription };
}

// The editor's link and image dialogs.

/**
 * The href a link typed into the editor gets: http(s), mailto: or a path on this site; a bare host such as
 * example.com/page gets https://. Anything else (javascript:, data:, //host) is refused: undefined.
 */
export function editorLinkHref(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  if (text.startsWith('/')) return text.startsWith('//') ? undefined : text;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(text)) return text;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** An image in the content: https or a path on this site, as the post sanitizer keeps them (no http: images). */
export function editorImageSrc(raw: string): string | undefined {
  const text = raw.trim();
  if (text.startsWith('/')) return text.startsWith('//') || /\s/.test(text) ? undefined : text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
