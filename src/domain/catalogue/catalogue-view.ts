/**
 * Everything the catalogue shows below its headings for one query, computed from the items in
 * scope: the product list with its count and Trending strip, or the Top Picks lists.
 */
import type { CatalogueProduct } from '../product-card.ts';
import type { CatalogueIndex, IndexSelectOptions } from './catalogue-index.ts';
import { topPicks, trendingProducts } from './picks.ts';
import { selectCatalogue, type CatalogueItem, type SelectOptions } from './pipeline.ts';
import type { CatalogueQuery } from './query.ts';
import { showsTrending } from './view.ts';

export interface CatalogueListView {
  kind: 'list';
  query: CatalogueQuery;
  /** The page shown, sorted (pagination.ts: 24 a page, never more than the spec's 200). */
  products: CatalogueProduct[];
  /** How many matched in all: "{n} products found". */
  total: number;
  /** The page shown (the last one when the query asks past the end) and how many there are. */
  page: number;
  pageCount: number;
  /** Positions of the first and last product shown within the match, 1-based (0 when empty). */
  first: number;
  last: number;
  trending: CatalogueProduct[];
}

export interface CatalogueTopPicksView {
  kind: 'top-picks';
  query: CatalogueQuery;
  editorsChoice: CatalogueProduct[];
  highestRated: CatalogueProduct[];
}

export type CatalogueView = CatalogueListView | CatalogueTopPicksView;

export interface TopPicksProducts {
  editorsChoice: CatalogueProduct[];
  highestRated: CatalogueProduct[];
}

/** The Top Picks view from lists already picked (the build's picks file). */
export function topPicksView(query: CatalogueQuery, picks: TopPicksProducts): CatalogueTopPicksView {
  return { kind: 'top-picks', query, editorsChoice: picks.editorsChoice, highestRated: picks.highestRated };
}

const products = (items: readonly CatalogueItem[]) => items.map((item) => item.product);

/** `items` are the listed products in scope (at least the query's category), newest first. */
export function catalogueView(items: readonly CatalogueItem[], query: CatalogueQuery, options: SelectOptions = {}): CatalogueView {
  if (query.featured) {
    const picks = topPicks(items, query.category);
    return topPicksView(query, { editorsChoice: products(picks.editorsChoice), highestRated: products(picks.highestRated) });
  }
  const selection = selectCatalogue(items, query, options);
  return {
    kind: 'list',
    query,
    products: products(selection.items),
    total: selection.total,
    page: selection.page,
    pageCount: selection.pageCount,
    first: selection.first,
    last: selection.last,
    trending: showsTrending(query) && query.category ? products(trendingProducts(items, query.category)) : [],
  };
}

/**
 * catalogueView's list view from an index of the items in scope (catalogue-index.ts), making only the products shown:
 * `product` gives the product at a position of the index. Top Picks come from the picks file instead (topPicksView).
 */
export function indexedListView(
  index: CatalogueIndex,
  query: CatalogueQuery,
  product: (position: number) => CatalogueProduct,
  options: IndexSelectOptions = {},
): CatalogueListView {
  const selection = index.select(query, options);
  return {
    kind: 'list',
    query,
    products: selection.positions.map(product),
    total: selection.total,
    page: selection.page,
    pageCount: selection.pageCount,
    first: selection.first,
    last: selection.last,
    trending: showsTrending(query) && query.category ? index.trending(query.category).map(product) : [],
  };
}
