/**
 * The category a row's category cell names. Only the category of that name (in any case) is taken: a name that
 * matches none is refused rather than moved into the nearest category (a typo would misfile the product without
 * anyone noticing) or created (a typo would add a near-duplicate category to the site's navigation). The refusal
 * suggests the nearest name, so fixing a typo is one edit; a really new category is added on the Categories page,
 * where its slug, description and navigation place are chosen.
 */
import { closest, distance } from 'fastest-levenshtein';

export interface CategoryName {
  id: number;
  name: string;
}

export type CategoryMatch = { ok: true; id: number } | { ok: false; suggestion: string | null };

/** How far (in edits) a name may be from a category's for that category to be suggested: a typo or two. */
export function suggestionDistance(name: string): number {
  return Math.max(2, Math.floor(name.length / 4));
}

export function matchCategory(name: string, list: readonly CategoryName[]): CategoryMatch {
  const wanted = name.trim();
  const exact = list.find((category) => category.name === wanted) ?? list.find((category) => category.name.toLowerCase() === wanted.toLowerCase());
  if (exact) return { ok: true, id: exact.id };
  return { ok: false, suggestion: nearestCategoryName(wanted, list) };
}

/** The category name nearest to `name` ignoring case: a few edits away, or containing it or contained in it. */
export function nearestCategoryName(name: string, list: readonly CategoryName[]): string | null {
  if (list.length === 0 || name === '') return null;
  const lower = name.toLowerCase();
  const names = list.map((category) => category.name);
  const lowered = names.map((item) => item.toLowerCase());
  const nearest = closest(lower, lowered);
  if (distance(lower, nearest) <= suggestionDistance(name)) return names[lowered.indexOf(nearest)]!;
  const containing = lowered.findIndex((item) => item.includes(lower) || lower.includes(item));
  return containing === -1 ? null : names[containing]!;
}
