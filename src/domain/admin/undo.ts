/**
 * Undo of admin writes on products: the rules, kept apart from the database.
 *
 * A bulk job records, for exactly the rows it changed, the one field it changed and its prior value. Undo puts every
 * prior value back in one transaction, unless a later edit touched the same field on one of those rows (its value is
 * no longer the one the job wrote): then nothing is undone and the answer says how many products conflict. Edits to
 * other fields do not matter, because only the job's field is written back.
 *
 * A delete keeps the products for a day (UNDO_DELETE_WINDOW_MS); after that Undo is refused and they are purged.
 */
import { z } from 'zod';
import { productCountLabel } from './product-list.ts';

/** How long a deleted product can be brought back; the scheduled clean-up purges it after this. */
export const UNDO_DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The product fields a bulk action changes: two columns, two attributes and two fields of the editorial review. */
export const undoFields = ['inStock', 'categoryId', 'status', 'featured', 'reviewAward', 'reviewReviewer'] as const;
export type UndoField = (typeof undoFields)[number];

/** The attribute key behind each attribute field. */
export const attributeKeyOf: Partial<Record<UndoField, string>> = { status: 'status', featured: 'is_featured' };

/** How a field reads in a sentence. */
export const undoFieldLabels: Record<UndoField, string> = {
  inStock: 'stock',
  categoryId: 'category',
  status: 'status',
  featured: 'featured flag',
  reviewAward: 'award',
  reviewReviewer: 'reviewer',
};

/** The review field behind each review field of a bulk action. */
export const reviewKeyOf: Partial<Record<UndoField, 'award' | 'reviewerId'>> = { reviewAward: 'award', reviewReviewer: 'reviewerId' };

/**
 * One bulk job's changes: the field, the value it wrote to every row, and each row's prior value. A row without
 * `before` had no such attribute (it is removed again on undo, not set to null).
 */
export interface BulkJobChanges {
  field: UndoField;
  after: unknown;
  rows: { id: number; before?: unknown }[];
}

export const bulkJobChangesSchema = z.object({
  field: z.enum(undoFields),
  after: z.unknown(),
  rows: z.array(z.object({ id: z.number().int(), before: z.unknown().optional() })),
});

/** The stored values a field is read from. */
export interface ProductFieldSource {
  inStock: boolean;
  categoryId: number | null;
  attributes: Record<string, unknown>;
  review?: { award: string; reviewerId: number | null } | null;
}

/** A field's current value as stored (undefined: the attribute is absent, or the product has no review). */
export function fieldValue(field: UndoField, product: ProductFieldSource): unknown {
  const reviewKey = reviewKeyOf[field];
  // No review reads as the empty value: writing that back leaves (or makes) the review empty, which is none.
  if (reviewKey !== undefined) return product.review ? product.review[reviewKey] : reviewKey === 'award' ? '' : null;
  const key = attributeKeyOf[field];
  if (key !== undefined) return Object.hasOwn(product.attributes, key) ? product.attributes[key] : undefined;
  return field === 'inStock' ? product.inStock : product.categoryId;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface UndoConflicts {
  /** Rows whose field holds another value than the job wrote: a later edit touched it. */
  changed: number[];
  /** Rows deleted since. */
  deleted: number[];
}

/**
 * The rows Undo may not write back. `current` maps each product id to its current field value; a product missing
 * from the map has been deleted since the job.
 */
export function findUndoConflicts(changes: BulkJobChanges, current: ReadonlyMap<number, unknown>): UndoConflicts {
  const conflicts: UndoConflicts = { changed: [], deleted: [] };
  for (const row of changes.rows) {
    if (!current.has(row.id)) conflicts.deleted.push(row.id);
    else if (!sameValue(current.get(row.id), changes.after)) conflicts.changed.push(row.id);
  }
  return conflicts;
}

export function hasConflicts(conflicts: UndoConflicts): boolean {
  return conflicts.changed.length + conflicts.deleted.length > 0;
}

/** The refusal: 'A later edit changed the stock of 3 products. Nothing was undone.' */
export function conflictMessage(field: UndoField, conflicts: UndoConflicts): string {
  const parts: string[] = [];
  if (conflicts.changed.length > 0) parts.push(`a later edit changed the ${undoFieldLabels[field]} of ${productCountLabel(conflicts.changed.length)}`);
  if (conflicts.deleted.length > 0) parts.push(`${productCountLabel(conflicts.deleted.length)} ${conflicts.deleted.length === 1 ? 'was' : 'were'} deleted since`);
  const sentence = parts.join(' and ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}. Nothing was undone.`;
}

/** Whether a delete made at `deletedAt` can still be undone at `now`. */
export function deleteUndoable(deletedAt: Date, now: Date): boolean {
  return now.getTime() - deletedAt.getTime() < UNDO_DELETE_WINDOW_MS;
}

/** The rows that go back with one value: prior values grouped, so the undo writes one statement per distinct value. */
export function groupByPriorValue(changes: BulkJobChanges): { absent: boolean; value: unknown; ids: number[] }[] {
  const groups = new Map<string, { absent: boolean; value: unknown; ids: number[] }>();
  for (const row of changes.rows) {
    const absent = !('before' in row);
    const key = absent ? 'absent' : `value:${JSON.stringify(row.before)}`;
    const group = groups.get(key) ?? { absent, value: absent ? undefined : row.before, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export const undoTexts = {
  failed: 'Undo failed',
  notFound: 'There is no such change to undo.',
  alreadyUndone: 'This change was already undone.',
  expired: 'This delete can no longer be undone: deleted products are kept for a day.',
  categoryGone: 'The category these products were in has been deleted since. Nothing was undone.',
  slugTaken: (slug: string) => `Another product now uses the address /product/${slug}. Nothing was undone.`,
  done: 'Undone',
  undoLabel: 'Undo',
} as const;

/** What Undo did, e.g. 'Undid "Marked 78 products out of stock"' / '78 products restored.' */
export function undoneDescription(summary: string, restored: number): string {
  return `Undid "${summary}": ${productCountLabel(restored)} restored.`;
}

/** POST /api/admin/undo/:id takes an empty JSON object (a JSON body, as every admin write) and answers UndoResult. */
export const undoRequestSchema = z.strictObject({});

export const undoResultSchema = z.object({ jobId: z.number().int(), restored: z.number().int(), title: z.string(), description: z.string() });
export type UndoResult = z.infer<typeof undoResultSchema>;

/** Whether the overview's activity offers Undo for an entry. */
export const undoStates = ['available', 'undone', 'expired'] as const;
export type UndoState = (typeof undoStates)[number];

/** Whether the overview offers Undo for a job: not after it was undone, nor for a delete past its day. */
export function undoState(job: { kind: 'bulk' | 'delete'; createdAt: Date; undoneAt: Date | null }, now: Date): UndoState {
  if (job.undoneAt) return 'undone';
  if (job.kind === 'delete' && !deleteUndoable(job.createdAt, now)) return 'expired';
  return 'available';
}
