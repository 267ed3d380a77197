/**
 * The bulk actions on the editorial review (award, reviewer): one field of each selected product's review set, the
 * rest of the review kept; a product without a review gets one holding only that field, and a review left empty is
 * removed (stored as null, as the review rules say). Undo puts each product's prior value of that field back the same
 * way. Reviews are JSON edited per row inside the caller's transaction, so nothing is half-written.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { authors, products } from '../../../db/schema.ts';
import { bulkTexts, type BulkRequest } from '../../domain/admin/product-bulk.ts';
import { reviewKeyOf, type BulkJobChanges, type UndoField } from '../../domain/admin/undo.ts';
import { emptyReview, isEmptyReview, storedReview } from '../../domain/editorial/review.ts';
import type { EditorialReview } from '../../domain/editorial/types.ts';

export type ReviewBulkAction = 'award' | 'reviewer';

export function isReviewBulkAction(action: string): action is ReviewBulkAction {
  return action === 'award' || action === 'reviewer';
}

/** The review with one field set; null when that leaves it empty. */
export function withReviewField(review: EditorialReview | null, key: 'award' | 'reviewerId', value: unknown): EditorialReview | null {
  const next = { ...(review ?? emptyReview()), [key]: value } as EditorialReview;
  return isEmptyReview(next) ? null : next;
}

/** The field and value an action writes, checked: a reviewer must be an author (422 otherwise). */
export async function reviewBulkTarget(
  tx: Tx,
  request: BulkRequest,
): Promise<{ field: UndoField; key: 'award' | 'reviewerId'; after: string | number | null; label: string } | { error: string }> {
  if (request.action === 'award') {
    const award = request.award ?? '';
    return { field: 'reviewAward', key: 'award', after: award, label: award };
  }
  const reviewerId = request.reviewerId ?? null;
  if (reviewerId === null) return { field: 'reviewReviewer', key: 'reviewerId', after: null, label: '' };
  const author = await tx.select({ name: authors.name }).from(authors).where(eq(authors.id, reviewerId)).get();
  if (!author) return { error: bulkTexts.reviewerNotFound };
  return { field: 'reviewReviewer', key: 'reviewerId', after: reviewerId, label: author.name };
}

/** The selected rows whose field differs from the value written. */
function differs(key: 'award' | 'reviewerId', after: string | number | null): SQL {
  return key === 'award' ? sql`coalesce(json_extract(${products.review}, '$.award'), '') is not ${after}` : sql`json_extract(${products.review}, '$.reviewerId') is not ${after}`;
}

/** Sets the field on the selected products that differ; the undo record's changes, or null when none changed. */
export async function applyReviewBulk(tx: Tx, ids: readonly number[], target: { field: UndoField; key: 'award' | 'reviewerId'; after: string | number | null }): Promise<{ changedIds: number[]; changes: BulkJobChanges } | null> {
  if (ids.length === 0) return null;
  const rows = await tx
    .select({ id: products.id, review: products.review })
    .from(products)
    .where(sql`${inJsonList(products.id, ids)} and ${differs(target.key, target.after)}`)
    .orderBy(products.id);
  if (rows.length === 0) return null;
  const before: BulkJobChanges['rows'] = [];
  for (const row of rows) {
    const review = storedReview(row.review);
    before.push({ id: row.id, before: review ? review[target.key] : target.key === 'award' ? '' : null });
    await tx.update(products).set({ review: withReviewField(review, target.key, target.after) }).where(eq(products.id, row.id));
  }
  return { changedIds: rows.map((row) => row.id), changes: { field: target.field, after: target.after, rows: before } };
}

/** Undo of a review bulk action: each product's prior value of the field, the rest of its review as it is now. */
export async function undoReviewBulk(tx: Tx, changes: BulkJobChanges): Promise<void> {
  const key = reviewKeyOf[changes.field]!;
  const ids = changes.rows.map((row) => row.id);
  const stored = new Map((await tx.select({ id: products.id, review: products.review }).from(products).where(inJsonList(products.id, ids))).map((row) => [row.id, storedReview(row.review)]));
  for (const row of changes.rows) {
    await tx.update(products).set({ review: withReviewField(stored.get(row.id) ?? null, key, row.before ?? (key === 'award' ? '' : null)) }).where(eq(products.id, row.id));
  }
}
