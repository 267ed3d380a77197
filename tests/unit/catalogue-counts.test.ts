import { describe, expect, it } from 'vitest';
import { catalogueView } from '../../src/domain/catalogue/catalogue-view.ts';
import { defaultViewCounts, inDefaultView, topPicksCount } from '../../src/domain/catalogue/counts.ts';
import { DEFAULT_QUERY } from '../../src/domain/catalogue/query.ts';
import { items, product } from './catalogue-fixtures.ts';

const home = { name: 'Home', slug: 'home' };

describe('a count is what its link shows with the default filters: listed and in stock', () => {
  it('counts in-stock products per category and in all, leaving out unlisted and out-of-stock ones', () => {
    const counts = defaultViewCounts([
      { inStock: true, category: { slug: 'recovery' } },
      { inStock: true, category: { slug: 'recovery' } },
      { inStock: false, category: { slug: 'recovery' } },
      { inStock: true, availability: false, category: { slug: 'recovery' } },
      { inStock: true, category: { slug: 'home' } },
      { inStock: true, category: null },
    ]);
    expect(counts.all).toBe(4);
    expect(Object.fromEntries(counts.byCategory)).toEqual({ recovery: 2, home: 1 });
  });

  it('agrees with the catalogue list each count links to, for every category and All Products', () => {
    const products = [
      product({ rating: 4 }),
      product({ inStock: false }),
      product({ category: home }),
      product({ category: home, inStock: false }),
      product({ category: null }),
      ...Array.from({ length: 30 }, () => product({ category: home })),
    ];
    const list = items(products);
    const counts = defaultViewCounts(products);
    const totalOf = (category: string | null) => {
      const view = catalogueView(list, { ...DEFAULT_QUERY, category });
      return view.kind === 'list' ? view.total : -1;
    };
    expect(counts.all).toBe(totalOf(null));
    for (const slug of ['recovery', 'home']) expect(counts.byCategory.get(slug) ?? 0, slug).toBe(totalOf(slug));
    expect(products.filter(inDefaultView)).toHaveLength(counts.all);
  });
});

describe('a Top Picks count is what the Top Picks view shows', () => {
  it('counts the distinct products of Editor’s Choice and Highest Rated', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const c = { id: 3 };
    expect(topPicksCount({ editorsChoice: [a, b], highestRated: [b, c] })).toBe(3);
    expect(topPicksCount({ editorsChoice: [], highestRated: [] })).toBe(0);
  });
});
