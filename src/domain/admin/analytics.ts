/**
 * The contract of /api/admin/analytics* (issue 14, point 5): the date range rules and the request and answer schemas
 * shared by the functions and the Dashboard tab, so they cannot drift. Days are UTC days ('YYYY-MM-DD').
 *
 *   GET  /api/admin/analytics?range=7|30|90 | ?from=&to=               → analyticsSummarySchema (figures, daily series)
 *   GET  /api/admin/analytics/tables/:table?range…&sort=&dir=&page=&pageSize=  → analyticsTableSchema (products, categories, pages)
 *   GET  /api/admin/analytics/products/:productId?range…               → productDrillDownSchema
 *   GET  /api/admin/analytics/unattributed?page=&pageSize=             → unattributedPageSchema (every unattributed conversion)
 *   GET  /api/admin/analytics/export?table=daily|products|categories|pages|unattributed|conversions[&product=]&range…&sort=&dir=
 *                                                                        → text/csv, the whole table in the screen's order
 *   POST /api/admin/analytics/conversions/:conversionId/assign { productId }  → assignedConversionSchema; 409 when already attributed
 */
import { z } from 'zod';
import { addDays, dayStart, DAY_MS, previousPeriod } from '../revenue/figures.ts';

/** The presets of the range picker, in days ending today (UTC). */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE: RangePreset = 30;
/** A custom range may span at most this many days (a leap year). */
export const MAX_RANGE_DAYS = 366;
/** The earliest day a range may start: nothing was tracked before, and it keeps dates sane. */
export const EARLIEST_DAY = '2000-01-01';

export const analyticsTexts = {
  loadFailed: 'Could not load analytics',
  exportFailed: 'Could not export the table',
  rangeInvalid: `range must be one of ${RANGE_PRESETS.join(', ')} or custom.`,
  fromInvalid: 'from must be a day as YYYY-MM-DD.',
  toInvalid: 'to must be a day as YYYY-MM-DD.',
  fromMissing: 'from is required for a custom range.',
  toMissing: 'to is required for a custom range.',
  fromAfterTo: 'from must be on or before to.',
  tooLong: `The range must be at most ${MAX_RANGE_DAYS} days.`,
  tooEarly: `from must be ${EARLIEST_DAY} or later.`,
  tableInvalid: 'table must be products, categories or pages.',
  exportTableInvalid: 'table must be daily, products, categories, pages, unattributed or conversions.',
  sortInvalid: 'sort must be one of the table’s columns.',
  dirInvalid: 'dir must be asc or desc.',
  pageInvalid: 'page must be a whole number from 1.',
  pageSizeInvalid: 'pageSize must be 10, 25 or 50.',
  productInvalid: 'product must be a product id.',
  productMissing: 'product is required for the conversions table.',
  productNotFound: 'Product not found',
  productNotFoundDescription: 'The product does not exist or was deleted.',
  conversionNotFound: 'Conversion not found',
  conversionNotFoundDescription: 'The conversion does not exist.',
  assignFailed: 'Could not assign the product',
  alreadyAttributed: 'This conversion already belongs to a product.',
  productIdInvalid: 'productId must be a product id.',
} as const;

// The range.

export interface AnalyticsRange {
  /** 7, 30 or 90 for a preset ending today, null for a custom range. */
  preset: RangePreset | null;
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string };
}

export type RangeResult = { ok: true; value: AnalyticsRange } | { ok: false; field: 'range' | 'from' | 'to'; message: string };

/**
 * The range from the query string: `range=7|30|90` ends on `today`, `from` and `to` give a custom range (with
 * `range=custom` or no `range`); nothing gives the default. Refused: a day that is not YYYY-MM-DD or does not exist,
 * `from` after `to`, more than MAX_RANGE_DAYS days, a start before EARLIEST_DAY. Each refusal names its field.
 */
export function parseAnalyticsRange(input: { range?: string; from?: string; to?: string }, today: string): RangeResult {
  const { range, from, to } = input;
  const custom = range === 'custom' || (range === undefined && (from !== undefined || to !== undefined));
  if (!custom) {
    if (from !== undefined || to !== undefined) return { ok: false, field: 'range', message: analyticsTexts.rangeInvalid };
    const preset = range === undefined ? DEFAULT_RANGE : (Number(range) as RangePreset);
    if (range !== undefined && !RANGE_PRESETS.map(String).includes(range)) return { ok: false, field: 'range', message: analyticsTexts.rangeInvalid };
    return { ok: true, value: rangeOf(preset, addDays(today, -(preset - 1)), today) };
  }
  if (from === undefined) return { ok: false, field: 'from', message: analyticsTexts.fromMissing };
  if (to === undefined) return { ok: false, field: 'to', message: analyticsTexts.toMissing };
  const start = dayStart(from);
  if (start === null) return { ok: false, field: 'from', message: analyticsTexts.fromInvalid };
  const end = dayStart(to);
  if (end === null) return { ok: false, field: 'to', message: analyticsTexts.toInvalid };
  if (start > end) return { ok: false, field: 'from', message: analyticsTexts.fromAfterTo };
  if (from < EARLIEST_DAY) return { ok: false, field: 'from', message: analyticsTexts.tooEarly };
  if ((end - start) / DAY_MS + 1 > MAX_RANGE_DAYS) return { ok: false, field: 'to', message: analyticsTexts.tooLong };
  return { ok: true, value: rangeOf(null, from, to) };
}

function rangeOf(preset: RangePreset | null, from: string, to: string): AnalyticsRange {
  const days = (dayStart(to)! - dayStart(from)!) / DAY_MS + 1;
  return { preset, from, to, days, previous: previousPeriod(from, to)! };
}

/** [start, end) in epoch milliseconds of an inclusive day range: what the queries compare created_at with. */
export function rangeTimes(range: { from: string; to: string }): { start: number; end: number } {
  return { start: dayStart(range.from)!, end: dayStart(range.to)! + DAY_MS };
}

/** The query-string form of a range (a preset as `range`, a custom range as `from` and `to`). */
export function rangeSearchParams(range: Pick<AnalyticsRange, 'preset' | 'from' | 'to'>): URLSearchParams {
  return range.preset === null ? new URLSearchParams({ from: range.from, to: range.to }) : new URLSearchParams({ range: String(range.preset) });
}

// Tables.

export const analyticsTables = ['products', 'categories', 'pages'] as const;
export type AnalyticsTable = (typeof analyticsTables)[number];
export const exportTables = ['daily', ...analyticsTables, 'unattributed', 'conversions'] as const;
export type ExportTable = (typeof exportTables)[number];

/** Columns a top table sorts by; pages have no views (a click's page, not a viewed page). */
export const tableSortFields = ['label', 'views', 'clicks', 'clickThroughRate', 'conversions', 'conversionRate', 'commissionCents', 'saleCents', 'earningsPerClickCents'] as const;
export type TableSortField = (typeof tableSortFields)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];
export const TABLE_PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_TABLE_PAGE_SIZE = 10;
export const DEFAULT_TABLE_SORT: { sort: TableSortField; dir: SortDirection } = { sort: 'commissionCents', dir: 'desc' };

export function sortFieldsOf(table: AnalyticsTable): readonly TableSortField[] {
  return table === 'pages' ? tableSortFields.filter((field) => field !== 'views' && field !== 'clickThroughRate') : tableSortFields;
}

/** Text A to Z, figures highest first. */
export function defaultDirectionOf(sort: TableSortField): SortDirection {
  return sort === 'label' ? 'asc' : 'desc';
}

const pageParam = z.string().regex(/^[1-9]\d{0,5}$/, analyticsTexts.pageInvalid).transform(Number).optional();
const pageSizeParam = z
  .enum(TABLE_PAGE_SIZES.map(String) as ['10', '25', '50'], { error: analyticsTexts.pageSizeInvalid })
  .transform(Number)
  .optional();
const rangeParams = { range: z.string().optional(), from: z.string().optional(), to: z.string().optional() };

export const tableQuerySchema = z.strictObject({
  ...rangeParams,
  sort: z.enum(tableSortFields, { error: analyticsTexts.sortInvalid }).optional(),
  dir: z.enum(sortDirections, { error: analyticsTexts.dirInvalid }).optional(),
  page: pageParam,
  pageSize: pageSizeParam,
});

export const summaryQuerySchema = z.strictObject(rangeParams);

export const unattributedQuerySchema = z.strictObject({ page: pageParam, pageSize: pageSizeParam });

export const exportQuerySchema = z.strictObject({
  ...rangeParams,
  table: z.enum(exportTables, { error: analyticsTexts.exportTableInvalid }),
  product: z.string().regex(/^[1-9]\d{0,15}$/, analyticsTexts.productInvalid).transform(Number).optional(),
  sort: z.enum(tableSortFields, { error: analyticsTexts.sortInvalid }).optional(),
  dir: z.enum(sortDirections, { error: analyticsTexts.dirInvalid }).optional(),
});

export interface TableQuery {
  range: AnalyticsRange;
  sort: TableSortField;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

export type QueryResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** The search parameters as one record; a repeated parameter is refused, empty values are "not set". */
export function singleParams(params: URLSearchParams): QueryResult<Record<string, string>> {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in raw) return { ok: false, message: `${key} must be given once.` };
    if (value.trim() !== '') raw[key] = value.trim();
  }
  return { ok: true, value: raw };
}

/** The first problem of a failed parse, as a sentence naming the parameter. */
export function issueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') return `Unknown parameter: ${issue.keys.join(', ')}.`;
  return issue?.message ?? analyticsTexts.loadFailed;
}

/** A top table's query: its range, a sort the table has (pages have no views), the page. */
export function parseTableQuery(table: AnalyticsTable, params: URLSearchParams, today: string): QueryResult<TableQuery> {
  const single = singleParams(params);
  if (!single.ok) return single;
  const parsed = tableQuerySchema.safeParse(single.value);
  if (!parsed.success) return { ok: false, message: issueMessage(parsed.error) };
  const range = parseAnalyticsRange(parsed.data, today);
  if (!range.ok) return range;
  const sort = parsed.data.sort ?? DEFAULT_TABLE_SORT.sort;
  if (!sortFieldsOf(table).includes(sort)) return { ok: false, message: analyticsTexts.sortInvalid };
  return {
    ok: true,
    value: { range: range.value, sort, dir: parsed.data.dir ?? defaultDirectionOf(sort), page: parsed.data.page ?? 1, pageSize: parsed.data.pageSize ?? DEFAULT_TABLE_PAGE_SIZE },
  };
}

// Answers.

const figuresShape = {
  views: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  commissionCents: z.number().int(),
  saleCents: z.number().int(),
  clickThroughRate: z.number().nullable(),
  conversionRate: z.number().nullable(),
  earningsPerClickCents: z.number().int().nullable(),
  revenuePerThousandViewsCents: z.number().int().nullable(),
};
export const periodFiguresSchema = z.object(figuresShape);
export type DashboardFigures = z.infer<typeof periodFiguresSchema>;
export const figureChangesSchema = z.object(Object.fromEntries(Object.keys(figuresShape).map((key) => [key, z.number().nullable()])) as Record<keyof typeof figuresShape, z.ZodNullable<z.ZodNumber>>);

export const rangeSchema = z.object({
  preset: z.union([z.literal(7), z.literal(30), z.literal(90)]).nullable(),
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  previous: z.object({ from: z.string(), to: z.string() }),
});

export const seriesPointSchema = z.object({ day: z.string(), views: z.number().int(), clicks: z.number().int(), commissionCents: z.number().int() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const analyticsSummarySchema = z.object({
  range: rangeSchema,
  current: periodFiguresSchema,
  previous: periodFiguresSchema,
  changes: figureChangesSchema,
  /** Every day of the range, oldest first, zeros included. */
  series: z.array(seriesPointSchema),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const tableRowSchema = z.object({
  /** The product's or category's id; null for products without a category, and for pages. */
  id: z.number().int().nullable(),
  /** Product name, category name ('No category'), or page path ('Unknown page' for clicks recorded without one). */
  label: z.string(),
  /** null for pages: a page's row counts the clicks made on it, not views. */
  views: z.number().int().nullable(),
  clicks: z.number().int(),
  clickThroughRate: z.number().nullable(),
  conversions: z.number().int(),
  conversionRate: z.number().nullable(),
  commissionCents: z.number().int(),
  saleCents: z.number().int(),
  earningsPerClickCents: z.number().int().nullable(),
});
export type TableRow = z.infer<typeof tableRowSchema>;

export const analyticsTableSchema = z.object({
  table: z.enum(analyticsTables),
  rows: z.array(tableRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(tableSortFields),
  dir: z.enum(sortDirections),
});
export type AnalyticsTablePage = z.infer<typeof analyticsTableSchema>;

export const conversionRowSchema = z.object({
  id: z.number().int(),
  network: z.string(),
  transactionId: z.string(),
  productId: z.number().int().nullable(),
  pagePath: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'reversed']),
  saleCents: z.number().int(),
  commissionCents: z.number().int(),
  currency: z.string(),
  source: z.enum(['postback', 'report']),
  occurredAt: z.iso.datetime(),
});
export type ConversionListRow = z.infer<typeof conversionRowSchema>;

export const RECENT_CONVERSIONS = 20;

export const productDrillDownSchema = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  range: rangeSchema,
  figures: periodFiguresSchema,
  series: z.array(seriesPointSchema),
  /** The newest conversions of the product, whatever their day or status, newest first. */
  recentConversions: z.array(conversionRowSchema),
});
export type ProductDrillDown = z.infer<typeof productDrillDownSchema>;

export const unattributedPageSchema = z.object({
  rows: z.array(conversionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UnattributedPage = z.infer<typeof unattributedPageSchema>;

export const assignInputSchema = z.strictObject({
  productId: z.number({ error: analyticsTexts.productIdInvalid }).int(analyticsTexts.productIdInvalid).positive(analyticsTexts.productIdInvalid).max(Number.MAX_SAFE_INTEGER, analyticsTexts.productIdInvalid),
});
export type AssignInput = z.infer<typeof assignInputSchema>;

export const assignedConversionSchema = z.object({
  conversionId: z.number().int(),
  productId: z.number().int(),
  conversionCountDelta: z.number().int(),
  revenueCentsDelta: z.number().int(),
});

/** repwell-analytics-products-2026-01-01-to-2026-01-30.csv */
export function exportFileName(table: string, range: { from: string; to: string } | null): string {
  return range === null ? `repwell-analytics-${table}.csv` : `repwell-analytics-${table}-${range.from}-to-${range.to}.csv`;
}

/** The summary's and the drill-down's query: a range only. */
export function parseRangeQuery(params: URLSearchParams, today: string): QueryResult<AnalyticsRange> {
  const single = singleParams(params);
  if (!single.ok) return single;
  const parsed = summaryQuerySchema.safeParse(single.value);
  if (!parsed.success) return { ok: false, message: issueMessage(parsed.error) };
  return parseAnalyticsRange(parsed.data, today);
}

export function parseUnattributedQuery(params: URLSearchParams): QueryResult<{ page: number; pageSize: number }> {
  const single = singleParams(params);
  if (!single.ok) return single;
  const parsed = unattributedQuerySchema.safeParse(single.value);
  if (!parsed.success) return { ok: false, message: issueMessage(parsed.error) };
  return { ok: true, value: { page: parsed.data.page ?? 1, pageSize: parsed.data.pageSize ?? DEFAULT_TABLE_PAGE_SIZE } };
}

export type ExportQuery =
  | { table: 'daily'; range: AnalyticsRange }
  | { table: AnalyticsTable; range: AnalyticsRange; sort: TableSortField; dir: SortDirection }
  | { table: 'unattributed' }
  | { table: 'conversions'; productId: number };

/** The export's query: the table, and what that table needs (a range, a sort, a product). */
export function parseExportQuery(params: URLSearchParams, today: string): QueryResult<ExportQuery> {
  const single = singleParams(params);
  if (!single.ok) return single;
  const parsed = exportQuerySchema.safeParse(single.value);
  if (!parsed.success) return { ok: false, message: issueMessage(parsed.error) };
  const { table, product, sort, dir, ...rangeInput } = parsed.data;
  if (table === 'unattributed') return { ok: true, value: { table } };
  if (table === 'conversions') return product === undefined ? { ok: false, message: analyticsTexts.productMissing } : { ok: true, value: { table, productId: product } };
  const range = parseAnalyticsRange(rangeInput, today);
  if (!range.ok) return range;
  if (table === 'daily') return { ok: true, value: { table, range: range.value } };
  const chosen = sort ?? DEFAULT_TABLE_SORT.sort;
  if (!sortFieldsOf(table).includes(chosen)) return { ok: false, message: analyticsTexts.sortInvalid };
  return { ok: true, value: { table, range: range.value, sort: chosen, dir: dir ?? defaultDirectionOf(chosen) } };
}
