import { describe, expect, it } from 'vitest';
import { blogPostInputSchema } from '../../src/domain/admin/blog.ts';
import { blogPostingJsonLd } from '../../src/domain/blog.ts';
import {
  AUTHOR_AREAS_MAX,
  AUTHOR_BIO_MAX,
  AUTHOR_NAME_MAX,
  areasFromText,
  authorFormFrom,
  authorInputSchema,
  authorSlug,
  authorTexts,
  deleteAuthorConsequence,
  duplicateAuthorText,
  normalizedAreas,
} from '../../src/domain/editorial/author.ts';
import { authorPageModified, authorPersonJsonLd, postsBy, productsReviewedBy, profilePageJsonLd } from '../../src/domain/editorial/author-page.ts';
import { shownUpdateDate } from '../../src/domain/editorial/updated-date.ts';
import { sitemapLastmod } from '../../src/domain/publishing/sitemap-lastmod.ts';

const firstMessage = (input: unknown) => {
  const parsed = authorInputSchema.safeParse(input);
  return parsed.success ? undefined : { message: parsed.error.issues[0]?.message, field: parsed.error.issues[0]?.path[0] };
};

describe('an author', () => {
  it('needs a name, and takes the rest as optional', () => {
    expect(authorInputSchema.parse({ name: '  Maya Chen ' })).toEqual({ name: 'Maya Chen', role: '', bio: '', photoUrl: null, areas: [] });
    expect(firstMessage({})).toEqual({ message: 'Name is required.', field: 'name' });
    expect(firstMessage({ name: '   ' })).toEqual({ message: 'Name is required.', field: 'name' });
    expect(firstMessage('Maya')).toEqual({ message: authorTexts.bodyInvalid, field: undefined });
  });

  it('keeps each text within its limit, names the field, and refuses hidden characters', () => {
    expect(firstMessage({ name: 'M'.repeat(AUTHOR_NAME_MAX + 1) })).toEqual({ message: `Name must be at most ${AUTHOR_NAME_MAX} characters.`, field: 'name' });
    expect(authorInputSchema.parse({ name: 'M'.repeat(AUTHOR_NAME_MAX) }).name).toHaveLength(AUTHOR_NAME_MAX);
    expect(firstMessage({ name: 'Maya', bio: 'b'.repeat(AUTHOR_BIO_MAX + 1) })?.field).toBe('bio');
    expect(firstMessage({ name: 'Maya\nChen' })).toEqual({ message: 'Name must be on a single line.', field: 'name' });
    expect(firstMessage({ name: 'Maya \u202enehC' })?.message).toMatch(/invisible text-direction/);
    expect(authorInputSchema.parse({ name: 'Maya', bio: 'Line one.\r\nLine two.' }).bio).toBe('Line one.\nLine two.');
  });

  it('needs a name its page address can be made from', () => {
    expect(firstMessage({ name: '!!!' })).toEqual({ message: authorTexts.nameWithoutSlug, field: 'name' });
    expect(authorSlug('Maya Chen')).toBe('maya-chen');
    expect(authorSlug('Zoë  Ó\u2019Brien')).toBe('zoe-obrien');
    expect(authorSlug('a'.repeat(79) + ' b')).toBe('a'.repeat(79));
  });

  it('takes a photo URL like every other image URL, or none', () => {
    expect(authorInputSchema.parse({ name: 'M', photoUrl: '/images/authors/m.svg' }).photoUrl).toBe('/images/authors/m.svg');
    expect(authorInputSchema.parse({ name: 'M', photoUrl: 'https://cdn.example.com/m.jpg' }).photoUrl).toBe('https://cdn.example.com/m.jpg');
    expect(authorInputSchema.parse({ name: 'M', photoUrl: '' }).photoUrl).toBeNull();
    expect(authorInputSchema.parse({ name: 'M', photoUrl: null }).photoUrl).toBeNull();
    for (const bad of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AA', 'https://', 'https://x.example/a b.png', 'photo.png']) {
      expect(firstMessage({ name: 'M', photoUrl: bad }), bad).toEqual({ message: authorTexts.photoUrlInvalid, field: 'photoUrl' });
    }
  });

  it(`lists at most ${AUTHOR_AREAS_MAX} short areas, without blanks or repeats`, () => {
    expect(normalizedAreas([' Recovery ', 'recovery', '', 'Sleep'])).toEqual(['Recovery', 'Sleep']);
    expect(authorInputSchema.parse({ name: 'M', areas: ['Sleep', 'SLEEP', ' ', 'Nutrition'] }).areas).toEqual(['Sleep', 'Nutrition']);
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(firstMessage({ name: 'M', areas: seven })).toEqual({ message: authorTexts.areasTooMany, field: 'areas' });
    expect(authorInputSchema.parse({ name: 'M', areas: seven.slice(0, 6) }).areas).toHaveLength(6);
    expect(firstMessage({ name: 'M', areas: ['x'.repeat(41)] })?.message).toBe('Each area must be at most 40 characters.');
    expect(firstMessage({ name: 'M', areas: 'Sleep' })).toEqual({ message: authorTexts.areasInvalid, field: 'areas' });
    expect(areasFromText('Recovery, Sleep ,, Massage guns')).toEqual(['Recovery', 'Sleep', 'Massage guns']);
  });

  it('words the duplicate refusal and the delete confirmation', () => {
    expect(duplicateAuthorText({ name: 'Maya Chen', slug: 'maya-chen' })).toBe('An author with the address /authors/maya-chen already exists (Maya Chen).');
    expect(deleteAuthorConsequence(0)).toBe('They have no posts. This cannot be undone.');
    expect(deleteAuthorConsequence(1)).toBe('Their 1 post keeps its text but shows no byline. This cannot be undone.');
    expect(deleteAuthorConsequence(3)).toBe('Their 3 posts keep their text but show no byline. This cannot be undone.');
  });

  it('starts the form from a stored author or blank', () => {
    expect(authorFormFrom(undefined)).toEqual({ name: '', role: '', bio: '', photoUrl: '', areas: [] });
    expect(authorFormFrom({ id: 1, slug: 'm', name: 'M', role: 'Editor', photoUrl: null, bio: 'B', areas: ['Sleep'], postCount: 2 })).toEqual({
      name: 'M',
      role: 'Editor',
      bio: 'B',
      photoUrl: '',
      areas: ['Sleep'],
    });
  });
});

describe("a post's byline in the blog API", () => {
  const post = { title: 'Sleep', published: false };
  it('is an author id or none', () => {
    expect(blogPostInputSchema.parse(post).bylineAuthorId).toBeNull();
    expect(blogPostInputSchema.parse({ ...post, bylineAuthorId: 4 }).bylineAuthorId).toBe(4);
    expect(blogPostInputSchema.parse({ ...post, bylineAuthorId: null }).bylineAuthorId).toBeNull();
    for (const bad of ['4', 0, -1, 1.5, {}]) {
      const parsed = blogPostInputSchema.safeParse({ ...post, bylineAuthorId: bad });
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(authorTexts.bylineInvalid);
    }
  });
});

describe("'Updated {date}'", () => {
  const published = new Date('2026-03-04T22:00:00Z');
  it('shows only when the page changed on a later calendar day (UTC) than it was published', () => {
    expect(shownUpdateDate(published, null)).toBeNull();
    expect(shownUpdateDate(published, published)).toBeNull();
    expect(shownUpdateDate(published, new Date('2026-03-04T23:59:59Z'))).toBeNull();
    expect(shownUpdateDate(published, new Date('2026-03-05T00:00:00Z'))).toEqual(new Date('2026-03-05T00:00:00Z'));
    expect(shownUpdateDate(published, new Date('2026-02-01T00:00:00Z'))).toBeNull();
  });
});

describe('the sitemap lastmod rule', () => {
  const data = {
    products: [
      { slug: 'foam-roller', updatedAt: new Date('2026-05-01T10:00:00Z'), reviewerId: null },
      { slug: 'bench', updatedAt: new Date('2026-03-01T10:00:00Z'), reviewerId: 2 },
    ],
    posts: [
      { slug: 'how-to-foam-roll', updatedAt: new Date('2026-06-02T08:00:00Z'), bylineAuthorId: 1 },
      { slug: 'sleep', updatedAt: new Date('2026-04-01T08:00:00Z'), bylineAuthorId: null },
    ],
    authors: [
      { id: 1, slug: 'maya-chen', updatedAt: new Date('2026-01-01T00:00:00Z') },
      { id: 2, slug: 'jordan-reyes', updatedAt: new Date('2026-02-01T00:00:00Z') },
    ],
  };
  const lastmod = sitemapLastmod(data);

  it("dates a product, a post and an author page by their own rows (an author's page also by their posts and reviews)", () => {
    expect(lastmod('/product/foam-roller')).toBe('2026-05-01T10:00:00.000Z');
    expect(lastmod('product/foam-roller/')).toBe('2026-05-01T10:00:00.000Z');
    expect(lastmod('/blog/sleep')).toBe('2026-04-01T08:00:00.000Z');
    expect(lastmod('/authors/maya-chen')).toBe('2026-06-02T08:00:00.000Z');
    // Jordan's page lists the bench he reviewed, changed after his own row.
    expect(lastmod('/authors/jordan-reyes')).toBe('2026-03-01T10:00:00.000Z');
  });

  it('dates every other page by the newest content, and is the same for the same data', () => {
    for (const path of ['/', '/products', '/blog', '/about', '/products/category/recovery', '/authors']) expect(lastmod(path), path).toBe('2026-06-02T08:00:00.000Z');
    expect(sitemapLastmod(structuredClone(data))('/about')).toBe(lastmod('/about'));
    expect(sitemapLastmod({ products: [], posts: [], authors: [] })('/')).toBeUndefined();
  });
});

describe("an author's public side", () => {
  const author = { id: 7, slug: 'maya-chen', name: 'Maya Chen', role: 'Senior editor', bio: 'Edits.', photoUrl: '/images/authors/maya-chen.svg', areas: ['Recovery'], updatedAt: new Date('2026-01-01T00:00:00Z') };

  it('is a Person with their page as url, in bylines and on their ProfilePage', () => {
    expect(authorPersonJsonLd(author, 'https://repwell.example')).toEqual({
      '@type': 'Person',
      name: 'Maya Chen',
      url: 'https://repwell.example/authors/maya-chen',
      jobTitle: 'Senior editor',
      image: 'https://repwell.example/images/authors/maya-chen.svg',
      description: 'Edits.',
      knowsAbout: ['Recovery'],
    });
    const page = profilePageJsonLd(author, 'https://repwell.example', new Date('2026-02-02T00:00:00Z'));
    expect(page).toMatchObject({ '@type': 'ProfilePage', dateModified: '2026-02-02T00:00:00.000Z', mainEntity: { '@type': 'Person', name: 'Maya Chen' } });
  });

  it("names the byline's author and the last change in a post's BlogPosting", () => {
    const post = { slug: 'p', title: 'P', excerpt: '', imageUrl: null, category: null, publishedAt: new Date('2026-03-01T00:00:00Z') };
    const withByline = blogPostingJsonLd({ ...post, updatedAt: new Date('2026-03-09T00:00:00Z'), byline: author }, 'https://repwell.example', '');
    expect(withByline).toMatchObject({ dateModified: '2026-03-09T00:00:00.000Z', author: { '@type': 'Person', url: 'https://repwell.example/authors/maya-chen' } });
    const without = blogPostingJsonLd({ ...post, updatedAt: new Date('2026-02-01T00:00:00Z'), byline: null }, 'https://repwell.example', '');
    expect(without).toMatchObject({ dateModified: '2026-03-01T00:00:00.000Z', author: { '@type': 'Organization', name: 'Repwell' } });
  });

  it('lists their posts newest first, and the products whose review names them, reading reviews defensively', () => {
    const posts = [
      { slug: 'old', bylineAuthorId: 7, publishedAt: new Date('2026-01-01'), updatedAt: new Date('2026-01-01') },
      { slug: 'other', bylineAuthorId: 8, publishedAt: new Date('2026-02-01'), updatedAt: new Date('2026-09-01') },
      { slug: 'new', bylineAuthorId: 7, publishedAt: new Date('2026-03-01'), updatedAt: new Date('2026-04-01') },
    ];
    expect(postsBy(posts, 7).map((post) => post.slug)).toEqual(['new', 'old']);
    expect(authorPageModified(author, postsBy(posts, 7))).toEqual(new Date('2026-04-01'));
    const products = [
      { name: 'Roller', review: { reviewerId: 7 } },
      { name: 'Gun', review: null },
      { name: 'Band' },
      { name: 'Ball', review: { reviewerId: '7' } },
      { name: 'Mat', review: { reviewerId: 7, score: 8 } },
    ];
    expect(productsReviewedBy(products, 7).map((product) => product.name)).toEqual(['Mat', 'Roller']);
  });
});
