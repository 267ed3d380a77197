/**
 * The catalogue's state lives in the URL query (spec section 2, Catalogue /products; section 4:
 * filters live in the URL): this module turns a query string into a normalised CatalogueQuery and
 * back, so back, forward, reload and shared links all restore the same view.
 *
 * Parsing is forgiving (unknown or malformed values fall back to the default) and serialising is
 * canonical (fixed parameter order, defaults left out), so equal views have equal URLs.
 */

export const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'name', label: 'Name (A-Z)' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortKey = 'newest';

/** Rating options (spec section 9): all, 4+, 3+, 2+; "all" is no filter. */
export const RATING_OPTIONS = [
  { value: '4+', label: '4+ Stars', min: 4 },
  { value: '3+', label: '3+ Stars', min: 3 },
  { value: '2+', label: '2+ Stars', min: 2 },
] as const;
export type RatingFilter = (typeof RATING_OPTIONS)[number]['value'];

/** The special-feature keys of spec section 9 and the attribute flag each one reads. */
export const FEATURE_OPTIONS = [
  { value: 'best-seller', label: 'Best Seller', attribute: 'is_best_seller' },
  { value: 'amazon-choice', label: "Amazon's Choice", attribute: 'is_amazon_choice' },
  { value: 'climate-friendly', label: 'Climate Pledge Friendly', attribute: 'climate_pledge_friendly' },
  { value: 'fsa-hsa', label: 'FSA/HSA Eligible', attribute: 'fsa_hsa_eligible' },
] as const;
export type FeatureKey = (typeof FEATURE_OPTIONS)[number]['value'];

export const STOCK_OPTIONS = [
  { value: 'in-stock', label: 'In Stock' },
  { value: 'out-of-stock', label: 'Out of Stock' },
] as const;
export type StockState = (typeof STOCK_OPTIONS)[number]['value'];
/** Spec section 4: availability defaults to in-stock only. */
export const DEFAULT_AVAILABILITY: readonly StockState[] = ['in-stock'];

export interface CatalogueQuery {
  /** A category slug. */
  category: string | null;
  /** The trimmed search text, never empty. */
  search: string | null;
  /** featured=true: the Top Picks view. */
  featured: boolean;
  sort: SortKey;
  /** Lower price bound in dollars; null when absent, not numeric, or not above 0 (no bound). */
  minPrice: number | null;
  /** Upper price bound in dollars; null when absent or not numeric. */
  maxPrice: number | null;
  rating: RatingFilter | null;
  /** Which stock states to list, in STOCK_OPTIONS order, never empty. */
  availability: readonly StockState[];
  /** Features every listed product must have, in FEATURE_OPTIONS order, no repeats. */
  features: readonly FeatureKey[];
  /** The page of the list, 1-based (pagination.ts); changing anything else returns to 1. */
  page: number;
}

export const DEFAULT_QUERY: CatalogueQuery = Object.freeze({
  category: null,
  search: null,
  featured: false,
  sort: DEFAULT_SORT,
  minPrice: null,
  maxPrice: null,
  rating: null,
  availability: DEFAULT_AVAILABILITY,
  features: [],
  page: 1,
});

/** The query parameters the catalogue reads, in the order it writes them. */
export const QUERY_PARAMS = ['category', 'search', 'featured', 'sort', 'min_price', 'max_price', 'rating', 'availability', 'features', 'page'] as const;

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim();
  return value ? value : null;
}

/** Spec section 5: min_price and max_price apply only when numeric. */
export function parsePrice(raw: string | null | undefined): number | null {
  const value = raw?.trim();
  if (!value) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Spec section 5: the rating filter applies only for 4+, 3+ and 2+. A '+' in a query decodes to a space, so "4 " and "4" count too. */
export function parseRating(raw: string | null | undefined): RatingFilter | null {
  const digits = raw?.trim().replace(/\+$/, '');
  return RATING_OPTIONS.find((option) => option.value === `${digits}+`)?.value ?? null;
}

function parseList<T extends string>(raw: string | null, allowed: readonly { value: T }[]): T[] {
  const wanted = new Set((raw ?? '').split(',').map((part) => part.trim().toLowerCase()));
  return allowed.map((option) => option.value).filter((value) => wanted.has(value));
}

/** Spec section 5: a comma list of in-stock / out-of-stock; nothing valid means the default, in-stock only. */
export function parseAvailability(raw: string | null): StockState[] {
  const states = parseList(raw, STOCK_OPTIONS);
  return states.length > 0 ? states : [...DEFAULT_AVAILABILITY];
}

export function parseFeatures(raw: string | null): FeatureKey[] {
  return parseList(raw, FEATURE_OPTIONS);
}

/** A whole page number from 1 (a bare number, no sign, no fraction); anything else is page 1. */
export function parsePage(raw: string | null | undefined): number {
  const value = raw?.trim();
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

function parseSort(raw: string | null): SortKey {
  return SORT_OPTIONS.find((option) => option.value === raw)?.value ?? DEFAULT_SORT;
}

export function parseCatalogueQuery(input: URLSearchParams | string): CatalogueQuery {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const minPrice = parsePrice(params.get('min_price'));
  return {
    category: text(params, 'category'),
    search: text(params, 'search'),
    featured: params.get('featured')?.trim().toLowerCase() === 'true',
    sort: parseSort(text(params, 'sort')),
    // A lower bound of 0 or less excludes nothing, so it is no bound at all.
    minPrice: minPrice !== null && minPrice > 0 ? minPrice : null,
    maxPrice: parsePrice(params.get('max_price')),
    rating: parseRating(params.get('rating')),
    availability: parseAvailability(params.get('availability')),
    features: parseFeatures(params.get('features')),
    page: parsePage(params.get('page')),
  };
}

function isDefaultAvailability(states: readonly StockState[]): boolean {
  return states.length === DEFAULT_AVAILABILITY.length && states.every((state, index) => state === DEFAULT_AVAILABILITY[index]);
}

function formatNumber(value: number): string {
  return String(Number.isInteger(value) ? value : Math.round(value * 100) / 100);
}

/** The canonical query string (no leading '?'): fixed order, defaults left out. */
export function serializeCatalogueQuery(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.search) params.set('search', query.search);
  if (query.featured) params.set('featured', 'true');
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.minPrice !== null) params.set('min_price', formatNumber(query.minPrice));
  if (query.maxPrice !== null) params.set('max_price', formatNumber(query.maxPrice));
  if (query.rating) params.set('rating', query.rating);
  if (!isDefaultAvailability(query.availability)) params.set('availability', query.availability.join(','));
  if (query.features.length > 0) params.set('features', query.features.join(','));
  if (query.page > 1) params.set('page', String(query.page));
  // URLSearchParams writes commas as %2C; they are legal in a query and easier to read and share.
  return params.toString().replace(/%2C/gi, ',');
}

export const CATALOGUE_PATH = '/products';

/** The catalogue URL of a view: /products, or /products?{query}. */
export function catalogueHref(query: CatalogueQuery): string {
  const search = serializeCatalogueQuery(query);
  return search ? `${CATALOGUE_PATH}?${search}` : CATALOGUE_PATH;
}

export function sameQuery(a: CatalogueQuery, b: CatalogueQuery): boolean {
  return serializeCatalogueQuery(a) === serializeCatalogueQuery(b);
}

/**
 * A query with some fields changed; list fields are re-normalised so the result stays canonical.
 * Any change but the page's own returns to page 1: a new filter or order makes a new list.
 */
export function withQuery(query: CatalogueQuery, changes: Partial<CatalogueQuery>): CatalogueQuery {
  const next = { ...query, ...changes };
  return {
    ...next,
    page: changes.page !== undefined ? Math.max(1, Math.floor(changes.page) || 1) : 1,
    search: next.search?.trim() ? next.search.trim() : null,
    minPrice: next.minPrice !== null && next.minPrice > 0 ? next.minPrice : null,
    availability: parseAvailability(next.availability.join(',')),
    features: parseFeatures(next.features.join(',')),
  };
}

/**
 * The query a page shows, given where the browser is. Pre-rendered catalogue pages (a category's
 * listing at /products/category/{slug}, Top Picks at /products/top-picks) stand for a base query;
 * at that path the URL's own parameters apply on top of it. Anywhere else the URL alone decides.
 */
export function queryAtLocation(pathname: string, search: string, base: { path: string; query: CatalogueQuery }): CatalogueQuery {
  const params = new URLSearchParams(search);
  if (trimSlash(pathname) !== trimSlash(base.path) || trimSlash(base.path) === CATALOGUE_PATH) return parseCatalogueQuery(params);
  const merged = new URLSearchParams(serializeCatalogueQuery(base.query));
  for (const [key, value] of params) merged.set(key, value);
  return parseCatalogueQuery(merged);
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/** Toggles one value in a list field (a checkbox). */
export function toggled<T extends string>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
