/**
 * The catalogue's filter and sort pipeline (spec section 7, product reads): the listed products
 * narrowed by category, search, featured, price bounds, minimum rating, stock and special
 * features, sorted by the chosen order, one page of it at a time. The same functions build the static pages at
 * build time and answer every filter change in the browser.
 *
 * Items arrive in the catalogue's newest-first order and carry their rank in it, so every sort
 * breaks ties by recency and the default sort is a plain rank order.
 */
import type { CatalogueProduct } from '../product-card.ts';
import { effectivePrice } from '../product.ts';
import { CATALOGUE_PAGE_SIZE, clampPage, pageCount, pageSlice } from './pagination.ts';
import { RATING_OPTIONS, type CatalogueQuery, type FeatureKey, type RatingFilter, type SortKey, type StockState } from './query.ts';

export interface CatalogueItem {
  product: CatalogueProduct;
  /** Position in the whole catalogue, newest first (0 is the newest). */
  rank: number;
  /** Position in the whole catalogue by name, A to Z. */
  nameRank: number;
}

/** The price a shopper pays, which price bounds and price sorting use: the sale price during a sale. */
export function shopperPrice(product: Pick<CatalogueProduct, 'price' | 'salePrice'>): number {
  return effectivePrice(product.price, product.salePrice);
}

export function matchesCategory(product: CatalogueProduct, category: string | null): boolean {
  return category === null || product.category?.slug === category;
}

/** featured=true keeps products whose attributes mark them featured (attributes.is_featured). */
export function matchesFeatured(product: CatalogueProduct, featured: boolean): boolean {
  return !featured || product.featured === true;
}

/** Price bounds are inclusive and apply to the price the shopper pays. */
export function matchesPriceRange(product: CatalogueProduct, minPrice: number | null, maxPrice: number | null): boolean {
  const price = shopperPrice(product);
  return (minPrice === null || price >= minPrice) && (maxPrice === null || price <= maxPrice);
}

export function minimumRating(rating: RatingFilter | null): number | null {
  return RATING_OPTIONS.find((option) => option.value === rating)?.min ?? null;
}

/** 4+, 3+ and 2+ keep products rated at least that; an unrated product never passes a rating filter. */
export function matchesRating(product: CatalogueProduct, rating: RatingFilter | null): boolean {
  const min = minimumRating(rating);
  return min === null || (product.rating !== null && product.rating >= min);
}

/** In-stock alone keeps in-stock products, out-of-stock alone the others, both keep all. */
export function matchesAvailability(product: Pick<CatalogueProduct, 'inStock'>, availability: readonly StockState[]): boolean {
  return availability.includes(product.inStock ? 'in-stock' : 'out-of-stock');
}

const FEATURE_FLAGS: Readonly<Record<FeatureKey, (product: CatalogueProduct) => boolean>> = {
  'best-seller': (product) => product.bestSeller === true,
  'amazon-choice': (product) => product.amazonChoice === true,
  'climate-friendly': (product) => product.climatePledge === true,
  'fsa-hsa': (product) => product.fsaHsa === true,
};

/** Every chosen feature must hold (best-seller, amazon-choice, climate-friendly, fsa-hsa). */
export function matchesFeatures(product: CatalogueProduct, features: readonly FeatureKey[]): boolean {
  return features.every((feature) => FEATURE_FLAGS[feature](product));
}

/** The spec's search: a case-insensitive match of the term within the name or the description. */
export function matchesText(term: string, name: string, descriptionBlocks: readonly string[] = []): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return name.toLowerCase().includes(needle) || descriptionBlocks.some((block) => block.toLowerCase().includes(needle));
}

export interface SelectOptions {
  /**
   * Whether an item matches query.search, from the search data (name or description). Without it,
   * the search matches names only: descriptions are not part of the card data.
   */
  matchesSearch?: (item: CatalogueItem) => boolean;
  /** Products a page; defaults to CATALOGUE_PAGE_SIZE, never more than the spec's 200. */
  pageSize?: number;
}

export function filterCatalogue(items: readonly CatalogueItem[], query: CatalogueQuery, options: SelectOptions = {}): CatalogueItem[] {
  const { category, search, featured, minPrice, maxPrice, rating, availability, features } = query;
  const searchMatch = search ? (options.matchesSearch ?? ((item: CatalogueItem) => matchesText(search, item.product.name))) : null;
  return items.filter(
    (item) =>
      matchesCategory(item.product, category) &&
      matchesFeatured(item.product, featured) &&
      matchesPriceRange(item.product, minPrice, maxPrice) &&
      matchesRating(item.product, rating) &&
      matchesAvailability(item.product, availability) &&
      matchesFeatures(item.product, features) &&
      (searchMatch === null || searchMatch(item)),
  );
}

type Compare = (a: CatalogueItem, b: CatalogueItem) => number;

const byRank: Compare = (a, b) => a.rank - b.rank;
/** Unrated products go last whichever way ratings sort. */
const ratingOf = (item: CatalogueItem) => item.product.rating ?? Number.NEGATIVE_INFINITY;

const COMPARATORS: Readonly<Record<SortKey, Compare>> = {
  newest: byRank,
  oldest: (a, b) => b.rank - a.rank,
  'price-low': (a, b) => shopperPrice(a.product) - shopperPrice(b.product) || byRank(a, b),
  'price-high': (a, b) => shopperPrice(b.product) - shopperPrice(a.product) || byRank(a, b),
  rating: (a, b) => ratingOf(b) - ratingOf(a) || byRank(a, b),
  name: (a, b) => a.nameRank - b.nameRank,
};

/** Sorted copy: newest (default), oldest, price low or high (the price paid), rating (highest first), name (A to Z); ties newest first. */
export function sortCatalogue(items: readonly CatalogueItem[], sort: SortKey): CatalogueItem[] {
  return [...items].sort(COMPARATORS[sort]);
}

export interface CatalogueSelection {
  /** The products of the requested page (the last page when it asks past the end), sorted. */
  items: CatalogueItem[];
  /** How many matched in all. */
  total: number;
  /** The page shown, 1-based, and how many there are (at least 1). */
  page: number;
  pageCount: number;
  /** Positions of the first and last product shown in the whole match, 1-based (0 when empty). */
  first: number;
  last: number;
}

/**
 * The whole pipeline: filter, sort, then the query's page of it. A page holds at most the spec's
 * 200 (section 9: product list limit); every product of the match is on some page.
 */
export function selectCatalogue(items: readonly CatalogueItem[], query: CatalogueQuery, options: SelectOptions = {}): CatalogueSelection {
  return selectPage(sortCatalogue(filterCatalogue(items, query, options), query.sort), query, options);
}

/** The query's page of a match already filtered and sorted (selectCatalogue's last step). */
export function selectPage(matched: readonly CatalogueItem[], query: Pick<CatalogueQuery, 'page'>, options: Pick<SelectOptions, 'pageSize'> = {}): CatalogueSelection {
  const size = options.pageSize ?? CATALOGUE_PAGE_SIZE;
  const pages = pageCount(matched.length, size);
  const page = clampPage(query.page, pages);
  const slice = pageSlice(matched, page, size);
  return { items: slice.items, total: matched.length, page, pageCount: pages, first: slice.first, last: slice.last };
}
