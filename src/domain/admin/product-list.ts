/**
 * GET /api/admin/products: the admin's list of every product, whatever its status (issue 10, point 3). One filter
 * shape serves the list, the Products and Manage screens' URL query string, and a bulk action's `allMatching`
 * target, so "everything matching" means exactly what the screen showed.
 *
 * The query string carries only what differs from the defaults:
 *   ?search=roller&category=recovery&status=draft&stock=out&featured=true&review=needed&sort=price&dir=asc&page=2&pageSize=50
 */
import { z } from 'zod';
import { utcDay } from '../revenue/figures.ts';
import { parseAnalyticsRange, type RangePreset } from './analytics.ts';
import { needsReviewReasons } from './needs-review.ts';
import { linkHealthClasses } from './link-health/classes.ts';
import { PRICE_CHECK_SOURCES } from '../prices/price-check.ts';

/** The statuses of db/schema.ts's products.status (attributes.status folded); a unit test keeps them equal. */
export const productStatuses = ['draft', 'active', 'published'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const PRODUCT_PAGE_SIZES = [25, 50, 100] as const;
export type ProductPageSize = (typeof PRODUCT_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: ProductPageSize = 25;
/** Long enough for any product name fragment or code; longer text is a mistake, not a search. */
export const SEARCH_MAX = 100;
/** No one pages this far; the cap keeps OFFSET within what the database answers quickly. */
export const MAX_PAGE = 100_000;

export const productSortFields = ['name', 'price', 'created', 'updated', 'rating', 'clicks', 'conversions', 'commission'] as const;
export type ProductSortField = (typeof productSortFields)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];
/** Newest first, as the public catalogue opens. */
export const DEFAULT_SORT: { sort: ProductSortField; dir: SortDirection } = { sort: 'created', dir: 'desc' };

export const stockFilters = ['in', 'out'] as const;
/** Link health (issue 13): 'problem' = flagged and not acknowledged; 'unchecked' = never checked; or one class. */
export const healthFilters = ['problem', 'unchecked', ...linkHealthClasses] as const;
export type HealthFilter = (typeof healthFilters)[number];
export type StockFilter = (typeof stockFilters)[number];
/** A price's age: 'stale' = older than the stale limit or never checked (not shown on the site); 'failing' = its last check failed. */
export const priceFilters = ['stale', 'failing'] as const;
export type PriceFilter = (typeof priceFilters)[number];

export const productListTexts = {
  invalidQuery: 'Invalid product list request',
  pageInvalid: 'page must be a whole number from 1.',
  pageSizeInvalid: `pageSize must be one of ${PRODUCT_PAGE_SIZES.join(', ')}.`,
  searchTooLong: `search must be at most ${SEARCH_MAX} characters.`,
  categoryInvalid: 'category must be a category id or slug.',
  statusInvalid: 'status must be draft, active or published.',
  stockInvalid: 'stock must be in or out.',
  featuredInvalid: 'featured must be true or false.',
  reviewInvalid: 'review must be needed.',
  priceInvalid: 'price must be stale or failing.',
  healthInvalid: `health must be one of problem, unchecked, ${linkHealthClasses.join(', ')}.`,
  sortInvalid: `sort must be one of ${productSortFields.join(', ')}.`,
  dirInvalid: 'dir must be asc or desc.',
  empty: 'No products match these filters',
  noProducts: 'No products yet',
} as const;

/** A category by id (a number) or by slug (lower-case letters, digits and hyphens). */
export const categoryRefSchema = z.union(
  [
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, productListTexts.categoryInvalid),
  ],
  { error: productListTexts.categoryInvalid },
);
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** Which products: the part of the list query a bulk action's `allMatching` repeats. */
export const productFilterSchema = z.strictObject({
  search: z.string().trim().max(SEARCH_MAX, productListTexts.searchTooLong).optional(),
  category: categoryRefSchema.optional(),
  status: z.enum(productStatuses, { error: productListTexts.statusInvalid }).optional(),
  stock: z.enum(stockFilters, { error: productListTexts.stockInvalid }).optional(),
  featured: z.boolean({ error: productListTexts.featuredInvalid }).optional(),
  /** Only products marked needs_review (a scrape that failed, an import row without a title). */
  needsReview: z.literal(true, { error: productListTexts.reviewInvalid }).optional(),
  health: z.enum(healthFilters, { error: productListTexts.healthInvalid }).optional(),
  price: z.enum(priceFilters, { error: productListTexts.priceInvalid }).optional(),
});
export type ProductFilter = z.infer<typeof productFilterSchema>;

/** The days a list's clicks, conversions and commission cover: the analytics dashboard's range rules. */
export interface FiguresRange {
  preset: RangePreset | null;
  from: string;
  to: string;
}

export interface ProductListQuery extends ProductFilter {
  page: number;
  pageSize: ProductPageSize;
  sort: ProductSortField;
  dir: SortDirection;
  /** Absent: the analytics dashboard's default range (the last 30 days) on the day the list is read. */
  range?: FiguresRange;
}

/** Query-string values arrive as text: each is checked and converted, with a message naming the parameter. */
const queryParamsSchema = z.strictObject({
  search: z.string().optional(),
  category: z.string().optional(),
  status: z.string().optional(),
  stock: z.string().optional(),
  featured: z.enum(['true', 'false'], { error: productListTexts.featuredInvalid }).optional(),
  review: z.literal('needed', { error: productListTexts.reviewInvalid }).optional(),
  health: z.string().optional(),
  price: z.string().optional(),
  sort: z.enum(productSortFields, { error: productListTexts.sortInvalid }).optional(),
  dir: z.enum(sortDirections, { error: productListTexts.dirInvalid }).optional(),
  page: z.string().regex(/^[1-9]\d{0,5}$/, productListTexts.pageInvalid).optional(),
  pageSize: z.enum(PRODUCT_PAGE_SIZES.map(String) as ['25', '50', '100'], { error: productListTexts.pageSizeInvalid }).optional(),
  range: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The list query from a URL's search parameters. Empty values mean "not set" (a cleared search box), a repeated
 * parameter or an unknown one is refused, so a typo in a deep link shows an error instead of a silently wider list.
 */
export function parseProductListQuery(params: URLSearchParams, today: string = utcDay(Date.now())): ParseResult<ProductListQuery> {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in raw) return { ok: false, message: `${key} must be given once.` };
    if (value.trim() !== '') raw[key] = value;
  }
  const fields = queryParamsSchema.safeParse(raw);
  if (!fields.success) {
    const issue = fields.error.issues[0]!;
    return { ok: false, message: issue.code === 'unrecognized_keys' ? `Unknown parameter: ${issue.keys.join(', ')}.` : issue.message };
  }
  const { page, pageSize, sort, dir, featured, category, review, range: rangeParam, from, to, ...rest } = fields.data;
  if (page !== undefined && Number(page) > MAX_PAGE) return { ok: false, message: productListTexts.pageInvalid };
  const hasRange = rangeParam !== undefined || from !== undefined || to !== undefined;
  const range = hasRange ? parseAnalyticsRange({ range: rangeParam, from, to }, today) : undefined;
  if (range && !range.ok) return { ok: false, message: range.message };
  const filter = productFilterSchema.safeParse({
    ...rest,
    category: category === undefined ? undefined : /^\d+$/.test(category) ? Number(category) : category,
    featured: featured === undefined ? undefined : featured === 'true',
    needsReview: review === undefined ? undefined : true,
  });
  if (!filter.success) return { ok: false, message: filter.error.issues[0]!.message };
  const cleaned = withoutEmpty(filter.data);
  return {
    ok: true,
    value: {
      ...cleaned,
      page: page === undefined ? 1 : Number(page),
      pageSize: pageSize === undefined ? DEFAULT_PAGE_SIZE : (Number(pageSize) as ProductPageSize),
      sort: sort ?? DEFAULT_SORT.sort,
      dir: dir ?? defaultDirection(sort ?? DEFAULT_SORT.sort),
      ...(range?.ok ? { range: { preset: range.value.preset, from: range.value.from, to: range.value.to } } : {}),
    },
  };
}

/** The direction a column sorts in when first chosen: text A to Z, figures and dates highest or newest first. */
export function defaultDirection(sort: ProductSortField): SortDirection {
  return sort === 'name' ? 'asc' : 'desc';
}

function withoutEmpty(filter: ProductFilter): ProductFilter {
  const result: ProductFilter = { ...filter };
  if (result.search === '') delete result.search;
  for (const key of Object.keys(result) as (keyof ProductFilter)[]) if (result[key] === undefined) delete result[key];
  return result;
}

/** The search parameters for a query, leaving out defaults, in a fixed order (stable URLs and cache keys). */
export function productListSearchParams(query: ProductListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category !== undefined) params.set('category', String(query.category));
  if (query.status) params.set('status', query.status);
  if (query.stock) params.set('stock', query.stock);
  if (query.featured !== undefined) params.set('featured', String(query.featured));
  if (query.needsReview) params.set('review', 'needed');
  if (query.health) params.set('health', query.health);
  if (query.price) params.set('price', query.price);
  if (query.sort !== DEFAULT_SORT.sort) params.set('sort', query.sort);
  if (query.dir !== defaultDirection(query.sort)) params.set('dir', query.dir);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  if (query.range?.preset) params.set('range', String(query.range.preset));
  else if (query.range) {
    params.set('from', query.range.from);
    params.set('to', query.range.to);
  }
  return params;
}

/** The filter part of a query: what `allMatching` sends. */
export function filterOf(query: ProductListQuery): ProductFilter {
  const { page: _page, pageSize: _pageSize, sort: _sort, dir: _dir, range: _range, ...filter } = query;
  return filter;
}

export function hasFilter(filter: ProductFilter): boolean {
  return Object.values(filter).some((value) => value !== undefined && value !== '');
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Whether a search term can be a SKU or an ASIN: one word of letters, digits and hyphens. Such terms are also
 * matched as a code prefix; anything else is looked for in names only.
 */
export function isCodeLike(term: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(term);
}

/** A LIKE pattern that matches the text literally (with ESCAPE '\'). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// The answer.

export const productListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  imageUrl: z.string().nullable(),
  price: z.number(),
  salePrice: z.number().nullable(),
  rating: z.number().nullable(),
  status: z.enum(productStatuses),
  inStock: z.boolean(),
  availability: z.boolean(),
  isFeatured: z.boolean(),
  /** Why the product needs an admin's look, or null (needs-review.ts). */
  needsReview: z.enum(needsReviewReasons).nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  /** Counted clicks in the list's range (product_analytics), as the analytics dashboard counts them. */
  clickCount: z.number().int(),
  /** Pending and approved conversions that occurred in the list's range (issue 14). */
  conversionCount: z.number().int(),
  /** Their commission, in cents. */
  revenueCents: z.number().int(),
  /** The affiliate link's last check, or null when never checked (issue 13). */
  health: z
    .object({
      class: z.enum(linkHealthClasses),
      /** Two checks in a row agreed (state.ts); until then a failure shows as '(unconfirmed)'. */
      flagged: z.boolean(),
      acknowledged: z.boolean(),
      reported: z.boolean(),
      checkedAt: z.iso.datetime(),
    })
    .nullable(),
  /** When the price was last checked and by what; null when never (src/domain/prices/price-check.ts). */
  priceCheckedAt: z.iso.datetime().nullable(),
  priceSource: z.enum(PRICE_CHECK_SOURCES).nullable(),
  /** Older than the stale limit (or never checked): the site shows no amount. */
  priceStale: z.boolean(),
  /** Why the last check failed, while it has not succeeded since; else null. */
  priceCheckError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProductListRow = z.infer<typeof productListRowSchema>;

export const productListSchema = z.object({
  rows: z.array(productListRowSchema),
  /** The days the rows' clicks, conversions and commission cover (UTC, inclusive). */
  range: z.object({ preset: z.union([z.literal(7), z.literal(30), z.literal(90)]).nullable(), from: z.string(), to: z.string() }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** Where the public site serves a product; drafts have no public page. */
export function publicProductPath(row: Pick<ProductListRow, 'slug' | 'status'>): string | undefined {
  return row.status === 'draft' ? undefined : `/product/${encodeURIComponent(row.slug)}`;
}

/**
 * The thumbnail's src, or undefined for a placeholder: only this site's paths and https addresses, which the admin
 * pages' Content-Security-Policy (img-src 'self' data: https:) lets load, and nothing that could leave the attribute.
 */
export function thumbnailSrc(url: string | null): string | undefined {
  return url && /^(\/(?!\/)|https:\/\/)[^\s"'<>\\]+$/i.test(url) ? url : undefined;
}

/** 'Page 2 of 40' for the pager. */
export function pageLabel(page: number, total: number, pageSize: number): string {
  return `Page ${page} of ${pageCount(total, pageSize)}`;
}

/** '1,234 products' / '1 product'. */
export function productCountLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'}`;
}
