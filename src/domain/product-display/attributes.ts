/**
 * Typed reads of the free-form `attributes` and `specifications` maps (spec section 3).
 * Rows come from seeds, admin forms, CSV imports and scrapes, so a flag may be `true` or
 * the text 'true', and a count may be a number or text such as '1,234'.
 */
export type AttributeMap = Readonly<Record<string, unknown>>;

/** True for `true`, `1` and the text 'true' in any case (the CSV rule of spec section 5); false otherwise. */
export function readFlag(map: AttributeMap, key: string): boolean {
  const value = map[key];
  if (value === true || value === 1) return true;
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}

/** A finite number, from a number or from text with optional thousands separators; else null. */
export function readNumber(map: AttributeMap, key: string): number | null {
  const value = map[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/,/g, '').trim();
  if (cleaned === '') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Trimmed, non-empty text; else null. */
export function readText(map: AttributeMap, key: string): string | null {
  const value = map[key];
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A list of non-empty strings: a JSON array, or text with comma-separated items (as CSV cells carry them). */
export function readTextList(map: AttributeMap, key: string): string[] {
  const value = map[key];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.filter((item): item is string => typeof item === 'string').map((item) => item.trim()).filter((item) => item !== '');
}

/** A date as epoch milliseconds, from ISO text or a number of milliseconds; else null. */
export function readTime(map: AttributeMap, key: string): number | null {
  const value = map[key];
  const time = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? time : null;
}
