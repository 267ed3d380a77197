/** A product page's alternatives: same category, listed, in stock, the four nearest in price, best scored first. */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../db/seed/random.ts';
import { alternativesByProduct, alternativesOf, type AlternativeSource } from '../../src/domain/product-display/alternatives.ts';

let nextId = 1;
function product(price: number, fields: Partial<AlternativeSource> & { score?: number | null } = {}): AlternativeSource {
  const { score = null, ...rest } = fields;
  return { id: nextId++, price, salePrice: null, availability: true, inStock: true, rating: null, category: { slug: 'recovery' }, review: { score }, ...rest };
}

describe('alternatives', () => {
  it('are the four nearest in price, shown best scored first, unscored last', () => {
    const target = product(100);
    const far = product(300, { score: 10 });
    const a = product(90, { score: 6 });
    const b = product(120, { score: 9 });
    const c = product(105);
    const d = product(80, { score: 7.5 });
    expect(alternativesOf(target, [far, a, b, c, d])).toEqual([b.id, d.id, a.id, c.id]);
  });

  it('come from the same category, listed and in stock only, never the product itself', () => {
    const target = product(50);
    const otherCategory = product(50, { category: { slug: 'strength' } });
    const outOfStock = product(51, { inStock: false });
    const unlisted = product(49, { availability: false });
    const uncategorized = product(50, { category: null });
    const kept = product(60);
    expect(alternativesOf(target, [otherCategory, outOfStock, unlisted, uncategorized, kept])).toEqual([kept.id]);
  });

  it('compare the price a shopper pays: the sale price during a sale', () => {
    const target = product(100);
    const onSale = product(300, { salePrice: 101 });
    const near = product(130);
    const others = [product(160), product(170), product(180)];
    expect(alternativesOf(target, [onSale, near, ...others])).toEqual([onSale.id, near.id, others[0]!.id, others[1]!.id]);
  });

  it('break ties on price distance by score, then shoppers rating, then the lower id', () => {
    const target = product(100);
    // All five are 10 away from the target's price.
    const unscoredA = product(110, { rating: 4 });
    const scoredNoRating = product(90, { score: 8 });
    const scoredRated = product(110, { score: 8, rating: 4.5 });
    const bare = product(90);
    const unscoredB = product(110, { rating: 4 });
    expect(alternativesOf(target, [unscoredA, scoredNoRating, scoredRated, bare, unscoredB])).toEqual([scoredRated.id, scoredNoRating.id, unscoredA.id, unscoredB.id]);
  });

  it('keep products tied in price beyond the first four on a side in the running', () => {
    const target = product(100);
    const cheaper = [product(99), product(98), product(97), product(96), product(96, { score: 9 })];
    const ids = alternativesOf(target, cheaper);
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe(cheaper[4]!.id);
    expect(ids).not.toContain(cheaper[3]!.id);
  });

  it('are none for a product without a category or with no other candidate', () => {
    const lone = product(10, { category: { slug: 'lonely' } });
    expect(alternativesOf(lone, [product(10)])).toEqual([]);
    expect(alternativesOf(product(10, { category: null }), [product(10, { category: null })])).toEqual([]);
  });

  it('are given for every product at once, the same as one by one', () => {
    const catalogue = Array.from({ length: 60 }, (_, i) =>
      product(((i * 37) % 23) * 5 + 10, {
        category: { slug: i % 3 === 0 ? 'a' : 'b' },
        score: i % 4 === 0 ? null : ((i % 19) + 1) / 2,
        inStock: i % 7 !== 0,
        rating: (i % 5) + 1,
      }),
    );
    const all = alternativesByProduct(catalogue);
    for (const item of catalogue) {
      const alternatives = all.get(item.id)!;
      expect(alternatives.length).toBeLessThanOrEqual(4);
      expect(alternatives).not.toContain(item.id);
      expect(alternatives).toEqual(alternativesOf(item, catalogue));
      // Brute force: the chosen are never farther in price than a candidate left out.
      const candidates = catalogue.filter((other) => other.id !== item.id && other.inStock && other.category?.slug === item.category?.slug);
      const farthestChosen = Math.max(...alternatives.map((id) => Math.abs(catalogue.find((p) => p.id === id)!.price - item.price)));
      const left = candidates.filter((other) => !alternatives.includes(other.id));
      if (alternatives.length === 4) for (const other of left) expect(Math.abs(other.price - item.price)).toBeGreaterThanOrEqual(farthestChosen);
      else expect(alternatives).toHaveLength(candidates.length);
    }
  });

  it('are the rule applied to every candidate, with prices repeated many times over and scores and ratings missing', () => {
    // The rule as it reads, over every candidate: nearest in price, ties by score, rating and id; shown best scored first.
    const higherFirst = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
    // The price a shopper pays: a sale price below the price.
    const paid = (item: AlternativeSource) => (item.salePrice !== null && item.salePrice < item.price ? item.salePrice : item.price);
    const byRule = (item: AlternativeSource, catalogue: readonly AlternativeSource[]) => {
      const distance = (other: AlternativeSource) => Math.abs(paid(other) - paid(item));
      const score = (other: AlternativeSource) => other.review?.score ?? null;
      return catalogue
        .filter((other) => other.id !== item.id && other.availability && other.inStock && other.category !== null && other.category.slug === item.category?.slug)
        .sort((a, b) => distance(a) - distance(b) || higherFirst(score(a), score(b)) || higherFirst(a.rating, b.rating) || a.id - b.id)
        .slice(0, 4)
        .sort((a, b) => higherFirst(score(a), score(b)) || distance(a) - distance(b) || higherFirst(a.rating, b.rating) || a.id - b.id)
        .map((other) => other.id);
    };
    const random = createRandom('alternatives: the rule over every candidate');
    // Prices on a grid, so that products above and below are often equally near: a few prices, or many of which some
    // are common (a product at a rare price then has a long run of tied products below or above it).
    const priceOf = (prices: number) => 10 + 5 * (random.chance(0.5) ? random.int(0, prices - 1) : random.int(0, 5) * 7);
    const catalogueOf = (prices: number) =>
      Array.from({ length: 400 }, () =>
        product(priceOf(prices), {
          salePrice: random.chance(1 / 6) ? priceOf(prices) : null,
          category: random.chance(1 / 12) ? null : { slug: random.pick(['a', 'b', 'c']) },
          score: random.chance(1 / 3) ? null : random.int(6, 9),
          rating: random.chance(1 / 3) ? null : random.int(3, 5),
          inStock: !random.chance(1 / 8),
          availability: !random.chance(1 / 10),
        }),
      );
    for (const catalogue of [catalogueOf(5), catalogueOf(25), catalogueOf(60)]) {
      const all = alternativesByProduct(catalogue);
      for (const item of catalogue) expect(all.get(item.id), `product ${item.id}`).toEqual(byRule(item, catalogue));
    }
  });
});
