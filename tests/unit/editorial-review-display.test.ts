/**
 * Where an editorial review shows beyond the product page: the editorial Review in the product's structured data
 * (Google's pros and cons shape, separate from the shoppers' aggregateRating), the cards' award and score from the
 * catalogue data (kept through the compact format; a card without a review carries neither), and the demo seed's
 * reviews (deterministic, a share of the products, awards per category, reviewers only when their rows exist).
 */
import { describe, expect, it } from 'vitest';
import { generateReviews, type ReviewableProduct } from '../../db/seed/reviews.ts';
import { decodeCardShard, encodeCardShard } from '../../src/domain/catalogue/data-format.ts';
import { buildCatalogueItems } from '../../src/domain/catalogue/dataset.ts';
import { isValidScore, parseReview } from '../../src/domain/editorial/review.ts';
import { reviewDay } from '../../src/domain/editorial/review-display.ts';
import { STANDARD_AWARDS, type EditorialReview } from '../../src/domain/editorial/types.ts';
import { toCatalogueProduct, type ProductSource } from '../../src/domain/product-card.ts';
import { editorialReviewJsonLd, productJsonLd } from '../../src/domain/product-display/json-ld.ts';
import { product } from './catalogue-fixtures.ts';

const review: EditorialReview = {
  verdict: 'Quiet and strong.',
  pros: ['Quiet', 'Light'],
  cons: ['Short battery'],
  bestFor: 'Runners',
  skipIf: '',
  score: 8.5,
  award: 'Best Overall',
  reviewerId: 3,
  testedOn: '2026-03-01',
  updatedOn: '2026-10-12',
};

describe('the editorial Review in structured data', () => {
  it('carries the score out of 10, the reviewer as a Person with their page, pros and cons as ItemLists, and dateModified', () => {
    expect(editorialReviewJsonLd({ review, reviewer: { name: 'Maya Chen', url: 'https://example.com/authors/maya-chen' }, siteName: 'Repwell' })).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Maya Chen', url: 'https://example.com/authors/maya-chen' },
      reviewRating: { '@type': 'Rating', ratingValue: 8.5, bestRating: 10, worstRating: 1 },
      reviewBody: 'Quiet and strong.',
      positiveNotes: {
        '@type': 'ItemList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Quiet' },
          { '@type': 'ListItem', position: 2, name: 'Light' },
        ],
      },
      negativeNotes: { '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Short battery' }] },
      dateModified: '2026-10-12',
    });
  });

  it('names the site when no reviewer is, leaves out what the review lacks, and is none without a score or notes', () => {
    const scoreOnly = { ...review, verdict: '', pros: [], cons: [], updatedOn: null };
    expect(editorialReviewJsonLd({ review: scoreOnly, reviewer: null, siteName: 'Repwell' })).toEqual({
      '@type': 'Review',
      author: { '@type': 'Organization', name: 'Repwell' },
      reviewRating: { '@type': 'Rating', ratingValue: 8.5, bestRating: 10, worstRating: 1 },
    });
    expect(editorialReviewJsonLd({ review: { ...scoreOnly, score: null }, reviewer: null, siteName: 'Repwell' })).toBeNull();
  });

  it('sits beside the shoppers aggregateRating, which stays as it was', () => {
    const input = { name: 'Gun', description: '', url: 'https://example.com/product/gun', images: [], price: 100, salePrice: null, inStock: true, rating: 4.4, ratingCount: 120, attributes: {} };
    const without = productJsonLd(input);
    const withReview = productJsonLd({ ...input, editorial: { review, reviewer: null, siteName: 'Repwell' } });
    expect(withReview.aggregateRating).toEqual(without.aggregateRating);
    expect(withReview.review).toMatchObject({ '@type': 'Review', reviewRating: { ratingValue: 8.5, bestRating: 10 } });
    expect(without.review).toBeUndefined();
  });
});

describe('cards', () => {
  const source: ProductSource = {
    id: 1,
    slug: 'gun',
    name: 'Gun',
    price: 100,
    salePrice: null,
    imageUrl: null,
    rating: 4,
    inStock: true,
    category: null,
    createdAt: new Date(0),
    affiliateUrl: 'https://example.com/gun',
    affiliateSource: 'generic',
    attributes: {},
    review,
  };

  it('carry the award and score of a review, and neither without one', () => {
    expect(toCatalogueProduct(source, { amazonTag: 'tag-20' })).toMatchObject({ award: 'Best Overall', score: 8.5 });
    const bare = toCatalogueProduct({ ...source, review: null }, { amazonTag: 'tag-20' });
    expect('award' in bare || 'score' in bare).toBe(false);
    const scoreOnly = toCatalogueProduct({ ...source, review: { ...review, award: '' } }, { amazonTag: 'tag-20' });
    expect(scoreOnly.award).toBeUndefined();
    expect(scoreOnly.score).toBe(8.5);
  });

  it('keep them through the catalogue data format', () => {
    const items = buildCatalogueItems([
      product({ id: 1, name: 'A', slug: 'a', award: 'Best Budget', score: 7.5 }),
      product({ id: 2, name: 'B', slug: 'b', score: 10 }),
      product({ id: 3, name: 'C', slug: 'c' }),
    ]);
    const decoded = decodeCardShard(JSON.parse(JSON.stringify(encodeCardShard(null, items))));
    const byId = new Map(decoded.map((item) => [item.product.id, item.product]));
    expect(byId.get(1)).toMatchObject({ award: 'Best Budget', score: 7.5 });
    expect(byId.get(2)).toMatchObject({ score: 10 });
    expect(byId.get(2)!.award).toBeUndefined();
    expect('score' in byId.get(3)! || 'award' in byId.get(3)!).toBe(false);
  });
});

describe('review days', () => {
  it('read as calendar dates in UTC', () => {
    expect(reviewDay('2026-10-12')).toEqual({ iso: '2026-10-12', label: 'October 12, 2026' });
  });
});

describe('the demo seed reviews', () => {
  const catalogue: ReviewableProduct[] = Array.from({ length: 640 }, (_, index) => ({
    id: index + 1,
    slug: `product-${index}`,
    name: `Product ${index}`,
    price: 10 + ((index * 37) % 400),
    rating: index % 9 === 0 ? null : 3 + (index % 20) / 10,
    categoryId: (index % 12) + 1,
    inStock: index % 8 !== 0,
  }));
  const now = new Date(Date.UTC(2026, 10, 28));

  it('are the same on every run, about one product in eight, and each passes the review rules', () => {
    const first = generateReviews(catalogue, now, [11, 12, 13]);
    expect(generateReviews(catalogue, now, [11, 12, 13])).toEqual(first);
    expect(first.size).toBeGreaterThanOrEqual(60);
    expect(first.size).toBeLessThanOrEqual(100);
    for (const stored of first.values()) {
      expect(parseReview(stored)).toEqual({ ok: true, review: stored });
      expect(isValidScore(stored.score!)).toBe(true);
      expect([11, 12, 13]).toContain(stored.reviewerId);
      expect(stored.updatedOn! <= '2026-11-28').toBe(true);
    }
  });

  it('give each category at most one of each standard award, and name no reviewer when the authors are absent', () => {
    const reviews = generateReviews(catalogue, now, []);
    for (const award of STANDARD_AWARDS) {
      const categories = [...reviews].filter(([, r]) => r.award === award).map(([id]) => catalogue[id - 1]!.categoryId);
      expect(new Set(categories).size).toBe(categories.length);
    }
    expect([...reviews.values()].filter((r) => r.award === 'Best Overall').length).toBeGreaterThanOrEqual(8);
    expect([...reviews.values()].every((r) => r.reviewerId === null)).toBe(true);
  });
});
