/**
 * The sitemap's dates read from a real libSQL file (src/server/queries/sitemap-dates.ts): drafts and unpublished posts
 * are left out, and a product's reviewer is read from its review JSON defensively (no review, no reviewer, a reviewer
 * that is not a number, a review that is not JSON).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authors, blogPosts, products } from '../../db/schema.ts';
import { sitemapLastmod } from '../../src/domain/publishing/sitemap-lastmod.ts';
import { listSitemapDates } from '../../src/server/queries/sitemap-dates.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
const at = (day: number) => new Date(Date.UTC(2026, 0, day));
const review = { verdict: '', pros: [], cons: [], bestFor: '', skipIf: '', score: null, award: '', testedOn: null, updatedOn: null };

beforeAll(async () => {
  temp = await createTempDatabase('repwell-sitemap-dates-');
  await temp.database.run(async (db) => {
    await db.insert(authors).values({ id: 5, slug: 'maya-chen', name: 'Maya Chen', createdAt: at(1), updatedAt: at(1) });
    const base = { affiliateUrl: 'https://example.com/p', createdAt: at(1) };
    await db.insert(products).values([
      { ...base, name: 'Roller', slug: 'roller', updatedAt: at(9), review: { ...review, reviewerId: 5 } },
      { ...base, name: 'Gun', slug: 'gun', updatedAt: at(3), review: { ...review, reviewerId: null } },
      { ...base, name: 'Mat', slug: 'mat', updatedAt: at(4), review: null },
      { ...base, name: 'Ball', slug: 'ball', updatedAt: at(5), review: { ...review, reviewerId: '5' } as never },
      { ...base, name: 'Draft', slug: 'draft', updatedAt: at(20), attributes: { status: 'draft' }, review: { ...review, reviewerId: 5 } },
      { ...base, name: 'Band', slug: 'band', updatedAt: at(6) },
    ]);
    await db.run(sql`update products set review = 'not json' where slug = 'band'`);
    await db.insert(blogPosts).values([
      { title: 'Rolling', slug: 'rolling', published: true, publishedAt: at(2), bylineAuthorId: 5, createdAt: at(2), updatedAt: at(7) },
      { title: 'Draft post', slug: 'draft-post', published: false, bylineAuthorId: 5, createdAt: at(2), updatedAt: at(25) },
    ]);
  });
});
afterAll(() => temp?.cleanup());

describe('the sitemap dates', () => {
  it('reads what the public pages are made of, with each review’s reviewer when it names one', async () => {
    const dates = await listSitemapDates(temp.database);
    expect(Object.fromEntries(dates.products.map((product) => [product.slug, product.reviewerId]))).toEqual({ roller: 5, gun: null, mat: null, ball: null, band: null });
    expect(dates.posts.map((post) => post.slug)).toEqual(['rolling']);
    const lastmod = sitemapLastmod(dates);
    // Maya's page: her row (day 1), her post (day 7), the roller she reviewed (day 9); not the draft's day 20 or 25.
    expect(lastmod('/authors/maya-chen')).toBe(at(9).toISOString());
    expect(lastmod('/')).toBe(at(9).toISOString());
  });
});
