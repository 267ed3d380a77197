import { describe, expect, it } from 'vitest';
import { createRandom } from '../../db/seed/random.ts';
import { byRatingDescending, editorsChoice, hasTopPicks, highestRated, HIGHEST_RATED_MIN, topPicks, trendingProducts } from '../../src/domain/catalogue/picks.ts';
import type { CatalogueItem } from '../../src/domain/catalogue/pipeline.ts';
import { items, names, product } from './catalogue-fixtures.ts';

const home = { name: 'Home', slug: 'home' };

describe("Editor's Choice: up to 6 featured in-stock products by rating", () => {
  it('keeps featured, in-stock products of the category, best rated first', () => {
    const list = items([
      product({ name: 'Featured 4.2', featured: true, rating: 4.2 }),
      product({ name: 'Featured 4.9', featured: true, rating: 4.9 }),
      product({ name: 'Not featured', rating: 5 }),
      product({ name: 'Featured, out of stock', featured: true, inStock: false, rating: 5 }),
      product({ name: 'Featured elsewhere', featured: true, rating: 5, category: home }),
    ]);
    expect(names(editorsChoice(list, 'recovery'))).toEqual(['Featured 4.9', 'Featured 4.2']);
    expect(names(editorsChoice(list, null))).toEqual(['Featured elsewhere', 'Featured 4.9', 'Featured 4.2']);
  });

  it('stops at 6', () => {
    const list = items(Array.from({ length: 9 }, (_, index) => product({ featured: true, rating: 4 + index / 10 })));
    expect(editorsChoice(list, null)).toHaveLength(6);
  });
});

describe('Highest Rated: up to 8 products rated 4 or more', () => {
  it('keeps 4+ products, best first, at most 8', () => {
    const list = items(Array.from({ length: 12 }, (_, index) => product({ name: `R${3 + index * 0.2}`, rating: 3 + index * 0.2 })));
    const picked = highestRated(list, 'recovery');
    expect(picked).toHaveLength(7);
    expect(picked.every((item) => (item.product.rating ?? 0) >= 4)).toBe(true);
    expect(picked[0]?.product.rating).toBeCloseTo(5.2);
    expect(highestRated(items(Array.from({ length: 12 }, () => product({ rating: 4.5 }))), null)).toHaveLength(8);
  });
});

describe('"No Featured Products Found" when both lists are empty', () => {
  it('knows when there is nothing to show', () => {
    expect(hasTopPicks(topPicks(items([product({ rating: 3 })]), null))).toBe(false);
    expect(hasTopPicks(topPicks(items([product({ rating: 4 })]), null))).toBe(true);
  });
});

describe('Trending: the category’s 4 best-rated products, unrated last', () => {
  it('takes four from the category', () => {
    const list = items([
      product({ name: 'Unrated', rating: null }),
      product({ name: 'Three', rating: 3 }),
      product({ name: 'Five', rating: 5 }),
      product({ name: 'Four', rating: 4 }),
      product({ name: 'Other category', rating: 5, category: home }),
      product({ name: 'Two', rating: 2 }),
    ]);
    expect(names(trendingProducts(list, 'recovery'))).toEqual(['Five', 'Four', 'Three', 'Two']);
  });
});

describe('strips that promote products hold in-stock products only (issue 9, point 3)', () => {
  const list = items([
    product({ name: 'Gone 5.0', rating: 5, inStock: false, featured: true }),
    product({ name: 'Here 4.6', rating: 4.6, featured: true }),
    product({ name: 'Gone 4.9', rating: 4.9, inStock: false }),
    product({ name: 'Here 4.1', rating: 4.1 }),
  ]);

  it("keeps out-of-stock products out of Editor's Choice, Highest Rated and Trending", () => {
    expect(names(editorsChoice(list, null))).toEqual(['Here 4.6']);
    expect(names(highestRated(list, 'recovery'))).toEqual(['Here 4.6', 'Here 4.1']);
    expect(names(trendingProducts(list, 'recovery'))).toEqual(['Here 4.6', 'Here 4.1']);
  });

  it('finds no Top Picks in a category whose rated products are all out of stock', () => {
    expect(hasTopPicks(topPicks(items([product({ rating: 4.8, inStock: false, featured: true })]), null))).toBe(false);
  });
});

describe('every strip is the rule applied to the whole list', () => {
  it('equals filtering, sorting by rating (newest first among equals) and keeping the first few, ratings repeated and missing', () => {
    const random = createRandom('picks: the rule over the whole list');
    const categories = [home, { name: 'Recovery', slug: 'recovery' }, { name: 'Strength', slug: 'strength' }];
    const list = items(
      Array.from({ length: 300 }, () =>
        product({ rating: random.chance(1 / 4) ? null : 3 + random.int(0, 4) / 2, ...(random.chance(1 / 3) ? { featured: true } : {}), inStock: !random.chance(1 / 5), category: random.pick(categories) }),
      ),
    );
    const byRule = (keep: (item: CatalogueItem) => boolean, count: number) =>
      list.filter((item) => item.product.inStock && keep(item)).sort(byRatingDescending).slice(0, count);
    for (const category of [null, ...categories.map((entry) => entry.slug)]) {
      const inCategory = (item: CatalogueItem) => category === null || item.product.category?.slug === category;
      expect(editorsChoice(list, category)).toEqual(byRule((item) => inCategory(item) && item.product.featured === true, 6));
      expect(highestRated(list, category)).toEqual(byRule((item) => inCategory(item) && (item.product.rating ?? 0) >= HIGHEST_RATED_MIN, 8));
      if (category !== null) expect(trendingProducts(list, category)).toEqual(byRule(inCategory, 4));
    }
  });
});
