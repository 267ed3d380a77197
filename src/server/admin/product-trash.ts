/**
 * Soft delete of products: a deleted product is removed exactly as a delete removes it (so no page, list, search or
 * job can show it, and the next build takes its page down), and the rows removed with it are kept in product_trash
 * for a day, as stored, so Undo writes them back with the same id, slug and data.
 *
 * Kept per product: its row, its analytics events, wishlist entries, link checks and link state, price history, the affiliate_links
 * row the delete removed (none while another product still uses it), and which pins, clicks and conversions pointed
 * at it (their product_id is set null by the delete and set back by the restore).
 */
import { and, eq, getTableColumns, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { affiliateLinks, categories, clicks, conversions, linkChecks, linkHealth, pins, priceChecks, productAnalytics, products, productTrash, users, wishlists } from '../../../db/schema.ts';
import { UNDO_DELETE_WINDOW_MS } from '../../domain/admin/undo.ts';
import { uncategorizedId } from './categories.ts';

type RawRow = Record<string, unknown>;

/** Tables whose rows are kept as they were stored, by the column that names the product. */
const OWNED_TABLES = [
  ['product_analytics', productAnalytics, productAnalytics.productId],
  ['wishlists', wishlists, wishlists.productId],
  ['link_checks', linkChecks, linkChecks.productId],
  ['link_health', linkHealth, linkHealth.productId],
  ['price_checks', priceChecks, priceChecks.productId],
] as const;

/** Rows that only point at the product (set null on delete). */
const POINTERS = [
  ['pins', pins, pins.id, pins.productId],
  ['clicks', clicks, clicks.clickId, clicks.productId],
  ['conversions', conversions, conversions.id, conversions.productId],
] as const;

interface TrashSnapshot {
  product: RawRow;
  affiliateLink: RawRow | null;
  owned: Record<string, RawRow[]>;
  pointers: Record<string, (number | string)[]>;
}

/** The stored (not generated) column names of a table. */
function storedColumns(table: SQLiteTable): string[] {
  return Object.values(getTableColumns(table))
    .filter((column) => !(column as { generated?: unknown }).generated)
    .map((column) => column.name);
}

function tableName(table: SQLiteTable): string {
  return (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]!;
}

/** The rows as stored: column name to the raw value (timestamps as numbers, booleans as 0/1, JSON as text). */
async function rawRows(tx: Tx, table: SQLiteTable, where: SQL): Promise<RawRow[]> {
  const columns = storedColumns(table);
  const result = await tx.run(sql`select ${sql.join(columns.map((name) => sql.identifier(name)), sql`, `)} from ${sql.identifier(tableName(table))} where ${where}`);
  return result.rows.map((row) => Object.fromEntries(columns.map((name, index) => [name, row[index]])));
}

/** Writes raw rows back in one statement (one bound parameter, however many rows: json_each). */
async function insertRawRows(tx: Tx, table: SQLiteTable, rows: readonly RawRow[], orIgnore = false): Promise<void> {
  if (rows.length === 0) return;
  const columns = storedColumns(table);
  const names = sql.join(columns.map((name) => sql.identifier(name)), sql`, `);
  const values = sql.join(columns.map((name) => sql`json_extract(value, ${`$."${name}"`})`), sql`, `);
  const verb = orIgnore ? sql`insert or ignore into` : sql`insert into`;
  await tx.run(sql`${verb} ${sql.identifier(tableName(table))} (${names}) select ${values} from json_each(${JSON.stringify(rows)})`);
}

/**
 * Removes the products as a delete does (analytics rows first, spec section 7; wishlist entries and link state go
 * with them; affiliate_links rows no remaining product uses are removed) and keeps what was removed under `jobId`.
 * Answers the ids deleted.
 */
export async function trashProducts(tx: Tx, ids: readonly number[], jobId: number, now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const productRows = await rawRows(tx, products, inJsonList(products.id, ids));
  const snapshots = new Map<number, TrashSnapshot>(productRows.map((row) => [Number(row.id), { product: row, affiliateLink: null, owned: {}, pointers: {} }]));
  for (const [name, table, column] of OWNED_TABLES) {
    for (const row of await rawRows(tx, table, inJsonList(column, ids))) {
      const owned = snapshots.get(Number(row.product_id))?.owned;
      if (owned) (owned[name] ??= []).push(row);
    }
  }
  for (const [name, table, key, column] of POINTERS) {
    const rows = await tx.select({ key, productId: column }).from(table).where(inJsonList(column, ids));
    for (const row of rows) {
      const pointers = snapshots.get(row.productId!)?.pointers;
      if (pointers) (pointers[name] ??= []).push(row.key);
    }
  }
  const linkIds = [...new Set(productRows.map((row) => row.affiliate_link_id).filter((id): id is number => typeof id === 'number'))];
  const links = linkIds.length > 0 ? await rawRows(tx, affiliateLinks, inJsonList(affiliateLinks.id, linkIds)) : [];

  await tx.delete(productAnalytics).where(inJsonList(productAnalytics.productId, ids));
  await tx.delete(products).where(inJsonList(products.id, ids));
  if (linkIds.length > 0) {
    const removed = await tx
      .delete(affiliateLinks)
      .where(and(inJsonList(affiliateLinks.id, linkIds), sql`not exists (select 1 from ${products} where ${products.affiliateLinkId} = ${affiliateLinks.id})`))
      .returning({ id: affiliateLinks.id });
    const removedIds = new Set(removed.map((row) => row.id));
    for (const snapshot of snapshots.values()) {
      const link = links.find((row) => row.id === snapshot.product.affiliate_link_id);
      if (link && removedIds.has(Number(link.id))) snapshot.affiliateLink = link;
    }
  }
  const trashed = [...snapshots.keys()].sort((a, b) => a - b);
  if (trashed.length > 0) {
    await tx.insert(productTrash).values(trashed.map((productId) => ({ productId, jobId, snapshot: snapshots.get(productId)!, deletedAt: now })));
  }
  return trashed;
}

/** Which of `values` (ids as stored in a snapshot) are still rows of `table`, as strings. */
async function presentIds(tx: Tx, table: SQLiteTable, column: SQLiteColumn, values: readonly unknown[]): Promise<Set<string>> {
  // Kept as the snapshot holds them (numbers for integer ids), so the lookup compares like with like.
  const wanted = [...new Set(values.filter((value): value is number | string => typeof value === 'number' || typeof value === 'string'))];
  if (wanted.length === 0) return new Set();
  const found = await tx.select({ id: column }).from(table).where(inJsonList(column, wanted));
  return new Set(found.map((row) => String(row.id)));
}

/** Why a restore cannot go ahead: another product took a slug meanwhile. */
export class RestoreConflict extends Error {
  readonly slug: string;
  constructor(slug: string) {
    super(`slug ${slug} is taken`);
    this.slug = slug;
  }
}

/**
 * Writes a job's trashed products back as they were and empties their trash rows. What was deleted meanwhile is
 * treated as its own delete treated the rows that stayed: a category's products go to uncategorized, a link or an
 * account leaves the reference empty, and a wishlist entry of an account deleted meanwhile stays gone. The rows are
 * fixed before they are written, because the database refuses a reference to a row that is gone. Throws
 * RestoreConflict when another product now has one of their slugs. Answers how many came back.
 */
export async function restoreTrashedProducts(tx: Tx, jobId: number): Promise<number> {
  const trash = await tx.select().from(productTrash).where(eq(productTrash.jobId, jobId)).orderBy(productTrash.productId);
  const snapshots = trash.map((row) => row.snapshot as TrashSnapshot);
  for (const snapshot of snapshots) {
    const slug = String(snapshot.product.slug);
    const taken = await tx.select({ id: products.id }).from(products).where(eq(products.slug, slug)).get();
    if (taken) throw new RestoreConflict(slug);
  }
  const links = snapshots.flatMap((snapshot) => (snapshot.affiliateLink ? [snapshot.affiliateLink] : []));
  const presentUsers = await presentIds(tx, users, users.id, links.map((link) => link.user_id));
  await insertRawRows(tx, affiliateLinks, links.map((link) => (link.user_id != null && !presentUsers.has(String(link.user_id)) ? { ...link, user_id: null } : link)), true);
  const presentCategories = await presentIds(tx, categories, categories.id, snapshots.map((snapshot) => snapshot.product.category_id));
  const presentLinks = await presentIds(tx, affiliateLinks, affiliateLinks.id, snapshots.map((snapshot) => snapshot.product.affiliate_link_id));
  const fallbackCategory = snapshots.some((snapshot) => snapshot.product.category_id != null && !presentCategories.has(String(snapshot.product.category_id)))
    ? await uncategorizedId(tx)
    : null;
  const productRows = snapshots.map((snapshot) => {
    const row = { ...snapshot.product };
    if (row.category_id != null && !presentCategories.has(String(row.category_id))) row.category_id = fallbackCategory;
    if (row.affiliate_link_id != null && !presentLinks.has(String(row.affiliate_link_id))) row.affiliate_link_id = null;
    return row;
  });
  await insertRawRows(tx, products, productRows);
  for (const [name, table] of OWNED_TABLES) {
    let rows = snapshots.flatMap((snapshot) => snapshot.owned[name] ?? []);
    if (name === 'wishlists' && rows.length > 0) {
      const userIds = [...new Set(rows.map((row) => String(row.user_id)))];
      const present = new Set((await tx.select({ id: users.id }).from(users).where(inJsonList(users.id, userIds))).map((user) => user.id));
      rows = rows.filter((row) => present.has(String(row.user_id)));
    }
    await insertRawRows(tx, table, rows, true);
  }
  for (const [name, table, key, column] of POINTERS) {
    for (const snapshot of snapshots) {
      const keys = snapshot.pointers[name] ?? [];
      if (keys.length > 0) await tx.update(table).set({ productId: Number(snapshot.product.id) }).where(and(inJsonList(key, keys), isNull(column)));
    }
  }
  await tx.delete(productTrash).where(eq(productTrash.jobId, jobId));
  return snapshots.length;
}

/** Whether the job still has products in the trash (false once purged or restored). */
export async function hasTrashedProducts(tx: Tx, jobId: number): Promise<boolean> {
  return (await tx.select({ id: productTrash.productId }).from(productTrash).where(eq(productTrash.jobId, jobId)).limit(1).get()) !== undefined;
}

/** Deletes for good the products deleted more than a day before `now`. Answers how many were purged. */
export async function purgeTrash(database: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNDO_DELETE_WINDOW_MS);
  const result = await database.run((db) => db.delete(productTrash).where(lt(productTrash.deletedAt, cutoff)));
  return result.rowsAffected;
}
