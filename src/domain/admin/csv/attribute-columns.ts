/**
 * The columns stored in products.attributes (spec section 3), each with how its cell is read and written. A column
 * whose value the export cannot write so that it reads back the same (a gallery URL with a comma in it, a flag
 * stored as 'yes', a SKU stored as a number) is left empty by the export and its key goes to custom_attributes.
 */
import { readBoolean, readList, readNumber, readPrice, readStatus, writeBoolean, writeList, writeNumber } from './cells.ts';
import type { CsvColumn } from './columns.ts';

type Kind = 'text' | 'code' | 'list' | 'flag' | 'count' | 'money' | 'status';

export const ATTRIBUTE_COLUMNS = {
  gallery_image_urls: 'list',
  review_1: 'text',
  review_2: 'text',
  tags: 'list',
  sku: 'text',
  status: 'status',
  date_added: 'text',
  cta: 'text',
  affiliate_network: 'text',
  asin: 'code',
  unit_price: 'money',
  unit_count: 'count',
  currency: 'text',
  product_num_ratings: 'count',
  sales_volume: 'count',
  product_num_offers: 'count',
  product_minimum_offer_price: 'money',
  is_best_seller: 'flag',
  is_amazon_choice: 'flag',
  is_prime: 'flag',
  climate_pledge_friendly: 'flag',
  has_variations: 'flag',
  delivery: 'text',
  product_byline: 'text',
  coupon_text: 'text',
  product_badge: 'text',
  product_original_price: 'money',
  standing_screen_display_size: 'text',
  memory_storage_capacity: 'text',
  ram_memory_installed_size: 'text',
} as const satisfies Partial<Record<CsvColumn, Kind>>;
export type AttributeColumn = keyof typeof ATTRIBUTE_COLUMNS;
export const ATTRIBUTE_COLUMN_NAMES = Object.keys(ATTRIBUTE_COLUMNS) as AttributeColumn[];

/**
 * The stored value of a non-blank cell: text trimmed; an ASIN upper-cased; a list split on commas; a flag true only
 * for 'true'; a count or money amount as a number when it is one ("1,234", "$12.99"), else the text as written
 * ("1K+ bought in past month").
 */
export function readAttributeCell(column: AttributeColumn, text: string): unknown {
  const trimmed = text.trim();
  switch (ATTRIBUTE_COLUMNS[column]) {
    case 'code':
      return trimmed.toUpperCase();
    case 'list':
      return readList(trimmed);
    case 'flag':
      return readBoolean(trimmed);
    case 'count':
      return readNumber(trimmed) ?? trimmed;
    case 'money':
      return readPrice(trimmed) ?? trimmed;
    case 'status':
      return readStatus(trimmed);
    default:
      return trimmed;
  }
}

/** The cell for a stored value, or null when no cell reads back as exactly that value. */
export function writeAttributeCell(column: AttributeColumn, value: unknown): string | null {
  let text: string | null = null;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = writeNumber(value);
  else if (typeof value === 'boolean') text = writeBoolean(value);
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) text = writeList(value);
  if (text === null || text.trim() === '') return null;
  const back = readAttributeCell(column, text);
  return sameValue(back, value) ? text : null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}
