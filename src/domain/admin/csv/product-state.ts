/**
 * A row applied to a product (issue 11, points 5 to 7): the new product a row creates, the product an update leaves,
 * and the markers of spec section 3 (csvImport, csvRow, originalCsvData; imported/importedAt on a new product,
 * updated/updatedAt on a changed one). An update that would change nothing but markers is no change at all, so
 * importing an exported file twice leaves every product exactly as it was.
 */
import { DEFAULT_CTA } from '../../product.ts';
import type { DetectedPlatform } from '../affiliate-platform.ts';
import { isAmazonShortHost } from '../../amazon-asin.ts';
import { NEEDS_REVIEW_ATTRIBUTE, productNameFromUrl } from '../needs-review.ts';
import { DEFAULT_CURRENCY, DEFAULT_UNIT_COUNT, isoDay, type ProductColumns } from '../product-row.ts';
import { jsonEqual } from './cells.ts';
import type { CsvUpsertRow } from './row.ts';
import { mergeReview } from './review-columns.ts';
import type { EditorialReview } from '../../editorial/types.ts';

/**
 * The product columns an import writes: the form's columns (product-row.ts) but the affiliate source, which the
 * server derives from the URL as it does for the form (slug, category, link and counters are the server's too).
 */
export type CsvProductState = Omit<ProductColumns, 'affiliateSource'> & {
  /** The editorial review (products.review); null for none. */
  review: EditorialReview | null;
};

export const CSV_STATE_FIELDS = [
  'name',
  'description',
  'price',
  'salePrice',
  'imageUrl',
  'rating',
  'availability',
  'inStock',
  'affiliateUrl',
  'commissionRate',
  'specifications',
  'attributes',
  'review',
] as const satisfies readonly (keyof CsvProductState)[];

/** The state's fields picked from a stored product (or any row carrying them). */
export function productState(row: Omit<CsvProductState, 'review'> & { review?: EditorialReview | null }): CsvProductState {
  return Object.fromEntries(CSV_STATE_FIELDS.map((field) => [field, row[field] ?? null])) as unknown as CsvProductState;
}

/** Attributes that record an import rather than describe the product. */
export const IMPORT_MARKER_KEYS = ['csvImport', 'csvRow', 'originalCsvData', 'imported', 'importedAt', 'updated', 'updatedAt'] as const;

/** attributes.status of a new row without one (spec section 4: missing becomes draft). */
export const DEFAULT_IMPORT_STATUS = 'draft';

/**
 * A row without a title may still create an Amazon product: its data comes from the Creators API after the import
 * (never from Amazon's pages), so what it needs is the ASIN, in the link, the asin cell, or behind a short link.
 */
export function amazonRowWithoutTitle(row: CsvUpsertRow, detected: DetectedPlatform): boolean {
  if (row.patch.name !== undefined || detected.platform !== 'amazon') return false;
  return row.keys.asin !== null || isAmazonShortHost(hostOf(row.patch.affiliateUrl));
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

export interface NewCsvProduct {
  state: CsvProductState;
  /** No title: named from the URL, a draft marked needs_review 'no-title', to be scraped after the import. */
  untitled: boolean;
}

/** The product a row creates: the spec's defaults, the row over them, and the import markers. */
export function newProductFromRow(row: CsvUpsertRow, detected: DetectedPlatform, now: Date): NewCsvProduct {
  const { patch } = row;
  const untitled = patch.name === undefined;
  const attributes: Record<string, unknown> = {
    currency: DEFAULT_CURRENCY,
    unit_count: DEFAULT_UNIT_COUNT,
    date_added: isoDay(now),
    cta: DEFAULT_CTA,
    affiliate_network: detected.network,
    status: DEFAULT_IMPORT_STATUS,
    ...(row.urlAsin ? { asin: row.urlAsin } : {}),
    ...(detected.marketplace ? { marketplace: detected.marketplace } : {}),
    ...patch.attributes,
  };
  if (untitled) {
    attributes.status = 'draft';
    attributes[NEEDS_REVIEW_ATTRIBUTE] = detected.platform === 'amazon' ? 'amazon-data' : 'no-title';
  }
  Object.assign(attributes, markers(row, now, 'imported'));
  return {
    untitled,
    state: {
      name: patch.name ?? productNameFromUrl(patch.affiliateUrl),
      description: patch.description ?? '',
      price: patch.price ?? 0,
      salePrice: patch.salePrice ?? null,
      imageUrl: patch.imageUrl ?? null,
      rating: patch.rating ?? row.ratingFromCount,
      availability: patch.availability ?? true,
      inStock: patch.inStock ?? true,
      affiliateUrl: patch.affiliateUrl,
      commissionRate: patch.commissionRate ?? null,
      specifications: patch.specifications ?? {},
      attributes,
      review: mergeReview(null, patch.review),
    },
  };
}

/** The stored product with the row's values over it, without new markers (see withUpdateMarkers). */
export function mergeRow(stored: CsvProductState, row: CsvUpsertRow): CsvProductState {
  const { patch } = row;
  return {
    name: patch.name ?? stored.name,
    description: patch.description ?? stored.description,
    price: patch.price ?? stored.price,
    salePrice: patch.salePrice ?? stored.salePrice,
    imageUrl: patch.imageUrl ?? stored.imageUrl,
    rating: patch.rating ?? stored.rating,
    availability: patch.availability ?? stored.availability,
    inStock: patch.inStock ?? stored.inStock,
    affiliateUrl: patch.affiliateUrl,
    commissionRate: patch.commissionRate ?? stored.commissionRate,
    specifications: patch.specifications ?? stored.specifications,
    attributes: { ...stored.attributes, ...patch.attributes },
    review: mergeReview(stored.review, patch.review),
  };
}

/** The state an update stores: the merged state with updated/updatedAt and the row's markers. */
export function withUpdateMarkers(state: CsvProductState, row: CsvUpsertRow, now: Date): CsvProductState {
  return { ...state, attributes: { ...state.attributes, ...markers(row, now, 'updated') } };
}

/** Whether two states differ in anything but the import markers. */
export function sameProductState(a: CsvProductState, b: CsvProductState): boolean {
  return CSV_STATE_FIELDS.every((field) =>
    field === 'attributes' ? jsonEqual(withoutMarkers(a.attributes), withoutMarkers(b.attributes)) : jsonEqual(a[field], b[field]),
  );
}

function withoutMarkers(attributes: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...attributes };
  for (const key of IMPORT_MARKER_KEYS) delete rest[key];
  return rest;
}

function markers(row: CsvUpsertRow, now: Date, kind: 'imported' | 'updated'): Record<string, unknown> {
  return {
    csvImport: true,
    csvRow: row.rowNumber,
    originalCsvData: row.originalCsvData,
    [kind]: true,
    [`${kind}At`]: now.toISOString(),
  };
}
