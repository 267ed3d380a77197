/**
 * What an update changes, field by field, for the preview: each changed column with its stored value and the row's,
 * as the file writes them. Import markers (csvRow, updatedAt, …) are not changes; a row whose list is empty changes
 * nothing and previews as 'unchanged'.
 */
import { jsonEqual } from './cells.ts';
import { CSV_STATE_FIELDS, IMPORT_MARKER_KEYS, type CsvProductState } from './product-state.ts';

export interface CsvFieldChange {
  /** The CSV column (or attribute key) that changes. */
  field: string;
  from: string;
  to: string;
}

/** A shown value is cut to this many characters: a 100,000-character description would otherwise fill the answer. */
export const MAX_CHANGE_TEXT = 160;

const COLUMN_OF: Record<Exclude<(typeof CSV_STATE_FIELDS)[number], 'attributes'>, string> = {
  name: 'title',
  description: 'description',
  price: 'price',
  salePrice: 'sale_price',
  imageUrl: 'image_url',
  rating: 'rating',
  availability: 'availability',
  inStock: 'in_stock',
  affiliateUrl: 'affiliate_link',
  commissionRate: 'commission_rate',
  specifications: 'specifications',
  review: 'review',
};

const MARKERS: ReadonlySet<string> = new Set(IMPORT_MARKER_KEYS);

/** A stored value as a cell would show it: '' for none, a list comma-separated, anything else structured as JSON. */
export function changeText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) text = value.join(', ');
  else text = JSON.stringify(value);
  return text.length > MAX_CHANGE_TEXT ? `${text.slice(0, MAX_CHANGE_TEXT - 1)}…` : text;
}

/**
 * The fields `after` changes from `before`, in the file's column order, then the attributes by key. `category` is
 * the category's name before and after, when the row names one.
 */
export function productChanges(before: CsvProductState, after: CsvProductState, category?: { from: string | null; to: string | null }): CsvFieldChange[] {
  const changes: CsvFieldChange[] = [];
  const add = (field: string, from: unknown, to: unknown) => {
    if (!jsonEqual(from, to)) changes.push({ field, from: changeText(from), to: changeText(to) });
  };
  for (const field of CSV_STATE_FIELDS) if (field !== 'attributes') add(COLUMN_OF[field], before[field], after[field]);
  if (category) add('category', category.from, category.to);
  const keys = new Set([...Object.keys(before.attributes), ...Object.keys(after.attributes)]);
  for (const key of [...keys].sort()) if (!MARKERS.has(key)) add(key, before.attributes[key], after.attributes[key]);
  return changes;
}
