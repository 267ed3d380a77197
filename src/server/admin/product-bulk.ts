/**
 * Bulk actions and deletes on products (issue 10, points 3 and 8). Each call is one transaction with one audit entry,
 * however many products it touches; JSON attributes change in SQL (json_set), never read, edited and written back row
 * by row, so a concurrent edit of another attribute is never overwritten. A call that changes rows leaves an undo record
 * of their prior values in the same transaction (undo.ts); deletes keep the products a day (product-trash.ts).
 */
import { and, eq, isNotNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { affiliateLinks, categories, productAnalytics, products } from '../../../db/schema.ts';
import { attributeKeyOf, fieldValue, type BulkJobChanges, type UndoField } from '../../domain/admin/undo.ts';
import { bulkResult, bulkTexts, idsSummary, statusOfAction, type BulkAction, type BulkRequest, type BulkResult } from '../../domain/admin/product-bulk.ts';
import { noteStockChecks } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { productFilterCondition } from './product-list.ts';
import { trashProducts } from './product-trash.ts';
import { createUndoJob, linkUndoJob } from './undo.ts';
import { applyReviewBulk, isReviewBulkAction, reviewBulkTarget } from './product-bulk-review.ts';


/** A request that names something that is not there: answered with 422 or 404 and the message. */
export class BulkInputError extends Error {
  readonly status: 404 | 422;
  constructor(status: 404 | 422, message: string) {
    super(message);
    this.status = status;
  }
}

/** The rows an action changes: those in the selection that the action would alter (the rest are "unchanged"). */
function needsChange(action: BulkAction, categoryId: number | undefined): SQL | undefined {
  const status = statusOfAction[action];
  if (status) return ne(products.status, status);
  switch (action) {
    case 'feature':
      return eq(products.isFeatured, false);
    case 'unfeature':
      return ne(products.isFeatured, false);
    case 'in-stock':
      return eq(products.inStock, false);
    case 'out-of-stock':
      return eq(products.inStock, true);
    case 'move':
      return sql`${products.categoryId} is not ${categoryId ?? null}`;
    default:
      return undefined;
  }
}

/** The one field an action writes, and the value it writes there (what Undo compares and puts back). */
function writtenField(action: BulkAction, categoryId: number | undefined): { field: UndoField; after: unknown } {
  const status = statusOfAction[action];
  if (status) return { field: 'status', after: status };
  switch (action) {
    case 'feature':
      return { field: 'featured', after: true };
    case 'unfeature':
      return { field: 'featured', after: false };
    case 'in-stock':
      return { field: 'inStock', after: true };
    case 'out-of-stock':
      return { field: 'inStock', after: false };
    case 'move':
      return { field: 'categoryId', after: categoryId ?? null };
    default:
      throw new Error(`No field for ${action}`);
  }
}

function changes(action: BulkAction, categoryId: number | undefined) {
  const status = statusOfAction[action];
  if (status) return { attributes: sql`json_set(${products.attributes}, '$.status', ${status})` };
  switch (action) {
    case 'feature':
      return { attributes: sql`json_set(${products.attributes}, '$.is_featured', json('true'))` };
    case 'unfeature':
      return { attributes: sql`json_set(${products.attributes}, '$.is_featured', json('false'))` };
    case 'in-stock':
      return { inStock: true };
    case 'out-of-stock':
      return { inStock: false };
    case 'move':
      return { categoryId: categoryId! };
    default:
      throw new Error(`No update for ${action}`);
  }
}

/**
 * Deletes products and what belongs only to them, in the order spec section 7 gives: their analytics rows first,
 * then the products (wishlist entries go with them: ON DELETE CASCADE), then their affiliate_links rows that no
 * remaining product points to.
 */
export async function deleteProducts(tx: Tx, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const links = await tx.select({ id: products.affiliateLinkId }).from(products).where(and(inJsonList(products.id, ids), isNotNull(products.affiliateLinkId)));
  await tx.delete(productAnalytics).where(inJsonList(productAnalytics.productId, ids));
  const deleted = await tx.delete(products).where(inJsonList(products.id, ids));
  const linkIds = [...new Set(links.map((link) => link.id!))];
  if (linkIds.length > 0) {
    await tx
      .delete(affiliateLinks)
      .where(
        and(
          inJsonList(affiliateLinks.id, linkIds),
          notExists(tx.select({ one: sql`1` }).from(products).where(eq(products.affiliateLinkId, affiliateLinks.id))),
        ),
      );
  }
  return deleted.rowsAffected;
}

/** The ids a request selects that exist, in id order. */
async function selectedIds(tx: Tx, request: BulkRequest): Promise<number[]> {
  const where = request.ids ? inJsonList(products.id, request.ids) : productFilterCondition(request.allMatching ?? {});
  const rows = await tx.select({ id: products.id }).from(products).where(where).orderBy(products.id);
  return rows.map((row) => row.id);
}

/**
 * Applies one action to the selected products. A move to a category that does not exist is refused (422) with
 * nothing changed. Nothing changed means no audit entry; the caller requests a rebuild only when `changed` > 0.
 */
export async function applyBulkAction(database: Database, actor: AuditActor, request: BulkRequest): Promise<BulkResult> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      let categoryName = '';
      if (request.action === 'move') {
        const category = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, request.categoryId!)).get();
        if (!category) throw new BulkInputError(422, bulkTexts.categoryNotFound);
        categoryName = category.name;
      }
      const ids = await selectedIds(tx, request);
      const missing = request.ids ? request.ids.length - ids.length : 0;
      const now = new Date();
      let changedIds: number[] = [];
      let jobId: number | null = null;
      if (isReviewBulkAction(request.action)) {
        const target = await reviewBulkTarget(tx, request);
        if ('error' in target) throw new BulkInputError(422, target.error);
        categoryName = target.label;
        const applied = await applyReviewBulk(tx, ids, target);
        if (applied) {
          changedIds = applied.changedIds;
          jobId = await createUndoJob(tx, actor, { kind: 'bulk', action: request.action, summary: '', changes: applied.changes, now });
        }
      } else if (request.action === 'delete') {
        if (ids.length > 0) {
          jobId = await createUndoJob(tx, actor, { kind: 'delete', action: 'delete', summary: '', now });
          changedIds = await trashProducts(tx, ids, jobId, now);
        }
      } else if (ids.length > 0) {
        // The prior values of exactly the rows this action changes, read in its transaction, for Undo.
        const { field, after } = writtenField(request.action, request.categoryId);
        const where = and(inJsonList(products.id, ids), needsChange(request.action, request.categoryId));
        const before = await tx
          .select({ id: products.id, inStock: products.inStock, categoryId: products.categoryId, attributes: products.attributes })
          .from(products)
          .where(where)
          .orderBy(products.id);
        if (before.length > 0) {
          const updated = await tx.update(products).set(changes(request.action, request.categoryId)).where(inJsonList(products.id, before.map((row) => row.id))).returning({ id: products.id });
          changedIds = updated.map((row) => row.id).sort((a, b) => a - b);
          // Stock the admin set: a stock check in each product's history (nobody looked at the price, so its stamp stays).
          if (field === 'inStock') await noteStockChecks(tx, changedIds.map((id) => ({ id, inStock: after === true })), 'admin', now);
          const jobChanges: BulkJobChanges = { field, after, rows: before.map((row) => priorValue(field, row)) };
          jobId = await createUndoJob(tx, actor, { kind: 'bulk', action: request.action, summary: '', changes: jobChanges, now });
        }
      }
      const result = bulkResult(request.action, { matched: ids.length, changed: changedIds.length, missing }, categoryName);
      if (changedIds.length > 0 && jobId !== null) {
        const [auditId] = await appendAudit(tx, actor, {
          action: `products.bulk.${request.action}`,
          entityType: 'product',
          entityId: changedIds.length === 1 ? changedIds[0] : null,
          summary: `${result.title} (${idsSummary(changedIds)})`,
        });
        await linkUndoJob(tx, jobId, result.title, auditId);
      }
      return { ...result, undoJobId: changedIds.length > 0 ? jobId : null };
    }),
  );
}

/**
 * Deletes one product as a delete does (analytics rows first), keeping it a day so the delete can be undone;
 * 404 when there is no such product.
 */
export async function deleteProduct(database: Database, actor: AuditActor, id: number): Promise<{ id: number; name: string; undoJobId: number }> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const product = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).get();
      if (!product) throw new BulkInputError(404, bulkTexts.productNotFoundDescription);
      const summary = `Deleted "${product.name}"`;
      const undoJobId = await createUndoJob(tx, actor, { kind: 'delete', action: 'delete', summary, now: new Date() });
      await trashProducts(tx, [id], undoJobId, new Date());
      const [auditId] = await appendAudit(tx, actor, { action: 'product.delete', entityType: 'product', entityId: id, summary });
      await linkUndoJob(tx, undoJobId, summary, auditId);
      return { ...product, undoJobId };
    }),
  );
}

/** A changed row's prior value of the field; an attribute that was absent has no `before`. */
function priorValue(field: UndoField, row: { id: number; inStock: boolean; categoryId: number | null; attributes: Record<string, unknown> }): BulkJobChanges['rows'][number] {
  const key = attributeKeyOf[field];
  if (key !== undefined && !Object.hasOwn(row.attributes, key)) return { id: row.id };
  return { id: row.id, before: fieldValue(field, row) };
}
