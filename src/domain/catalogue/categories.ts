/**
 * Categories as the catalogue shows them (spec section 2): sorted by name with 'uncategorized'
 * last, five chips on mobile, up to four related categories, links that keep featured=true.
 */
import { CATALOGUE_PATH, serializeCatalogueQuery, DEFAULT_QUERY } from './query.ts';

export const UNCATEGORIZED_SLUG = 'uncategorized';
/** Spec section 9: mobile chips 5; related categories 4. */
export const MOBILE_CHIP_COUNT = 5;
export const RELATED_CATEGORY_COUNT = 4;

export interface CategorySummary {
  slug: string;
  name: string;
  /** What its list shows with the default filters (counts.ts: listed and in stock). */
  productCount: number;
  /** What its Top Picks view shows (distinct products of Editor's Choice and Highest Rated). */
  topPickCount: number;
}

/**
 * A category as a catalogue page draws it. The page's HTML leaves the counts out: every catalogue page draws every
 * category's count, so a stock change would change all of them (seven hundred pages at 10,000 products) where it
 * changes only the lists that hold the product. The island fills them in from the current build's manifest once it
 * has hydrated (CatalogueApp.tsx); until then, and without JavaScript, the links show their names alone.
 */
export interface CategoryLink {
  slug: string;
  name: string;
  /** Whether its list shows any product: Related Categories skips empty ones. */
  listed: boolean;
  productCount?: number;
  topPickCount?: number;
}

/** The categories as a page's HTML draws them: no counts. */
export function uncountedLinks(categories: readonly CategorySummary[]): CategoryLink[] {
  return categories.map(({ slug, name, productCount }) => ({ slug, name, listed: productCount > 0 }));
}

/** The categories with a build's counts, once the island has them. */
export function countedLinks(categories: readonly CategorySummary[]): CategoryLink[] {
  return categories.map((category) => ({ ...category, listed: category.productCount > 0 }));
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorted by name, case-insensitively, with the default 'uncategorized' category last. */
export function orderCategories<T extends Pick<CategorySummary, 'slug' | 'name'>>(categories: readonly T[]): T[] {
  return [...categories].sort(
    (a, b) =>
      Number(a.slug === UNCATEGORIZED_SLUG) - Number(b.slug === UNCATEGORIZED_SLUG) ||
      byName.compare(a.name, b.name) ||
      byName.compare(a.slug, b.slug),
  );
}

/**
 * The first five categories, as chips on narrow screens (the More drawer lists them all), plus
 * the current category at the end when it is not among them, so the shopper sees where they are.
 */
export function mobileChipCategories<T extends { slug: string }>(ordered: readonly T[], current: string | null = null): T[] {
  const chips = ordered.slice(0, MOBILE_CHIP_COUNT);
  const selected = ordered.find((category) => category.slug === current);
  return selected && !chips.includes(selected) ? [...chips, selected] : chips;
}

/**
 * Related Categories for the selected one: the next four in browser order after it, wrapping
 * around, so each category points on to different neighbours. Empty categories and the
 * 'uncategorized' catch-all are not worth a detour and are skipped. None when the selected
 * category is unknown or the catalogue has only one category.
 */
export function relatedCategories<T extends Pick<CategoryLink, 'slug' | 'listed'>>(ordered: readonly T[], current: string | null): T[] {
  const index = ordered.findIndex((category) => category.slug === current);
  if (index < 0 || ordered.length <= 1) return [];
  const rotated = [...ordered.slice(index + 1), ...ordered.slice(0, index)];
  return rotated.filter((category) => category.listed && category.slug !== UNCATEGORIZED_SLUG).slice(0, RELATED_CATEGORY_COUNT);
}

/** A category's catalogue link, /products?category={slug}, keeping featured=true when the view has it; null is All Products / All Top Picks. */
export function categoryHref(slug: string | null, featured: boolean): string {
  const search = serializeCatalogueQuery({ ...DEFAULT_QUERY, category: slug, featured });
  return search ? `${CATALOGUE_PATH}?${search}` : CATALOGUE_PATH;
}

/** "1 product", "12 products". */
export function productCountLabel(count: number | undefined): string {
  if (count === undefined) return '';
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

/** "1 top pick", "14 top picks": Top Picks views show picks, not the whole category. */
export function topPickCountLabel(count: number | undefined): string {
  if (count === undefined) return '';
  return `${count} ${count === 1 ? 'top pick' : 'top picks'}`;
}
