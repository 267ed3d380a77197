import { describe, expect, it } from 'vitest';
import {
  POST_CONTENT_MAX,
  POST_SLUG_MAX,
  blogAdminTexts,
  blogFormFrom,
  blogListQueryFrom,
  blogListSearchParams,
  blogPostFormSchema,
  blogPostInputSchema,
  categoryChoices,
  containsPattern,
  editorImageSrc,
  editorLinkHref,
  pageCount,
  publishedAtAfter,
  savedToast,
  slugFromTitle,
} from '../../src/domain/admin/blog.ts';
import { BLOG_CATEGORIES } from '../../src/domain/blog.ts';
import { blogViewFrom, blogViewSearch } from '../../src/islands/admin/blog/use-blog-view.ts';

const firstMessage = (value: unknown) => {
  const result = blogPostInputSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};
const parse = (value: Record<string, unknown>) => blogPostInputSchema.parse({ published: false, ...value });

describe('the slug: from the title when left empty, as typed otherwise', () => {
  it('derives the slug from the title with the site slug rule', () => {
    expect(parse({ title: '  Foam Rolling 101: The Basics! ' }).slug).toBe('foam-rolling-101-the-basics');
    expect(parse({ title: 'Crème brûlée for recovery', slug: '' }).slug).toBe('creme-brulee-for-recovery');
  });

  it('cuts a derived slug to the limit without leaving a hyphen at the end', () => {
    const slug = slugFromTitle(`${'a'.repeat(POST_SLUG_MAX - 1)} b`);
    expect(slug).toBe('a'.repeat(POST_SLUG_MAX - 1));
    expect(slug.length).toBeLessThanOrEqual(POST_SLUG_MAX);
  });

  it('keeps a typed slug, trimmed', () => {
    expect(parse({ title: 'Anything', slug: ' my-post-2 ' }).slug).toBe('my-post-2');
  });

  it.each([
    ['My Post', blogAdminTexts.slugInvalid],
    ['my--post', blogAdminTexts.slugInvalid],
    ['-post', blogAdminTexts.slugInvalid],
    ['post/../admin', blogAdminTexts.slugInvalid],
    ['a'.repeat(POST_SLUG_MAX + 1), blogAdminTexts.slugTooLong],
  ])('refuses the slug %j', (slug, message) => {
    expect(firstMessage({ title: 'T', slug, published: false })).toBe(message);
  });

  it('never gives a reserved slug, typed or derived', () => {
    expect(firstMessage({ title: 'T', slug: 'not-found', published: false })).toBe('The slug "not-found" is reserved for a page of the site: choose another.');
    expect(firstMessage({ title: 'Not Found', published: true })).toBe(blogAdminTexts.slugReserved('not-found'));
  });

  it('asks for a slug when the title has nothing to make one from', () => {
    const result = blogPostInputSchema.safeParse({ title: '!!! ???', published: false });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['slug'], message: blogAdminTexts.slugUnderivable });
  });
});

describe('the other fields', () => {
  it('needs a title, at most 200 characters, trimmed', () => {
    expect(firstMessage({ title: '   ', published: false })).toBe('Enter the title.');
    expect(firstMessage({ published: false })).toBe('Enter the title.');
    expect(firstMessage({ title: 'x'.repeat(201), published: false })).toBe('The title must be at most 200 characters.');
    expect(parse({ title: '  Sleep  ' }).title).toBe('Sleep');
  });

  it('limits the excerpt to 500 characters', () => {
    expect(firstMessage({ title: 'T', excerpt: 'x'.repeat(501), published: false })).toBe('The excerpt must be at most 500 characters.');
    expect(parse({ title: 'T', excerpt: 'x'.repeat(500) }).excerpt).toHaveLength(500);
  });

  it.each(['https://cdn.example.com/a.jpg', 'http://cdn.example.com/a.jpg', '/images/blog/sleep.svg'])('accepts the image URL %s', (imageUrl) => {
    expect(parse({ title: 'T', imageUrl }).imageUrl).toBe(imageUrl);
  });

  it.each(['javascript:alert(1)', '//evil.example/a.jpg', 'data:image/png;base64,AAAA', 'cdn.example.com/a.jpg', 'https://'])('refuses the image URL %s', (imageUrl) => {
    expect(firstMessage({ title: 'T', imageUrl, published: false })).toBe(blogAdminTexts.imageUrlInvalid);
  });

  it('stores no image for an empty or missing URL', () => {
    expect(parse({ title: 'T', imageUrl: '  ' }).imageUrl).toBeNull();
    expect(parse({ title: 'T', imageUrl: null }).imageUrl).toBeNull();
    expect(parse({ title: 'T' }).imageUrl).toBeNull();
  });

  it('limits the content by size, not by what it contains (the server sanitizes it)', () => {
    expect(parse({ title: 'T', content: '<script>x</script>' }).content).toBe('<script>x</script>');
    expect(firstMessage({ title: 'T', content: 'x'.repeat(POST_CONTENT_MAX + 1), published: false })).toBe(blogAdminTexts.contentTooLarge);
    expect(blogAdminTexts.contentTooLarge).toBe('The content must be at most 200,000 characters of HTML.');
  });

  it('takes a category in slug form, or none', () => {
    expect(parse({ title: 'T', category: 'beginner' }).category).toBe('beginner');
    expect(parse({ title: 'T' }).category).toBeNull();
    expect(firstMessage({ title: 'T', category: 'Beginner Tips', published: false })).toBe(blogAdminTexts.categoryInvalid);
  });

  it('requires published as a boolean', () => {
    expect(firstMessage({ title: 'T' })).toBe(blogAdminTexts.publishedInvalid);
    expect(firstMessage({ title: 'T', published: 'yes' })).toBe(blogAdminTexts.publishedInvalid);
  });

  it('the form schema reports the same messages under the fields', () => {
    const result = blogPostFormSchema.safeParse({ title: '', slug: 'Bad Slug', excerpt: '', imageUrl: 'ftp://x', category: null, content: '' });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      title: blogAdminTexts.titleRequired,
      slug: blogAdminTexts.slugInvalid,
      imageUrl: blogAdminTexts.imageUrlInvalid,
    });
  });
});

describe('published_at is set on the first publish only', () => {
  const first = new Date('2026-01-01T10:00:00Z');
  const later = new Date('2026-03-01T10:00:00Z');
  it('is set when a post without a date is published', () => expect(publishedAtAfter(null, true, first)).toEqual(first));
  it('stays empty for a draft', () => expect(publishedAtAfter(null, false, first)).toBeNull());
  it('is kept when the post is unpublished', () => expect(publishedAtAfter(first, false, later)).toEqual(first));
  it('is kept when the post is published again', () => expect(publishedAtAfter(first, true, later)).toEqual(first));
});

describe('the list query', () => {
  it('reads status, search and page, with defaults for anything malformed', () => {
    expect(blogListQueryFrom(new URLSearchParams('status=draft&search=%20foam%20&page=3'))).toEqual({ status: 'draft', search: 'foam', page: 3 });
    expect(blogListQueryFrom(new URLSearchParams('status=secret&page=-2'))).toEqual({ status: 'all', search: '', page: 1 });
    expect(blogListQueryFrom(new URLSearchParams('page=abc'))).toEqual({ status: 'all', search: '', page: 1 });
    expect(blogListQueryFrom(new URLSearchParams(`search=${'x'.repeat(300)}`)).search).toHaveLength(200);
  });

  it('writes only what differs from the defaults', () => {
    expect(blogListSearchParams({ status: 'all', search: '', page: 1 }).toString()).toBe('');
    expect(blogListSearchParams({ status: 'published', search: 'sleep tips', page: 2 }).toString()).toBe('status=published&search=sleep+tips&page=2');
  });

  it('searches the title literally: LIKE wildcards in the text match themselves', () => {
    expect(containsPattern('foam')).toBe('%foam%');
    expect(containsPattern('100%_sure\\')).toBe('%100\\%\\_sure\\\\%');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('the editor', () => {
  it('starts blank for a new post and from the stored fields for an existing one', () => {
    expect(blogFormFrom(undefined)).toEqual({ title: '', slug: '', excerpt: '', imageUrl: '', category: null, content: '', bylineAuthorId: null, kind: 'article', roundup: null });
    const stored = {
      id: 1,
      title: 'Sleep',
      slug: 'sleep',
      excerpt: 'Rest.',
      content: '<p>Hi</p>',
      imageUrl: null,
      category: 'sleep',
      published: true,
      publishedAt: '2026-01-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      bylineAuthorId: 3,
      kind: 'article' as const,
      roundup: null,
    };
    expect(blogFormFrom(stored)).toEqual({ title: 'Sleep', slug: 'sleep', excerpt: 'Rest.', imageUrl: '', category: 'sleep', content: '<p>Hi</p>', bylineAuthorId: 3, kind: 'article', roundup: null });
  });

  it("offers the blog's categories, and a post's own other category", () => {
    expect(categoryChoices(null)).toEqual([...BLOG_CATEGORIES]);
    expect(categoryChoices('sleep')).toEqual([...BLOG_CATEGORIES]);
    expect(categoryChoices('mobility')).toEqual([...BLOG_CATEGORIES, 'mobility']);
  });

  it('words the saved toast for what the public site will do', () => {
    expect(savedToast('created', undefined, false)).toEqual({ title: 'Post created', description: blogAdminTexts.createdDraftDescription });
    expect(savedToast('created', undefined, true)).toEqual({ title: 'Post published', description: 'It appears on /blog once the site has been rebuilt.' });
    expect(savedToast('updated', false, true).title).toBe('Post published');
    expect(savedToast('updated', true, false)).toEqual({ title: 'Post unpublished', description: 'It leaves /blog once the site has been rebuilt.' });
    expect(savedToast('updated', true, true)).toEqual({ title: 'Post updated', description: blogAdminTexts.updatedPublishedDescription });
    expect(savedToast('updated', false, false)).toEqual({ title: 'Post updated', description: 'The draft is saved.' });
  });
});

describe("the editor's link and image addresses", () => {
  it.each([
    ['https://example.com/guide', 'https://example.com/guide'],
    [' http://example.com ', 'http://example.com'],
    ['example.com/page', 'https://example.com/page'],
    ['/products?category=recovery', '/products?category=recovery'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
  ])('links %j to %j', (raw, href) => expect(editorLinkHref(raw)).toBe(href));

  it.each(['', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://example.com', 'not a url', 'localhost'])(
    'refuses the link %j',
    (raw) => expect(editorLinkHref(raw)).toBeUndefined(),
  );

  it.each([
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['/images/blog/a.svg', '/images/blog/a.svg'],
  ])('takes the image %j', (raw, src) => expect(editorImageSrc(raw)).toBe(src));

  it.each(['http://cdn.example.com/a.jpg', 'javascript:alert(1)', '//cdn.example.com/a.jpg', 'data:image/png;base64,AA', 'a.jpg', ''])('refuses the image %j', (raw) =>
    expect(editorImageSrc(raw)).toBeUndefined(),
  );
});

describe('the blog screen in the URL', () => {
  it('reads the list with its filters, a new post, or a post in the editor', () => {
    expect(blogViewFrom('')).toEqual({ kind: 'list', query: { status: 'all', search: '', page: 1 } });
    expect(blogViewFrom('?status=published&search=sleep&page=2')).toEqual({ kind: 'list', query: { status: 'published', search: 'sleep', page: 2 } });
    expect(blogViewFrom('?new')).toEqual({ kind: 'new' });
    expect(blogViewFrom('?edit=12')).toEqual({ kind: 'edit', id: 12 });
    expect(blogViewFrom('?edit=abc')).toEqual({ kind: 'list', query: { status: 'all', search: '', page: 1 } });
    expect(blogViewFrom('?edit=0').kind).toBe('list');
  });

  it('writes each view back as the same query string', () => {
    for (const search of ['', '?new', '?edit=12', '?status=draft&search=foam+roller&page=3']) expect(blogViewSearch(blogViewFrom(search))).toBe(search);
  });
});
