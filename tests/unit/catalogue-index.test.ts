/**
 * The catalogue index (catalogue-index.ts) answers exactly what the pipeline answers: for random catalogues (ties in
 * price and rating, unrated products, sales, every flag, products without a category) and random queries, the same
 * products in the same order, the same count and pages, and the same Trending strip; and the index the browser builds
 * from the card files (cardIndexEntry) is the one built from the decoded cards.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 as random } from '../../db/seed/random.ts';
import { CatalogueIndex, indexEntry } from '../../src/domain/catalogue/catalogue-index.ts';
import { catalogueView, indexedListView } from '../../src/domain/catalogue/catalogue-view.ts';
import { cardIndexEntry, decodeCardRow, decodeCardShard, encodeCardShard } from '../../src/domain/catalogue/data-format.ts';
import { groupIntoShards, mergeShards } from '../../src/domain/catalogue/dataset.ts';
import { trendingProducts } from '../../src/domain/catalogue/picks.ts';
import { selectCatalogue, type CatalogueItem } from '../../src/domain/catalogue/pipeline.ts';
import {
  DEFAULT_QUERY,
  FEATURE_OPTIONS,
  RATING_OPTIONS,
  SORT_OPTIONS,
  STOCK_OPTIONS,
  withQuery,
  type CatalogueQuery,
} from '../../src/domain/catalogue/query.ts';
import type { CatalogueProduct } from '../../src/domain/product-card.ts';
import { items as catalogueItems, product } from './catalogue-fixtures.ts';

const CATEGORIES = [{ name: 'Recovery', slug: 'recovery' }, { name: 'Fitness', slug: 'fitness' }, { name: 'Home', slug: 'home' }, null];
const WORDS = ['Foam', 'Roller', 'Massage', 'Gun', 'Kettlebell', 'Mat', 'Band', 'Pro', 'Mini', 'Heat'];

function catalogue(seed: number, count: number): CatalogueItem[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const products: CatalogueProduct[] = [];
  for (let index = 0; index < count; index++) {
    // Few distinct prices and ratings, so ties (broken newest first) are common.
    const price = pick([9.99, 25, 49.5, 50, 120, 150, 499, 2500]);
    const onSale = next() < 0.3;
    const flags = (chance: number) => (next() < chance ? (true as const) : undefined);
    products.push(
      product({
        id: 1000 + index,
        name: `${pick(WORDS)} ${pick(WORDS)} ${index % 7}`,
        price,
        salePrice: onSale ? Math.round(price * 70) / 100 : null,
        rating: next() < 0.2 ? null : pick([1.5, 2, 3, 3.5, 4, 4.2, 4.5, 5]),
        inStock: next() < 0.8,
        category: pick(CATEGORIES),
        // Creation days collide too: the id breaks the tie (compareNewestProducts).
        createdAt: Date.UTC(2025, 0, 1) + Math.floor(next() * 30) * 86_400_000,
        featured: flags(0.2),
        bestSeller: flags(0.3),
        amazonChoice: flags(0.3),
        climatePledge: flags(0.2),
        fsaHsa: flags(0.2),
      }),
    );
  }
  return catalogueItems(products);
}

function randomQuery(next: () => number): CatalogueQuery {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const maybe = <T>(value: T, chance = 0.4): T | null => (next() < chance ? value : null);
  return withQuery(DEFAULT_QUERY, {
    category: maybe(pick(['recovery', 'fitness', 'home', 'unknown'])),
    search: maybe(pick(['foam', 'ROLLER', ' mini ', 'gun 3', 'zzz']), 0.3),
    sort: pick(SORT_OPTIONS).value,
    minPrice: maybe(pick([0, 25, 49.5, 50, 100])),
    maxPrice: maybe(pick([25, 49.5, 150, 2000, -1])),
    rating: maybe(pick(RATING_OPTIONS).value),
    availability: next() < 0.5 ? ['in-stock'] : next() < 0.5 ? ['out-of-stock'] : STOCK_OPTIONS.map((option) => option.value),
    features: FEATURE_OPTIONS.filter(() => next() < 0.2).map((option) => option.value),
    page: 1,
  });
}

describe('the index answers what the pipeline answers', () => {
  it.each([1, 2, 3])('random catalogue %i: the same page, count and order for 300 random queries', (seed) => {
    const items = catalogue(seed, 240);
    const index = CatalogueIndex.fromItems(items);
    const byRank = [...items].sort((a, b) => a.rank - b.rank);
    const next = random(seed * 7919);
    for (let run = 0; run < 300; run++) {
      const query = { ...randomQuery(next), page: 1 + Math.floor(next() * 4) };
      const pageSize = next() < 0.5 ? 24 : 7;
      const expected = selectCatalogue(items, query, { pageSize });
      const actual = index.select(query, { pageSize });
      expect({ ...actual, positions: actual.positions.map((position) => byRank[position]) }, JSON.stringify(query)).toEqual({
        ...expected,
        positions: expected.items,
        items: undefined,
      });
    }
  });

  it('a search with description data matches the name or the description, as the browser asks', () => {
    const items = catalogue(4, 120);
    const index = CatalogueIndex.fromItems(items);
    const byRank = [...items].sort((a, b) => a.rank - b.rank);
    // Every third product's description mentions the term.
    const described = (item: CatalogueItem) => item.rank % 3 === 0;
    const query = withQuery(DEFAULT_QUERY, { search: 'Warranty', availability: ['in-stock', 'out-of-stock'] });
    const expected = selectCatalogue(items, query, {
      matchesSearch: (item) => described(item) || item.product.name.toLowerCase().includes('warranty'),
    });
    const actual = index.select(query, { descriptionHit: (position) => described(byRank[position]!) });
    expect(actual.total).toBe(expected.total);
    expect(actual.total).toBeGreaterThan(0);
    expect(actual.positions.map((position) => byRank[position])).toEqual(expected.items);
  });

  it('the Trending strip of every category is trendingProducts', () => {
    const items = catalogue(5, 300);
    const index = CatalogueIndex.fromItems(items);
    const byRank = [...items].sort((a, b) => a.rank - b.rank);
    for (const category of ['recovery', 'fitness', 'home', 'unknown']) {
      expect(index.trending(category).map((position) => byRank[position])).toEqual(trendingProducts(items, category));
    }
  });

  it('an empty index answers nothing, on page 1 of 1', () => {
    const selection = new CatalogueIndex([]).select({ ...DEFAULT_QUERY, page: 3 });
    expect(selection).toEqual({ positions: [], total: 0, page: 1, pageCount: 1, first: 0, last: 0 });
  });
});

describe('the index the browser builds from the card files', () => {
  const items = catalogue(6, 200);
  const files = groupIntoShards(items).map((shard) => encodeCardShard(shard.category, shard.items));

  it('reads the same entries from a card row as from the decoded card', () => {
    for (const file of files) {
      const decoded = decodeCardShard(file);
      file.rows.forEach((row, index) => {
        expect(cardIndexEntry(file, row)).toEqual(indexEntry(decoded[index]!));
        expect(decodeCardRow(file, row)).toEqual(decoded[index]!.product);
      });
    }
  });

  it('gives the views catalogueView gives over the decoded cards, making only the products shown', () => {
    const cards = files
      .flatMap((file) => file.rows.map((row) => ({ file, row, entry: cardIndexEntry(file, row) })))
      .sort((a, b) => a.entry.rank - b.entry.rank);
    const index = new CatalogueIndex(cards.map((card) => card.entry));
    const decoded = mergeShards(files.map(decodeCardShard));
    let made = 0;
    const productAt = (position: number) => {
      made++;
      return decodeCardRow(cards[position]!.file, cards[position]!.row);
    };
    const next = random(11);
    for (let run = 0; run < 100; run++) {
      const query = randomQuery(next);
      const expected = catalogueView(decoded, query);
      made = 0;
      const actual = indexedListView(index, query, productAt);
      expect(actual, JSON.stringify(query)).toEqual(expected);
      expect(made).toBe(actual.products.length + actual.trending.length);
    }
  });
});
