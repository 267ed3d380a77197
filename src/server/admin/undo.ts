/**
 * Undoable product writes: the record a bulk action or a delete leaves (undo_jobs), and Undo itself, which puts every
 * prior value back in one transaction or changes nothing (the rules: src/domain/admin/undo.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { categories, products, undoJobs, type UndoJobKind } from '../../../db/schema.ts';
import {
  attributeKeyOf,
  bulkJobChangesSchema,
  conflictMessage,
  deleteUndoable,
  fieldValue,
  findUndoConflicts,
  groupByPriorValue,
  hasConflicts,
  undoneDescription,
  undoTexts,
  type BulkJobChanges,
  type UndoResult,
} from '../../domain/admin/undo.ts';
import { noteStockChecks } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { RestoreConflict, restoreTrashedProducts } from './product-trash.ts';
import { undoReviewBulk } from './product-bulk-review.ts';
import { storedReview } from '../../domain/editorial/review.ts';

/** A refused undo: 404 for no such job, 409 for a conflict or a second undo, 410 for a delete past its day. */
export class UndoRefused extends Error {
  readonly status: 404 | 409 | 410;
  constructor(status: 404 | 409 | 410, message: string) {
    super(message);
    this.status = status;
  }
}

/** Opens an undo record for a write about to be made in `tx`; its audit entry is linked with linkUndoJob. */
export async function createUndoJob(tx: Tx, actor: AuditActor, job: { kind: UndoJobKind; action: string; summary: string; changes?: BulkJobChanges; now: Date }): Promise<number> {
  const row = await tx
    .insert(undoJobs)
    .values({ kind: job.kind, action: job.action, summary: job.summary, changes: job.changes ?? null, userId: actor.id, createdAt: job.now })
    .returning({ id: undoJobs.id })
    .get();
  return row!.id;
}

export async function linkUndoJob(tx: Tx, jobId: number, summary: string, auditId: number | undefined): Promise<void> {
  await tx.update(undoJobs).set({ summary, auditId: auditId ?? null }).where(eq(undoJobs.id, jobId));
}

async function undoBulk(tx: Tx, changes: BulkJobChanges, now: Date): Promise<number> {
  const ids = changes.rows.map((row) => row.id);
  const stored = await tx
    .select({ id: products.id, inStock: products.inStock, categoryId: products.categoryId, attributes: products.attributes, review: products.review })
    .from(products)
    .where(inJsonList(products.id, ids));
  const current = new Map(stored.map((row) => [row.id, fieldValue(changes.field, { ...row, review: storedReview(row.review) })]));
  const conflicts = findUndoConflicts(changes, current);
  if (hasConflicts(conflicts)) throw new UndoRefused(409, conflictMessage(changes.field, conflicts));
  if (changes.field === 'reviewAward' || changes.field === 'reviewReviewer') {
    await undoReviewBulk(tx, changes);
    return changes.rows.length;
  }

  const groups = groupByPriorValue(changes);
  if (changes.field === 'categoryId') {
    const wanted = groups.map((group) => group.value).filter((id): id is number => typeof id === 'number');
    const present = wanted.length > 0 ? await tx.select({ id: categories.id }).from(categories).where(inJsonList(categories.id, wanted)) : [];
    if (present.length < new Set(wanted).size) throw new UndoRefused(409, undoTexts.categoryGone);
  }
  const key = attributeKeyOf[changes.field];
  for (const group of groups) {
    const where = inJsonList(products.id, group.ids);
    if (key !== undefined) {
      const path = `$.${key}`;
      const attributes = group.absent ? sql`json_remove(${products.attributes}, ${path})` : sql`json_set(${products.attributes}, ${path}, json(${JSON.stringify(group.value)}))`;
      await tx.update(products).set({ attributes }).where(where);
    } else if (changes.field === 'inStock') {
      await tx.update(products).set({ inStock: group.value === true }).where(where);
      // Stock set back by the admin: a stock check in each product's history (the price's stamp stays).
      await noteStockChecks(tx, group.ids.map((id) => ({ id, inStock: group.value === true })), 'admin', now);
    } else {
      await tx.update(products).set({ categoryId: (group.value as number | null | undefined) ?? null }).where(where);
    }
  }
  return changes.rows.length;
}

/**
 * Undoes one job in one transaction: all of it, or nothing with the reason. The job is marked undone in the same
 * transaction, so a second undo (or two at once) is refused.
 */
export async function undoJob(database: Database, actor: AuditActor, jobId: number, now: Date = new Date()): Promise<UndoResult> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const job = await tx.select().from(undoJobs).where(eq(undoJobs.id, jobId)).get();
      if (!job) throw new UndoRefused(404, undoTexts.notFound);
      const claimed = await tx
        .update(undoJobs)
        .set({ undoneAt: now })
        .where(and(eq(undoJobs.id, jobId), isNull(undoJobs.undoneAt)))
        .returning({ id: undoJobs.id });
      if (claimed.length === 0) throw new UndoRefused(409, undoTexts.alreadyUndone);

      let restored: number;
      if (job.kind === 'bulk') {
        const changes = bulkJobChangesSchema.parse(job.changes) as BulkJobChanges;
        restored = await undoBulk(tx, changes, now);
      } else {
        if (!deleteUndoable(job.createdAt, now)) throw new UndoRefused(410, undoTexts.expired);
        try {
          restored = await restoreTrashedProducts(tx, jobId);
        } catch (error) {
          if (error instanceof RestoreConflict) throw new UndoRefused(409, undoTexts.slugTaken(error.slug));
          throw error;
        }
        if (restored === 0) throw new UndoRefused(410, undoTexts.expired);
      }
      await appendAudit(tx, actor, { action: 'undo', entityType: 'product', entityId: null, summary: `Undid "${job.summary}"` });
      return { jobId, restored, title: undoTexts.done, description: undoneDescription(job.summary, restored) };
    }),
  );
}
