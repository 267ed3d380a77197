/**
 * Products inside articles: how a post (or a guide) stores a product box, a ranked list, a grid or a comparison
 * table. A block is a reference, never a copy: an empty element naming product ids, which the build replaces with
 * the products' current data (src/components/article-blocks/). Stored HTML keeps exactly these attributes, each
 * validated (src/server/html-sanitizer.ts); anything else on a block, or a block that fails a rule, is dropped.
 *
 *   <div data-product-block="box" data-product-ids="12"></div>
 *   <div data-product-block="list" data-product-ids="12,7,3" data-product-notes='["Best overall","","Cheapest"]'></div>
 *   <div data-product-block="grid" data-product-ids="12,7,3,9"></div>
 *   <div data-product-block="table" data-product-ids="12,7" data-product-rows="price,score,award,spec:Weight"></div>
 *
 * - data-product-block: the kind, one of BLOCK_KINDS.
 * - data-product-ids: product ids (positive integers, no repeats), comma-separated, in the order shown; a list's
 *   order is its ranking. At least 1, at most BLOCK_LIMITS[kind].
 * - data-product-notes (list only): a JSON array of plain-text notes, one per product in order ('' for none), each at
 *   most NOTE_MAX characters.
 * - data-product-rows (table only): the table's rows in order, comma-separated: keys of FIELD_ROWS, or 'spec:' and a
 *   specification's name (SPEC_NAME). At least 1, at most ROWS_MAX.
 */

export const BLOCK_KINDS = ['box', 'list', 'grid', 'table'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** How many products each kind holds: one in a box; a comparison table of more than 8 no longer reads on a phone. */
export const BLOCK_LIMITS: Readonly<Record<BlockKind, number>> = { box: 1, list: 10, grid: 12, table: 8 };
export const NOTE_MAX = 140;
export const ROWS_MAX = 12;

/** A table's fixed rows, in the order the editor offers them, with the label the first column shows. */
export const FIELD_ROWS = {
  price: 'Price',
  score: 'Our score',
  rating: "Shoppers' rating",
  award: 'Award',
  'best-for': 'Best for',
  'skip-if': 'Skip it if',
  stock: 'Availability',
} as const;
export type FieldRow = keyof typeof FIELD_ROWS;
export type RowKey = FieldRow | `spec:${string}`;

/** A new table's rows until the editor picks others. */
export const DEFAULT_TABLE_ROWS: readonly RowKey[] = ['price', 'score', 'rating', 'award'];

/** A specification's name as a row key: short, and free of the comma that separates rows. */
const SPEC_NAME = /^[\p{L}\p{N}][\p{L}\p{N} _./()+%'-]{0,39}$/u;
const SPEC_PREFIX = 'spec:';

export const BLOCK_ATTRIBUTES = ['data-product-block', 'data-product-ids', 'data-product-notes', 'data-product-rows'] as const;

export interface ProductBlock {
  kind: BlockKind;
  ids: number[];
  /** One per id (list only; empty for the other kinds). */
  notes: string[];
  /** Table only; empty for the other kinds. */
  rows: RowKey[];
}

export function isBlockKind(value: unknown): value is BlockKind {
  return typeof value === 'string' && (BLOCK_KINDS as readonly string[]).includes(value);
}

export function isRowKey(value: string): value is RowKey {
  if (Object.hasOwn(FIELD_ROWS, value)) return true;
  return value.startsWith(SPEC_PREFIX) && SPEC_NAME.test(value.slice(SPEC_PREFIX.length));
}

/** The label a table row shows: the field's name, or the specification's own. */
export function rowLabel(key: RowKey): string {
  return key.startsWith(SPEC_PREFIX) ? key.slice(SPEC_PREFIX.length) : FIELD_ROWS[key as FieldRow];
}

export function specRow(name: string): RowKey | null {
  const key = `${SPEC_PREFIX}${name.trim()}`;
  return isRowKey(key) ? (key as RowKey) : null;
}

export function specName(key: RowKey): string | null {
  return key.startsWith(SPEC_PREFIX) ? key.slice(SPEC_PREFIX.length) : null;
}

const ID = /^[1-9]\d{0,9}$/;

function parseIds(value: string | undefined, max: number): number[] | null {
  if (!value) return null;
  const parts = value.split(',');
  if (parts.length > max || !parts.every((part) => ID.test(part))) return null;
  const ids = parts.map(Number);
  if (!ids.every(Number.isSafeInteger) || new Set(ids).size !== ids.length) return null;
  return ids;
}

/** Notes are plain text on one line; control characters would only confuse a reader. */
function cleanNote(note: string): string {
  // eslint-disable-next-line no-control-regex
  return note.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

function parseNotes(value: string | undefined, count: number): string[] | null {
  if (value === undefined || value === '') return Array.from({ length: count }, () => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > count || !parsed.every((note) => typeof note === 'string')) return null;
  const notes = (parsed as string[]).map(cleanNote);
  if (notes.some((note) => note.length > NOTE_MAX)) return null;
  return Array.from({ length: count }, (_, index) => notes[index] ?? '');
}

function parseRows(value: string | undefined): RowKey[] | null {
  if (value === undefined || value === '') return [...DEFAULT_TABLE_ROWS];
  const keys = value.split(',').map((key) => key.trim());
  if (keys.length > ROWS_MAX || !keys.every(isRowKey) || new Set(keys).size !== keys.length) return null;
  return keys as RowKey[];
}

/**
 * A block from an element's attributes (decoded values), or null when any rule fails: the sanitizer then drops the
 * element and the renderer ignores it. Attributes other than BLOCK_ATTRIBUTES are ignored here.
 */
export function parseBlockAttributes(attributes: Readonly<Record<string, string | undefined>>): ProductBlock | null {
  const kind = attributes['data-product-block'];
  if (!isBlockKind(kind)) return null;
  const ids = parseIds(attributes['data-product-ids'], BLOCK_LIMITS[kind]);
  if (!ids) return null;
  // A note or a row on a kind that shows none is a forged attribute: refused, not silently carried.
  if (kind !== 'list' && attributes['data-product-notes'] !== undefined) return null;
  if (kind !== 'table' && attributes['data-product-rows'] !== undefined) return null;
  const notes = kind === 'list' ? parseNotes(attributes['data-product-notes'], ids.length) : [];
  const rows = kind === 'table' ? parseRows(attributes['data-product-rows']) : [];
  if (!notes || !rows) return null;
  return { kind, ids, notes, rows };
}

/** The block's attributes as stored: always these, in this order, so stored HTML is canonical. */
export function blockAttributes(block: ProductBlock): Record<string, string> {
  const attributes: Record<string, string> = { 'data-product-block': block.kind, 'data-product-ids': block.ids.join(',') };
  if (block.kind === 'list' && block.notes.some((note) => note !== '')) attributes['data-product-notes'] = JSON.stringify(block.notes);
  if (block.kind === 'table') attributes['data-product-rows'] = block.rows.join(',');
  return attributes;
}
