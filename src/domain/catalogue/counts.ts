/**
 * The counts shown beside catalogue links (issue 9, point 2): the number a shopper sees after
 * following the link with the default filters, so a card that says 28 opens a list of 28.
 *
 * One rule for every place a count appears (the catalogue's category browser, filter panel and
 * Related Categories, the home page's category grid, the header's Browse Categories drawer): a
 * category's count is its listed products that pass the default filters, which are in stock only
 * (spec section 4); the same predicate the catalogue's pipeline applies.
 */
import { isListed } from '../product.ts';
import { matchesAvailability } from './pipeline.ts';
import { DEFAULT_AVAILABILITY } from './query.ts';

export interface CountedProduct {
  inStock: boolean;
  /** Absent on catalogue cards, which are listed by construction. */
  availability?: boolean;
  category: { slug: string } | null;
}

export interface DefaultViewCounts {
  /** What All Products shows. */
  all: number;
  /** What each category's link shows, by slug; a category with none is absent. */
  byCategory: Map<string, number>;
}

/** Whether a product appears in the default catalogue view (listed, in stock). */
export function inDefaultView(product: CountedProduct): boolean {
  return isListed({ availability: product.availability ?? true }) && matchesAvailability(product, DEFAULT_AVAILABILITY);
}

export function defaultViewCounts(products: Iterable<CountedProduct>): DefaultViewCounts {
  const byCategory = new Map<string, number>();
  let all = 0;
  for (const product of products) {
    if (!inDefaultView(product)) continue;
    all++;
    const slug = product.category?.slug;
    if (slug) byCategory.set(slug, (byCategory.get(slug) ?? 0) + 1);
  }
  return { all, byCategory };
}

/** What a Top Picks link shows: the distinct products of its Editor's Choice and Highest Rated lists. */
export function topPicksCount(picks: { editorsChoice: readonly { id: number }[]; highestRated: readonly { id: number }[] }): number {
  return new Set([...picks.editorsChoice, ...picks.highestRated].map((product) => product.id)).size;
}
