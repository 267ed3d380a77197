/**
 * What the catalogue page shows for a query (spec section 2, Catalogue /products): its mode,
 * headings, breadcrumb, count, empty state, canonical URL and which blocks appear.
 */
import { categoryHref } from './categories.ts';
import { CATALOGUE_PATH, DEFAULT_AVAILABILITY, DEFAULT_QUERY, serializeCatalogueQuery, type CatalogueQuery } from './query.ts';

/** Top Picks wins over search, search over a category. */
export type CatalogueMode = 'top-picks' | 'search' | 'category' | 'all';

export function catalogueMode(query: CatalogueQuery): CatalogueMode {
  if (query.featured) return 'top-picks';
  if (query.search) return 'search';
  if (query.category) return 'category';
  return 'all';
}

/** The h1: Top Picks, Search Results for "{term}", {category} Products, or Product Catalog. */
export function pageHeading(query: CatalogueQuery, categoryName: string | null): string {
  switch (catalogueMode(query)) {
    case 'top-picks':
      return 'Top Picks';
    case 'search':
      return `Search Results for "${query.search}"`;
    case 'category':
      return `${categoryName ?? query.category} Products`;
    case 'all':
      return 'Product Catalog';
  }
}

/** The heading above the product grid: Results for "{term}", Category: {name}, or All Products. */
export function listHeading(query: CatalogueQuery, categoryName: string | null): string {
  if (query.search) return `Results for "${query.search}"`;
  if (query.category) return `Category: ${categoryName ?? query.category}`;
  return 'All Products';
}

export interface Crumb {
  name: string;
  /** Absent on the current (last) crumb. */
  href?: string;
}

/** Home, Products, then the current filter: Top Picks, the category, the search term. The last crumb is the current page. */
export function breadcrumbTrail(query: CatalogueQuery, categoryName: string | null): Crumb[] {
  const trail: Crumb[] = [
    { name: 'Home', href: '/' },
    { name: 'Products', href: CATALOGUE_PATH },
  ];
  if (query.featured) trail.push({ name: 'Top Picks', href: categoryHref(null, true) });
  if (query.category) trail.push({ name: categoryName ?? query.category, href: categoryHref(query.category, query.featured) });
  if (query.search && !query.featured) trail.push({ name: `Results for "${query.search}"` });
  const last = trail[trail.length - 1]!;
  trail[trail.length - 1] = { name: last.name };
  return trail;
}

/** "{n} products found" ("1 product found"). */
export function resultCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'} found`;
}

/** Whether any filter is set (sorting is an order, not a filter): the quiz banner shows only without one. */
export function hasActiveFilter(query: CatalogueQuery): boolean {
  return (
    query.category !== null ||
    query.search !== null ||
    query.featured ||
    query.minPrice !== null ||
    query.maxPrice !== null ||
    query.rating !== null ||
    query.features.length > 0 ||
    serializeCatalogueQuery({ ...DEFAULT_QUERY, availability: query.availability }) !== ''
  );
}

/** Spec section 2: the quiz banner appears only with no filter. */
export function showsQuizBanner(query: CatalogueQuery): boolean {
  return !hasActiveFilter(query);
}

/** The category browser is hidden while searching. */
export function showsCategoryBrowser(query: CatalogueQuery): boolean {
  return query.search === null;
}

/** The filter panel (sidebar or drawer) is not shown in Top Picks. */
export function showsFilterPanel(query: CatalogueQuery): boolean {
  return !query.featured;
}

/** Trending {category} Products: with a category selected and no search (the list view only). */
export function showsTrending(query: CatalogueQuery): boolean {
  return query.category !== null && query.search === null && !query.featured;
}

/** Related Categories: with a category selected and more than one category in the catalogue. */
export function showsRelatedCategories(query: CatalogueQuery, categoryCount: number): boolean {
  return query.category !== null && categoryCount > 1 && !query.featured;
}

export interface EmptyState {
  title: string;
  hint: string;
}

/** A category with nothing in it says so; anything else suggests another search term. */
export function emptyState(query: CatalogueQuery): EmptyState {
  if (query.category !== null && query.search === null) {
    return { title: 'No products in this category', hint: 'Try another category, or clear the filters to see more products.' };
  }
  return { title: 'No products found', hint: 'Try a different search term, or adjust the filters.' };
}

/**
 * Clear All Filters (spec section 4): back to in-stock, all ratings, newest, no features, no price
 * bounds. Where the shopper is (category, search term) stays.
 */
export function clearedFilters(query: CatalogueQuery): CatalogueQuery {
  return { ...DEFAULT_QUERY, availability: DEFAULT_AVAILABILITY, category: query.category, search: query.search };
}

/** Whether Clear All Filters would change anything. */
export function hasClearableFilters(query: CatalogueQuery): boolean {
  return serializeCatalogueQuery(clearedFilters(query)) !== serializeCatalogueQuery(query);
}

/**
 * The canonical URL of a catalogue view: the category and Top Picks views are pages of their own
 * (pre-rendered at build time); sorting, narrowing and searching show the same products in another
 * order or subset, so they point to the view they refine.
 */
export function canonicalCataloguePath(query: CatalogueQuery): string {
  return categoryHref(query.category, query.featured);
}

/** The document title. */
/** The page title: the heading, plus the category in Top Picks so that every Top Picks page has its own title. */
export function documentTitle(query: CatalogueQuery, categoryName: string | null): string {
  const heading = pageHeading(query, categoryName);
  const category = categoryName ?? query.category;
  const topPicksOf = catalogueMode(query) === 'top-picks' && category ? `: ${category}` : '';
  return `${heading}${topPicksOf} | Repwell`;
}

const CATEGORY_PAGES = '/products/category/';
const TOP_PICKS_PAGES = '/products/top-picks/';

/**
 * Where the build publishes the page for a category or Top Picks view: /products/category/{slug},
 * /products/top-picks and /products/top-picks/{slug} (the default view is /products itself).
 */
export function prerenderedCataloguePath(category: string | null, featured: boolean): string {
  if (featured) return category ? `${TOP_PICKS_PAGES}${category}` : TOP_PICKS_PAGES.slice(0, -1);
  return category ? `${CATEGORY_PAGES}${category}` : CATALOGUE_PATH;
}

/**
 * The spec URL a pre-rendered catalogue page stands for (/products/category/recovery →
 * /products?category=recovery), or null for any other path: for the sitemap, which should list
 * the canonical URLs rather than the files that serve them.
 */
export function canonicalForPrerenderedPath(pathname: string): string | null {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const slugAfter = (prefix: string) => {
    const rest = path.slice(prefix.length, -1);
    return rest && !rest.includes('/') ? decodeURIComponent(rest) : null;
  };
  if (path === TOP_PICKS_PAGES) return categoryHref(null, true);
  if (path.startsWith(TOP_PICKS_PAGES)) {
    const slug = slugAfter(TOP_PICKS_PAGES);
    return slug ? categoryHref(slug, true) : null;
  }
  if (path.startsWith(CATEGORY_PAGES)) {
    const slug = slugAfter(CATEGORY_PAGES);
    return slug ? categoryHref(slug, false) : null;
  }
  return null;
}
