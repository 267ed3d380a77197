/**
 * The catalogue's curated strips (spec sections 2, 7 and 9): Top Picks per category (Editor's
 * Choice: up to 6 featured in-stock products by rating; Highest Rated: up to 8 rated 4 or more)
 * and the Trending strip (a category's 4 best-rated products, unrated last).
 *
 * Strips promote products, so they hold in-stock products only (issue 9, point 3): nothing is
 * offered that cannot be bought.
 */
import type { CatalogueItem } from './pipeline.ts';

export const EDITORS_CHOICE_COUNT = 6;
export const HIGHEST_RATED_COUNT = 8;
export const HIGHEST_RATED_MIN = 4;
export const TRENDING_COUNT = 4;

/**
 * A list's in-stock items by category (null: all of them), worked out once per list: a build asks for the picks of
 * every category, each for its data file and again for its Top Picks pages, and each ask was a pass over the whole
 * catalogue (about a second at 50,000 products). An item list is not changed once made (the matches kept in
 * catalogue-view.ts rely on it too: the browser makes a new list for each data file it loads); a list no longer used
 * takes its scopes with it.
 */
const inStockScopes = new WeakMap<readonly CatalogueItem[], Map<string | null, CatalogueItem[]>>();

function inStockIn(items: readonly CatalogueItem[], category: string | null): readonly CatalogueItem[] {
  let scopes = inStockScopes.get(items);
  if (!scopes) {
    const all: CatalogueItem[] = [];
    scopes = new Map([[null, all]]);
    for (const item of items) {
      if (!item.product.inStock) continue;
      all.push(item);
      const slug = item.product.category?.slug;
      if (slug === undefined) continue;
      const list = scopes.get(slug);
      if (list) list.push(item);
      else scopes.set(slug, [item]);
    }
    inStockScopes.set(items, scopes);
  }
  return scopes.get(category) ?? [];
}

/** Highest rating first, unrated last, then newest first. */
export function byRatingDescending(a: CatalogueItem, b: CatalogueItem): number {
  const ratingA = a.product.rating ?? Number.NEGATIVE_INFINITY;
  const ratingB = b.product.rating ?? Number.NEGATIVE_INFINITY;
  return ratingB - ratingA || a.rank - b.rank;
}

/**
 * The first `count` in-stock items of the category (all for null) that `keep` accepts, in byRatingDescending order:
 * what filtering, sorting and slicing would give, kept in one pass without sorting the rest.
 */
function best(items: readonly CatalogueItem[], category: string | null, keep: (item: CatalogueItem) => boolean, count: number): CatalogueItem[] {
  const top: CatalogueItem[] = [];
  for (const item of inStockIn(items, category)) {
    if (!keep(item)) continue;
    if (top.length === count && byRatingDescending(item, top[count - 1]!) >= 0) continue;
    // After any it ties with, as a stable sort would place it.
    let index = top.length;
    while (index > 0 && byRatingDescending(item, top[index - 1]!) < 0) index -= 1;
    top.splice(index, 0, item);
    if (top.length > count) top.pop();
  }
  return top;
}

/** Editor's Choice: featured, in-stock products of the category (all categories for null), best rated first, at most 6. */
export function editorsChoice(items: readonly CatalogueItem[], category: string | null): CatalogueItem[] {
  return best(items, category, (item) => item.product.featured === true, EDITORS_CHOICE_COUNT);
}

/** Highest Rated: in-stock products of the category rated 4 stars or more, best rated first, at most 8. */
export function highestRated(items: readonly CatalogueItem[], category: string | null): CatalogueItem[] {
  return best(items, category, (item) => (item.product.rating ?? 0) >= HIGHEST_RATED_MIN, HIGHEST_RATED_COUNT);
}

/** Trending {category} Products: the category's four best-rated in-stock products, unrated last. */
export function trendingProducts(items: readonly CatalogueItem[], category: string): CatalogueItem[] {
  return best(items, category, () => true, TRENDING_COUNT);
}

export interface TopPicks {
  editorsChoice: CatalogueItem[];
  highestRated: CatalogueItem[];
}

export function topPicks(items: readonly CatalogueItem[], category: string | null): TopPicks {
  return { editorsChoice: editorsChoice(items, category), highestRated: highestRated(items, category) };
}

/** "No Featured Products Found" shows when neither list has anything. */
export function hasTopPicks(picks: { editorsChoice: readonly unknown[]; highestRated: readonly unknown[] }): boolean {
  return picks.editorsChoice.length > 0 || picks.highestRated.length > 0;
}
