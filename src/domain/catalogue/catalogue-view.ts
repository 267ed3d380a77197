/**
 * Everything the catalogue shows below its headings for one query, computed from the items in
 * scope: the product list with its count and Trending strip, or the Top Picks lists.
 */
import type { CatalogueProduct } from '../product-card.ts';
import type { CatalogueIndex, IndexSelectOptions } from './catalogue-index.ts';
import { topPicks, trendingProducts } from './picks.ts';
import { filterCatalogue, selectPage, sortCatalogue, type CatalogueItem, type SelectOptions } from './pipeline.ts';
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

interface Match {
  /** Every item the query matches, sorted. */
  matched: CatalogueItem[];
  trending: CatalogueProduct[];
}

/**
 * Matches already worked out, by item list and query without its page: the build renders every page of a list
 * (400 pages of 24 at 10,000 products), and filtering, sorting and picking the Trending strip over all items again for
 * each one cost about 6 ms a page. A few queries per list are kept; a list that is no longer used takes its matches
 * with it (the browser's lists change with each data file loaded).
 */
const matches = new WeakMap<readonly CatalogueItem[], Map<string, Match>>();
const KEPT_QUERIES = 32;

function matchOf(items: readonly CatalogueItem[], query: CatalogueQuery, options: SelectOptions): Match {
  const compute = (): Match => ({
    matched: sortCatalogue(filterCatalogue(items, query, options), query.sort),
    trending: showsTrending(query) && query.category ? products(trendingProducts(items, query.category)) : [],
  });
  // A search function of the caller's is not part of the key: such a match is not kept.
  if (options.matchesSearch) return compute();
  let byQuery = matches.get(items);
  if (!byQuery) matches.set(items, (byQuery = new Map()));
  const key = JSON.stringify({ ...query, page: null });
  let match = byQuery.get(key);
  if (!match) {
    match = compute();
    byQuery.set(key, match);
    if (byQuery.size > KEPT_QUERIES) byQuery.delete(byQuery.keys().next().value!);
  }
  return match;
}

/** `items` are the listed products in scope (at least the query's category), newest first. */
export function catalogueView(items: readonly CatalogueItem[], query: CatalogueQuery, options: SelectOptions = {}): CatalogueView {
  if (query.featured) {
    const picks = topPicks(items, query.category);
    return topPicksView(query, { editorsChoice: products(picks.editorsChoice), highestRated: products(picks.highestRated) });
  }
  const match = matchOf(items, query, options);
  const selection = selectPage(match.matched, query, options);
  return {
    kind: 'list',
    query,
    products: products(selection.items),
    total: selection.total,
    page: selection.page,
    pageCount: selection.pageCount,
    first: selection.first,
    last: selection.last,
    trending: match.trending,
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
