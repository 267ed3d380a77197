/**
 * One CSV row read by the spec's rules (section 5, CSV file; section 3, CSV columns; issue 11, point 5). The browser's
 * preview and the server (which reads every row again) both call readCsvRow, so they cannot disagree.
 *
 * A row is a patch: a non-blank cell sets its field, attribute or specification; a blank cell (or a column the file
 * does not have) leaves an existing product's value as it is and gives a new product the default. So a file with
 * only affiliate_link and price changes prices, and an exported file, whose cells are the stored values, changes
 * nothing. Every cell is read through unguardCell first (the export's formula guard).
 */
import { isHttpUrl, productInputSchema } from '../product-form.ts';
import { detectAffiliatePlatform } from '../affiliate-platform.ts';
import { stripControlCharacters } from '../../text-input.ts';
import { ATTRIBUTE_COLUMN_NAMES, readAttributeCell } from './attribute-columns.ts';
import { isBlank, MAX_JSON_DEPTH, nestedDeeperThan, ratingFromCount, readBoolean, readJsonObject, readNumber, readPrice, readSpecifications } from './cells.ts';
import type { CsvValues } from './columns.ts';
import { unguardCell } from './formula-guard.ts';
import { rowTexts } from './texts.ts';
import { readReviewCells, type ReviewPatch } from './review-columns.ts';

export const MAX_URL_LENGTH = 2048;

/**
 * The product form's rules (product-form.ts) for the fields a row shares with it, so a value the form refuses is
 * refused here with the form's message: one schema, not a copy of its limits.
 */
type FormField = 'name' | 'description' | 'price' | 'salePrice' | 'imageUrl' | 'galleryImageUrls' | 'rating' | 'commissionRate' | 'specifications' | 'tags' | 'cta' | 'sku' | 'asin';

/** The form's message for a value it refuses, or null when it takes it. */
export function formRuleProblem(field: FormField, value: unknown): string | null {
  const checked = productInputSchema.shape[field].safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid value.');
}

/** How an import finds the product a row is about: by SKU, then ASIN, then affiliate URL (first that matches). */
export interface CsvMatchKeys {
  sku: string | null;
  /** The asin column, else the ASIN an Amazon affiliate URL names. */
  asin: string | null;
  affiliateUrl: string | null;
}

/** What a row sets; an absent key is a blank cell. */
export interface CsvProductPatch {
  name?: string;
  /** As written; the server sanitizes it. */
  description?: string;
  price?: number;
  salePrice?: number;
  imageUrl?: string;
  rating?: number;
  availability?: boolean;
  inStock?: boolean;
  affiliateUrl: string;
  commissionRate?: number;
  specifications?: Record<string, unknown>;
  /** The category's name as written; the server resolves it (exact, case-insensitive, partial, else uncategorized). */
  categoryName?: string;
  /** custom_attributes, with the attribute columns' values over them. */
  attributes: Record<string, unknown>;
  /** The review cells that are not blank (review-columns.ts); the server resolves the reviewer's slug. */
  review?: ReviewPatch;
}

export interface CsvUpsertRow {
  ok: true;
  rowNumber: number;
  action: 'upsert';
  keys: CsvMatchKeys;
  patch: CsvProductPatch;
  /** product_num_ratings / 100 clamped to 1–5, for a new product without a rating; null without a count. */
  ratingFromCount: number | null;
  /** The ASIN the affiliate URL names, stored on a new product whose asin cell is blank. */
  urlAsin: string | null;
  /** attributes.originalCsvData: the row's non-blank cells (see ORIGINAL_DATA_EXCLUDED). */
  originalCsvData: Record<string, string>;
}

export interface CsvDeleteRow {
  ok: true;
  rowNumber: number;
  action: 'delete';
  keys: CsvMatchKeys;
}

export interface CsvRowError {
  ok: false;
  rowNumber: number;
  reason: string;
}

export type CsvRow = CsvUpsertRow | CsvDeleteRow | CsvRowError;

/**
 * Cells left out of originalCsvData: stored in full elsewhere already (description, specifications), or carrying
 * the previous import's markers (custom_attributes of an exported file), which would nest one copy deeper with
 * every export and import.
 */
export const ORIGINAL_DATA_EXCLUDED: readonly string[] = ['description', 'specifications', 'custom_attributes'];

class RowProblem extends Error {}

/** Reads one data row; rowNumber is its spreadsheet row (the header is row 1). */
export function readCsvRow(rowNumber: number, values: CsvValues): CsvRow {
  try {
    return readRow(rowNumber, values);
  } catch (error) {
    if (error instanceof RowProblem) return { ok: false, rowNumber, reason: error.message };
    throw error;
  }
}

function readRow(rowNumber: number, values: CsvValues): CsvUpsertRow | CsvDeleteRow {
  const fail = (reason: string): never => {
    throw new RowProblem(reason);
  };
  /** The cell with the export's guard removed; undefined when blank. */
  const cell = (column: string): string | undefined => {
    const raw = values[column];
    if (raw === undefined) return undefined;
    const text = stripControlCharacters(unguardCell(raw));
    return isBlank(text) ? undefined : text;
  };
  const formRule = (field: FormField, value: unknown) => {
    const problem = formRuleProblem(field, value);
    if (problem !== null) fail(rowTexts.formRule(rowNumber, problem));
  };
  const number = (column: string, read: (text: string) => number | null, field: FormField): number | undefined => {
    const text = cell(column);
    if (text === undefined) return undefined;
    const value = read(text);
    if (value === null) return fail(rowTexts.notANumber(rowNumber, column));
    formRule(field, value);
    return value;
  };

  const action = cell('action')?.trim().toLowerCase();
  if (action !== undefined && action !== 'delete') fail(rowTexts.unknownAction(rowNumber));

  const url = (cell('affiliate_link') ?? cell('product_url'))?.trim();
  if (url !== undefined && (url.length > MAX_URL_LENGTH || !isHttpUrl(url))) fail(rowTexts.invalidUrl(rowNumber));
  const sku = cell('sku')?.trim() ?? null;
  if (sku !== null) formRule('sku', sku);
  const asinCell = cell('asin')?.trim().toUpperCase() ?? null;
  const detected = url === undefined ? null : detectAffiliatePlatform(url);
  const urlAsin = detected?.platform === 'amazon' ? detected.productCode : null;
  const keys: CsvMatchKeys = { sku, asin: asinCell ?? urlAsin, affiliateUrl: url ?? null };

  if (action === 'delete') {
    if (url === undefined && sku === null && asinCell === null) fail(rowTexts.deleteNeedsKey(rowNumber));
    return { ok: true, rowNumber, action: 'delete', keys };
  }
  if (url === undefined) return fail(rowTexts.urlRequired(rowNumber));

  const patch: CsvProductPatch = { affiliateUrl: url, attributes: {} };
  const name = cell('title') ?? cell('product_title');
  if (name !== undefined) {
    formRule('name', name);
    patch.name = name;
  }
  const description = cell('description');
  if (description !== undefined) {
    formRule('description', description);
    patch.description = description;
  }
  const image = (cell('image_url') ?? cell('product_photo'))?.trim();
  if (image !== undefined) {
    formRule('imageUrl', image);
    patch.imageUrl = image;
  }
  const price = number('price', readPrice, 'price');
  if (price !== undefined) patch.price = price;
  const salePrice = number('sale_price', readPrice, 'salePrice');
  if (salePrice !== undefined) patch.salePrice = salePrice;
  // Retailer exports write ratings as '4.5 out of 5 stars': the first number is the rating.
  const rating = number('rating', readPrice, 'rating');
  if (rating !== undefined) patch.rating = rating;
  const commissionRate = number('commission_rate', readPrice, 'commissionRate');
  if (commissionRate !== undefined) patch.commissionRate = commissionRate;
  const availability = cell('availability');
  if (availability !== undefined) patch.availability = readBoolean(availability);
  const inStock = cell('in_stock');
  if (inStock !== undefined) patch.inStock = readBoolean(inStock);
  const json = (column: string, read: (text: string) => Record<string, unknown>): Record<string, unknown> | undefined => {
    const text = cell(column);
    if (text === undefined) return undefined;
    const value = read(text);
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) fail(rowTexts.nestedTooDeep(rowNumber, column, MAX_JSON_DEPTH));
    return value;
  };
  const specificationsText = cell('specifications');
  if (specificationsText !== undefined) formRule('specifications', specificationsText);
  const specifications = json('specifications', readSpecifications);
  if (specifications !== undefined) patch.specifications = specifications;
  const category = cell('category')?.trim();
  if (category !== undefined) patch.categoryName = category;

  const custom = json('custom_attributes', readJsonObject);
  if (custom !== undefined) Object.assign(patch.attributes, custom);
  for (const column of ATTRIBUTE_COLUMN_NAMES) {
    const text = cell(column);
    if (text !== undefined) patch.attributes[column] = readAttributeCell(column, text);
  }
  if (patch.attributes.gallery_image_urls !== undefined) formRule('galleryImageUrls', patch.attributes.gallery_image_urls);
  if (patch.attributes.tags !== undefined) formRule('tags', patch.attributes.tags);
  if (patch.attributes.cta !== undefined) formRule('cta', patch.attributes.cta);
  if (asinCell !== null) formRule('asin', asinCell);
  const review = readReviewCells(cell);
  if ('problem' in review) fail(rowTexts.formRule(rowNumber, review.problem));
  else if (review.patch) patch.review = review.patch;

  const count = cell('product_num_ratings');
  const ratings = count === undefined ? null : readNumber(count);
  return {
    ok: true,
    rowNumber,
    action: 'upsert',
    keys,
    patch,
    ratingFromCount: ratings === null ? null : ratingFromCount(ratings),
    urlAsin,
    originalCsvData: originalData(values),
  };
}

function originalData(values: CsvValues): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [column, raw] of Object.entries(values)) {
    if (raw === undefined || ORIGINAL_DATA_EXCLUDED.includes(column)) continue;
    const text = stripControlCharacters(unguardCell(raw));
    if (!isBlank(text)) data[column] = text;
  }
  return data;
}
