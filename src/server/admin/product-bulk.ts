/**
 * Bulk actions and deletes on products (issue 10, points 3 and 8). Each call is one transaction with one audit entry,
 * however many products it touches; JSON attributes change in SQL (json_set), never read, edited and written back row
 * by row, so a concurrent edit of another attribute is never overwritten.
 */
import { and, eq, isNotNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { affiliateLinks, categories, productAnalytics, products } from '../../../db/schema.ts';
import { bulkResult, bulkTexts, idsSummary, statusOfAction, type BulkAction, type BulkRequest, type BulkResult } from '../../domain/admin/product-bulk.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { productFilterCondition } from './product-list.ts';


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
      let changedIds: number[] = [];
      if (request.action === 'delete') {
        await deleteProducts(tx, ids);
        changedIds = ids;
      } else if (ids.length > 0) {
        const updated = await tx
          .update(products)
          .set(changes(request.action, request.categoryId))
          .where(and(inJsonList(products.id, ids), needsChange(request.action, request.categoryId)))
          .returning({ id: products.id });
        changedIds = updated.map((row) => row.id).sort((a, b) => a - b);
      }
      const result = bulkResult(request.action, { matched: ids.length, changed: changedIds.length, missing }, categoryName);
      if (changedIds.length > 0) {
        await appendAudit(tx, actor, {
          action: `products.bulk.${request.action}`,
          entityType: 'product',
          entityId: changedIds.length === 1 ? changedIds[0] : null,
          summary: `${result.title} (${idsSummary(changedIds)})`,
        });
      }
      return result;
    }),
  );
}

/** Deletes one product (analytics rows first); 404 when there is no such product. */
export async function deleteProduct(database: Database, actor: AuditActor, id: number): Promise<{ id: number; name: string }> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const product = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).get();
      if (!product) throw new BulkInputError(404, bulkTexts.productNotFoundDescription);
      await deleteProducts(tx, [id]);
      await appendAudit(tx, actor, { action: 'product.delete', entityType: 'product', entityId: id, summary: `Deleted "${product.name}"` });
      return product;
    }),
  );
}
