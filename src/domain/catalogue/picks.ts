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

function inCategory(item: CatalogueItem, category: string | null): boolean {
  return category === null || item.product.category?.slug === category;
}

/** Highest rating first, unrated last, then newest first. */
export function byRatingDescending(a: CatalogueItem, b: CatalogueItem): number {
  const ratingA = a.product.rating ?? Number.NEGATIVE_INFINITY;
  const ratingB = b.product.rating ?? Number.NEGATIVE_INFINITY;
  return ratingB - ratingA || a.rank - b.rank;
}

function best(items: readonly CatalogueItem[], keep: (item: CatalogueItem) => boolean, count: number): CatalogueItem[] {
  return items.filter((item) => item.product.inStock && keep(item)).sort(byRatingDescending).slice(0, count);
}

/** Editor's Choice: featured, in-stock products of the category (all categories for null), best rated first, at most 6. */
export function editorsChoice(items: readonly CatalogueItem[], category: string | null): CatalogueItem[] {
  return best(items, (item) => inCategory(item, category) && item.product.featured === true, EDITORS_CHOICE_COUNT);
}

/** Highest Rated: in-stock products of the category rated 4 stars or more, best rated first, at most 8. */
export function highestRated(items: readonly CatalogueItem[], category: string | null): CatalogueItem[] {
  return best(items, (item) => inCategory(item, category) && (item.product.rating ?? 0) >= HIGHEST_RATED_MIN, HIGHEST_RATED_COUNT);
}

/** Trending {category} Products: the category's four best-rated in-stock products, unrated last. */
export function trendingProducts(items: readonly CatalogueItem[], category: string): CatalogueItem[] {
  return best(items, (item) => inCategory(item, category), TRENDING_COUNT);
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
