/**
 * Reading one cell (spec section 5: booleans, price parsing, JSON with a fallback) and writing it back. Each reader
 * has its writer beside it; the export writes a value in a column only when that column reads it back unchanged.
 */
import { specificationsFromText } from '../product-form.ts';

/** Blank (empty or only whitespace) means "no value given". */
export function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/** True only for 'true', in any case and with surrounding spaces (spec section 5). */
export function readBoolean(text: string): boolean {
  return text.trim().toLowerCase() === 'true';
}

export function writeBoolean(value: boolean): string {
  return value ? 'true' : 'false';
}

/**
 * A price as a number (spec section 5: currency symbols and thousands separators stripped): "$1,299.99" → 1299.99,
 * "USD 12" → 12, "€5.50" → 5.5. Null for text with no number in it.
 */
export function readPrice(text: string): number | null {
  const match = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(text.replace(/[\s,]/g, ''));
  if (!match) return null;
  const value = Number(match[0]);
  return Number.isFinite(value) ? value : null;
}

/** A plain number ("4.7", "1,234"); null for anything else. */
export function readNumber(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** JavaScript's shortest text for a number, which Number() reads back exactly. */
export function writeNumber(value: number): string {
  return String(value);
}

/** A comma list: items trimmed, blanks dropped. */
export function readList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function writeList(items: readonly string[]): string {
  return items.join(', ');
}

/** The specifications cell: a JSON object, else `{ description: text }` as the manual form stores it. */
export function readSpecifications(text: string): Record<string, unknown> {
  return specificationsFromText(text);
}

/** custom_attributes: a JSON object, else nothing (invalid JSON or a non-object adds no attributes). */
export function readJsonObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * How deep a specifications or custom_attributes value may nest. Real ones nest two or three levels; SQLite's JSON
 * functions (the generated status and sku columns read attributes) refuse past 1000 levels and JSON.stringify runs
 * out of stack a few thousand levels down, either of which would fail the whole batch, so a row past this is an error.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests objects or arrays more than `max` levels deep; iterative, so any depth is safe. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A map as a cell: '' for an empty one. */
export function writeJsonObject(value: Readonly<Record<string, unknown>>): string {
  return Object.keys(value).length === 0 ? '' : JSON.stringify(value);
}

/** Spec section 5: with no rating, product_num_ratings / 100, clamped to 1–5. */
export function ratingFromCount(count: number): number {
  return Math.min(5, Math.max(1, count / 100));
}

/**
 * attributes.status as the spec stores it (section 3: draft, active or Published): 'Published' for published in any
 * case, 'draft', 'active'; anything else is a draft, as a missing status is.
 */
export function readStatus(text: string): 'Published' | 'draft' | 'active' {
  const status = text.trim().toLowerCase();
  if (status === 'published') return 'Published';
  if (status === 'active') return 'active';
  return 'draft';
}

/** Structural equality of JSON values (object key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}
