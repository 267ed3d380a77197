/**
 * The catalogue pipeline's rules (pipeline.ts) over columns, for answering many queries on the same products: the
 * browser answers every filter and sort change of the catalogue with it (at 10,000 products, within a frame on a slow
 * phone), so that an answer is one pass over an order sorted once, with no product objects made and no comparisons.
 *
 * What it answers is exactly what selectCatalogue and trendingProducts answer for the same products (the unit tests
 * hold both to it): the same filters, the same orders with the same ties (newest first), the same pages.
 *
 * Products are addressed by position: 0 is the newest in the index, and positions follow rank.
 */
import type { CatalogueProduct } from '../product-card.ts';
import { CATALOGUE_PAGE_SIZE, clampPage, pageCount } from './pagination.ts';
import { TRENDING_COUNT } from './picks.ts';
import { minimumRating, shopperPrice, type CatalogueItem } from './pipeline.ts';
import type { CatalogueQuery, FeatureKey, SortKey } from './query.ts';
import { CATALOGUE_LIMIT } from '../product.ts';

/** Boolean fields of a product, one bit each. */
export const INDEX_FLAG = {
  inStock: 1,
  featured: 2,
  bestSeller: 4,
  amazonChoice: 8,
  climatePledge: 16,
  fsaHsa: 32,
} as const;

const FEATURE_BITS: Readonly<Record<FeatureKey, number>> = {
  'best-seller': INDEX_FLAG.bestSeller,
  'amazon-choice': INDEX_FLAG.amazonChoice,
  'climate-friendly': INDEX_FLAG.climatePledge,
  'fsa-hsa': INDEX_FLAG.fsaHsa,
};

/** What the rules read of one product. */
export interface IndexEntry {
  /** Position in the whole catalogue, newest first. */
  rank: number;
  /** Position in the whole catalogue by name, A to Z. */
  nameRank: number;
  /** The price a shopper pays (shopperPrice). */
  price: number;
  rating: number | null;
  /** INDEX_FLAG bits. */
  flags: number;
  /** The category's slug, or null. */
  category: string | null;
  name: string;
}

export function indexFlags(product: CatalogueProduct): number {
  let flags = product.inStock ? INDEX_FLAG.inStock : 0;
  if (product.featured === true) flags |= INDEX_FLAG.featured;
  if (product.bestSeller === true) flags |= INDEX_FLAG.bestSeller;
  if (product.amazonChoice === true) flags |= INDEX_FLAG.amazonChoice;
  if (product.climatePledge === true) flags |= INDEX_FLAG.climatePledge;
  if (product.fsaHsa === true) flags |= INDEX_FLAG.fsaHsa;
  return flags;
}

export function indexEntry(item: CatalogueItem): IndexEntry {
  const { product } = item;
  return {
    rank: item.rank,
    nameRank: item.nameRank,
    price: shopperPrice(product),
    rating: product.rating,
    flags: indexFlags(product),
    category: product.category?.slug ?? null,
    name: product.name,
  };
}

export interface IndexSelectOptions {
  /**
   * Whether the description of the product at a position contains the search needle (search.ts). Without it, search
   * matches names only, as selectCatalogue does without search data.
   */
  descriptionHit?: (position: number) => boolean;
  /** Products a page; defaults to CATALOGUE_PAGE_SIZE, never more than the spec's 200. */
  pageSize?: number;
}

export interface IndexSelection {
  /** Positions of the products on the requested page (the last page when it asks past the end), in order. */
  positions: number[];
  total: number;
  page: number;
  pageCount: number;
  first: number;
  last: number;
}

/** Unrated products sort last whichever way ratings go, as pipeline.ts's ratingOf. */
const UNRATED = Number.NEGATIVE_INFINITY;

export class CatalogueIndex {
  readonly size: number;
  readonly #rank: Int32Array;
  readonly #nameRank: Int32Array;
  readonly #price: Float64Array;
  readonly #rating: Float64Array;
  readonly #flags: Uint8Array;
  /** Index into #categories. */
  readonly #category: Int32Array;
  readonly #categories: (string | null)[] = [];
  readonly #names: string[];
  #folded: string[] | undefined;
  readonly #orders = new Map<SortKey, Int32Array>();
  readonly #trending = new Map<string, number[]>();
  /** Matches of the last query, reused for the next (one array for the index's life). */
  #matches: Int32Array | undefined;

  /** `entries` in any order; they are kept newest first (by rank). */
  constructor(entries: readonly IndexEntry[]) {
    const sorted = [...entries].sort((a, b) => a.rank - b.rank);
    const size = sorted.length;
    this.size = size;
    this.#rank = new Int32Array(size);
    this.#nameRank = new Int32Array(size);
    this.#price = new Float64Array(size);
    this.#rating = new Float64Array(size);
    this.#flags = new Uint8Array(size);
    this.#category = new Int32Array(size);
    this.#names = new Array<string>(size);
    const categoryIds = new Map<string | null, number>();
    sorted.forEach((entry, position) => {
      this.#rank[position] = entry.rank;
      this.#nameRank[position] = entry.nameRank;
      this.#price[position] = entry.price;
      this.#rating[position] = entry.rating ?? UNRATED;
      this.#flags[position] = entry.flags;
      let category = categoryIds.get(entry.category);
      if (category === undefined) {
        category = this.#categories.push(entry.category) - 1;
        categoryIds.set(entry.category, category);
      }
      this.#category[position] = category;
      this.#names[position] = entry.name;
    });
  }

  static fromItems(items: readonly CatalogueItem[]): CatalogueIndex {
    return new CatalogueIndex(items.map(indexEntry));
  }

  rankAt(position: number): number {
    return this.#rank[position]!;
  }

  /** Positions in the order of a sort key (sortCatalogue's comparators), computed once per key. */
  order(sort: SortKey): Int32Array {
    let order = this.#orders.get(sort);
    if (!order) {
      order = this.#sorted(sort);
      this.#orders.set(sort, order);
    }
    return order;
  }

  #sorted(sort: SortKey): Int32Array {
    const size = this.size;
    const positions = new Int32Array(size);
    for (let position = 0; position < size; position++) positions[position] = position;
    // Positions follow rank, so comparing positions breaks ties newest first, as byRank does.
    const price = this.#price;
    const rating = this.#rating;
    const nameRank = this.#nameRank;
    switch (sort) {
      case 'newest':
        return positions;
      case 'oldest':
        return positions.reverse();
      case 'price-low':
        return positions.sort((a, b) => price[a]! - price[b]! || a - b);
      case 'price-high':
        return positions.sort((a, b) => price[b]! - price[a]! || a - b);
      case 'rating':
        return positions.sort((a, b) => rating[b]! - rating[a]! || a - b);
      case 'name':
        return positions.sort((a, b) => nameRank[a]! - nameRank[b]!);
    }
  }

  /** selectCatalogue's answer, as positions. */
  select(query: CatalogueQuery, options: IndexSelectOptions = {}): IndexSelection {
    const match = this.#predicate(query, options);
    const order = this.order(query.sort);
    const matches = (this.#matches ??= new Int32Array(this.size));
    let total = 0;
    if (match) {
      for (let index = 0; index < order.length; index++) {
        const position = order[index]!;
        if (match(position)) matches[total++] = position;
      }
    }
    const size = Math.min(Math.max(1, Math.floor(options.pageSize ?? CATALOGUE_PAGE_SIZE)), CATALOGUE_LIMIT);
    const pages = pageCount(total, size);
    const page = clampPage(query.page, pages);
    const start = (page - 1) * size;
    const end = Math.min(total, start + size);
    const positions = Array.from(matches.subarray(start, Math.max(start, end)));
    return { positions, total, page, pageCount: pages, first: positions.length > 0 ? start + 1 : 0, last: start + positions.length };
  }

  /**
   * The test a product must pass for the query (filterCatalogue's), or null when nothing can pass (a category no
   * product of the index has).
   */
  #predicate(query: CatalogueQuery, options: IndexSelectOptions): ((position: number) => boolean) | null {
    const { minPrice, maxPrice } = query;
    let category = -1;
    if (query.category !== null) {
      category = this.#categories.indexOf(query.category);
      if (category < 0) return null;
    }
    const min = minimumRating(query.rating);
    let required = 0;
    if (query.featured) required |= INDEX_FLAG.featured;
    for (const feature of query.features) required |= FEATURE_BITS[feature];
    const inStock = query.availability.includes('in-stock');
    const outOfStock = query.availability.includes('out-of-stock');
    const needle = query.search ? query.search.trim().toLowerCase() : '';
    const folded = needle ? this.#foldedNames() : null;
    const descriptionHit = options.descriptionHit;
    const categories = this.#category;
    const price = this.#price;
    const rating = this.#rating;
    const flags = this.#flags;
    return (position) => {
      if (category >= 0 && categories[position] !== category) return false;
      const bits = flags[position]!;
      if ((bits & required) !== required) return false;
      if (!((bits & INDEX_FLAG.inStock) !== 0 ? inStock : outOfStock)) return false;
      const paid = price[position]!;
      if ((minPrice !== null && !(paid >= minPrice)) || (maxPrice !== null && !(paid <= maxPrice))) return false;
      if (min !== null && !(rating[position]! >= min)) return false;
      if (folded !== null && !(descriptionHit?.(position) === true || folded[position]!.includes(needle))) return false;
      return true;
    };
  }

  #foldedNames(): string[] {
    return (this.#folded ??= this.#names.map((name) => name.toLowerCase()));
  }

  /** trendingProducts' answer for a category, as positions: its best-rated in-stock products, unrated last. */
  trending(category: string): number[] {
    let positions = this.#trending.get(category);
    if (!positions) {
      positions = [];
      const id = this.#categories.indexOf(category);
      if (id >= 0) {
        for (const position of this.order('rating')) {
          if (this.#category[position] === id && (this.#flags[position]! & INDEX_FLAG.inStock) !== 0) positions.push(position);
          if (positions.length === TRENDING_COUNT) break;
        }
      }
      this.#trending.set(category, positions);
    }
    return positions;
  }
}
