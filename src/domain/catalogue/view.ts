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
      // An unknown category (a stale or mistyped link) gets a neutral heading, not "{slug} Products".
      return categoryName ? `${categoryName} Products` : 'Product Catalog';
    case 'all':
      return 'Product Catalog';
  }
}

/** The heading above the product grid: Results for "{term}", Category: {name}, or All Products. */
export function listHeading(query: CatalogueQuery, categoryName: string | null): string {
  if (query.search) return `Results for "${query.search}"`;
  if (query.category) return categoryName ? `Category: ${categoryName}` : 'Category not found';
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
  if (query.category && categoryName) trail.push({ name: categoryName, href: categoryHref(query.category, query.featured) });
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

/**
 * Why a list is empty. A category that holds nothing with the default filters (or does not exist)
 * says "No products in this category"; a list that a search or the shopper's filters emptied says
 * "No products found" with the spec's hint to try another search term.
 */
export function emptyState(query: CatalogueQuery, categoryKnown: boolean): EmptyState {
  const filtered = query.search !== null || hasClearableFilters(query);
  if (query.category !== null && (!categoryKnown || !filtered)) {
    return { title: 'No products in this category', hint: 'Try another category from the list above.' };
  }
  return { title: 'No products found', hint: 'Try a different search term, or adjust the filters.' };
}

/** How many filters of the filter panel are set (sorting is an order, not a filter): the phone's "Filters (2)". */
export function activeFilterCount(query: CatalogueQuery): number {
  const price = query.minPrice !== null || query.maxPrice !== null ? 1 : 0;
  const availability = serializeCatalogueQuery({ ...DEFAULT_QUERY, availability: query.availability }) !== '' ? 1 : 0;
  return price + (query.rating !== null ? 1 : 0) + availability + query.features.length;
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
  // Each page of a list is its own canonical URL (Google's advice: page 2 is not page 1).
  const page = query.featured ? 1 : query.page;
  const search = serializeCatalogueQuery({ ...DEFAULT_QUERY, category: query.category, featured: query.featured, page });
  return search ? `${CATALOGUE_PATH}?${search}` : CATALOGUE_PATH;
}

/** The page title: the heading, plus the category in Top Picks and the page after the first, so that every page has its own title. */
export function documentTitle(query: CatalogueQuery, categoryName: string | null): string {
  const heading = pageHeading(query, categoryName);
  const topPicksOf = catalogueMode(query) === 'top-picks' && categoryName ? `: ${categoryName}` : '';
  const page = !query.featured && query.page > 1 ? ` – Page ${query.page}` : '';
  return `${heading}${topPicksOf}${page} | Repwell`;
}

const CATEGORY_PAGES = '/products/category/';
const TOP_PICKS_PAGES = '/products/top-picks/';
const LIST_PAGES = '/products/page/';

/**
 * Where the build publishes the page for a category or Top Picks view: /products/category/{slug},
 * /products/top-picks and /products/top-picks/{slug} (the default view is /products itself), and
 * a list's later pages below it: /products/page/{n}, /products/category/{slug}/page/{n}.
 */
export function prerenderedCataloguePath(category: string | null, featured: boolean, page = 1): string {
  if (featured) return category ? `${TOP_PICKS_PAGES}${category}` : TOP_PICKS_PAGES.slice(0, -1);
  const list = category ? `${CATEGORY_PAGES}${category}` : CATALOGUE_PATH;
  return page > 1 ? `${list}/page/${page}` : list;
}

/**
 * The spec URL a pre-rendered catalogue page stands for (/products/category/recovery →
 * /products?category=recovery, /products/page/2 → /products?page=2), or null for any other path:
 * for the sitemap, which should list the canonical URLs rather than the files that serve them.
 */
export function canonicalForPrerenderedPath(pathname: string): string | null {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const rest = (prefix: string) => path.slice(prefix.length, -1).split('/');
  const pageNumber = (text: string | undefined) => (text && /^[1-9]\d{0,5}$/.test(text) && text !== '1' ? Number(text) : null);
  const list = (category: string | null, page = 1) => canonicalCataloguePath({ ...DEFAULT_QUERY, category, page });
  if (path === TOP_PICKS_PAGES) return categoryHref(null, true);
  if (path.startsWith(TOP_PICKS_PAGES)) {
    const parts = rest(TOP_PICKS_PAGES);
    return parts.length === 1 && parts[0] ? categoryHref(decodeURIComponent(parts[0]), true) : null;
  }
  if (path.startsWith(LIST_PAGES)) {
    const parts = rest(LIST_PAGES);
    const page = parts.length === 1 ? pageNumber(parts[0]) : null;
    return page ? list(null, page) : null;
  }
  if (path.startsWith(CATEGORY_PAGES)) {
    const parts = rest(CATEGORY_PAGES);
    const slug = parts[0] ? decodeURIComponent(parts[0]) : null;
    if (!slug) return null;
    if (parts.length === 1) return list(slug);
    const page = parts.length === 3 && parts[1] === 'page' ? pageNumber(parts[2]) : null;
    return page ? list(slug, page) : null;
  }
  return null;
}
