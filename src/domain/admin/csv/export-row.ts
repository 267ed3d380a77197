/**
 * A product as an export row (issue 11, point 7): every template column, in the template's order, so that importing
 * the file again finds every product (by SKU, ASIN or URL) and changes none of its fields. Attributes without a
 * column of their own, and any whose column could not carry the value exactly, go to custom_attributes as JSON;
 * specifications go as JSON. Cells are written through guardCell (formula injection), which the import undoes.
 */
import Papa from 'papaparse';
import { isoDay } from '../product-row.ts';
import { ATTRIBUTE_COLUMN_NAMES, writeAttributeCell } from './attribute-columns.ts';
import { writeBoolean, writeJsonObject, writeNumber } from './cells.ts';
import { CSV_COLUMNS, type CsvColumn } from './columns.ts';
import { REVIEW_CSV_COLUMNS, reviewCells, type ReviewCsvColumn } from './review-columns.ts';
import { guardCell } from './formula-guard.ts';
import type { CsvProductState } from './product-state.ts';

export interface ExportProduct extends CsvProductState {
  /** The category's name, or null for none. */
  categoryName: string | null;
  /** The review's reviewer as their author slug, or null for none. */
  reviewerSlug?: string | null;
}

/** The export's columns: the template's, then the review's (which the template, as the spec gives it, does not have). */
export const EXPORT_COLUMNS = [...CSV_COLUMNS, ...REVIEW_CSV_COLUMNS] as const;

export type ExportRecord = Record<CsvColumn | ReviewCsvColumn, string>;

const optionalNumber = (value: number | null) => (value === null ? '' : writeNumber(value));

/** The row's cells, not yet guarded. */
export function productToCsvRecord(product: ExportProduct): ExportRecord {
  const record = Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, ''])) as ExportRecord;
  record.affiliate_link = product.affiliateUrl;
  record.title = product.name;
  record.image_url = product.imageUrl ?? '';
  record.description = product.description;
  record.price = writeNumber(product.price);
  record.sale_price = optionalNumber(product.salePrice);
  record.rating = optionalNumber(product.rating);
  record.category = product.categoryName ?? '';
  record.commission_rate = optionalNumber(product.commissionRate);
  record.availability = writeBoolean(product.availability);
  record.in_stock = writeBoolean(product.inStock);
  record.specifications = writeJsonObject(product.specifications);

  const custom: Record<string, unknown> = { ...product.attributes };
  for (const column of ATTRIBUTE_COLUMN_NAMES) {
    if (!Object.hasOwn(custom, column)) continue;
    const text = writeAttributeCell(column, custom[column]);
    if (text === null) continue;
    record[column] = text;
    delete custom[column];
  }
  record.custom_attributes = writeJsonObject(custom);
  Object.assign(record, reviewCells(product.review, product.reviewerSlug ?? null));
  return record;
}

/** CSV lines (CRLF, each ending in one) for records, every cell guarded; papaparse quotes what needs quoting. */
export function csvLines(records: readonly ExportRecord[]): string {
  if (records.length === 0) return '';
  const rows = records.map((record) => EXPORT_COLUMNS.map((column) => guardCell(record[column])));
  return `${Papa.unparse(rows, { header: false, newline: '\r\n', escapeFormulae: false })}\r\n`;
}

/**
 * The header line, after a UTF-8 byte order mark: without it Excel reads UTF-8 as the local code page and garbles
 * emoji and accents; the import's header normalization trims it away.
 */
export function csvHeaderLine(): string {
  return `\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`;
}

/** repwell-products-2026-11-23.csv */
export function exportFileName(date: Date): string {
  return `repwell-products-${isoDay(date)}.csv`;
}
