/**
 * Categories for the admin panel (issue 10, point 5): the list with product counts, and the four writes. Each write
 * runs in one transaction with its audit entry; a refusal (unknown id, duplicate name, the protected default) throws
 * CategoryRefusal inside it, so nothing is written, and the function answers with its status.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../../db/client.ts';
import { categories, products } from '../../../db/schema.ts';
import {
  byNameUncategorizedLast,
  categoryChangeSummary,
  categorySlug,
  categoryTexts,
  conflictingCategory,
  duplicateCategoryText,
  isUncategorized,
  nextNavigationOrder,
  renumberNavigation,
  UNCATEGORIZED_DESCRIPTION,
  UNCATEGORIZED_NAME,
  UNCATEGORIZED_SLUG,
  type AdminCategory,
  type CategoryCreate,
  type CategoryDeleted,
  type CategoryUpdate,
} from '../../domain/admin/categories.ts';
import { appendAudit, type AuditActor } from './audit.ts';

/** A write refused for a reason the admin can act on; the function answers `status` with this description. */
export class CategoryRefusal extends Error {
  readonly status: 404 | 409 | 422;
  readonly description: string;

  constructor(status: 404 | 409 | 422, description: string) {
    super(description);
    this.name = 'CategoryRefusal';
    this.status = status;
    this.description = description;
  }
}

type Reader = Pick<Db, 'select'>;

/** Every category with the number of its products (all, and those shoppers see), by name with uncategorized last. */
export async function listAdminCategories(database: Database): Promise<AdminCategory[]> {
  const rows = await database.run((db) => selectCategories(db));
  return rows.sort(byNameUncategorizedLast);
}

function selectCategories(db: Reader, id?: number) {
  // Counted in one grouped pass over products rather than once per category.
  const counts = db
    .select({
      categoryId: products.categoryId,
      productCount: count().as('product_count'),
      publicProductCount: sql<number>`sum(case when ${products.status} <> 'draft' and ${products.availability} and ${products.inStock} then 1 else 0 end)`.as(
        'public_product_count',
      ),
    })
    .from(products)
    .groupBy(products.categoryId)
    .as('counts');
  const query = db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      showInNavigation: categories.showInNavigation,
      navigationOrder: categories.navigationOrder,
      productCount: sql<number>`coalesce(${counts.productCount}, 0)`.mapWith(Number),
      publicProductCount: sql<number>`coalesce(${counts.publicProductCount}, 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id));
  return id === undefined ? query : query.where(eq(categories.id, id));
}

async function readCategory(db: Reader, id: number): Promise<AdminCategory> {
  const [row] = await selectCategories(db, id);
  if (!row) throw new CategoryRefusal(404, categoryTexts.notFound);
  return row;
}

/** The fields the uniqueness and ordering rules read, for every category: tens of rows, read whole. */
function allCategories(tx: Reader) {
  return tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug, showInNavigation: categories.showInNavigation, navigationOrder: categories.navigationOrder })
    .from(categories);
}

/** Two admins creating the same name at once: the second insert hits the unique slug and is answered as a duplicate. */
function isUniqueSlugViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed: categories\.slug/.test(e.message)) return true;
  }
  return false;
}

async function inTransaction<T>(database: Database, work: (tx: Tx) => Promise<T>, onUniqueSlug: () => Promise<CategoryRefusal>): Promise<T> {
  try {
    return await database.run((db) => db.transaction(work));
  } catch (error) {
    if (isUniqueSlugViolation(error)) throw await onUniqueSlug();
    throw error;
  }
}

async function refuseDuplicateOf(database: Database, name: string, exceptId?: number): Promise<CategoryRefusal> {
  const existing = conflictingCategory(name, await database.run((db) => allCategories(db)), exceptId);
  return new CategoryRefusal(409, existing ? duplicateCategoryText(existing) : duplicateCategoryText({ name, slug: categorySlug(name) }));
}

export async function createCategory(database: Database, actor: AuditActor, input: CategoryCreate): Promise<AdminCategory> {
  const slug = categorySlug(input.name);
  return inTransaction(
    database,
    async (tx) => {
      const existing = await allCategories(tx);
      const duplicate = conflictingCategory(input.name, existing);
      if (duplicate) throw new CategoryRefusal(409, duplicateCategoryText(duplicate));
      const [created] = await tx
        .insert(categories)
        .values({
          name: input.name,
          slug,
          description: input.description,
          showInNavigation: input.showInNavigation,
          // Last in the header rather than wherever its name sorts.
          navigationOrder: input.showInNavigation ? nextNavigationOrder(existing) : null,
        })
        .returning({ id: categories.id });
      await appendAudit(tx, actor, { action: 'category.create', entityType: 'category', entityId: created!.id, summary: `Created category "${input.name}" (${slug})` });
      return readCategory(tx, created!.id);
    },
    () => refuseDuplicateOf(database, input.name),
  );
}

/** Saves an edit; `changed` is false when it changed nothing (no audit entry, no rebuild needed). */
export async function updateCategory(database: Database, actor: AuditActor, id: number, input: CategoryUpdate): Promise<{ category: AdminCategory; changed: boolean }> {
  return inTransaction(
    database,
    async (tx) => {
      const before = await readCategory(tx, id);
      if (isUncategorized(before) && input.name !== before.name) throw new CategoryRefusal(422, categoryTexts.uncategorizedRename);
      const existing = await allCategories(tx);
      const duplicate = conflictingCategory(input.name, existing, id);
      if (duplicate) throw new CategoryRefusal(409, duplicateCategoryText(duplicate));

      const summary = categoryChangeSummary(before, input);
      if (summary === null) return { category: before, changed: false };
      const joinsNavigation = input.showInNavigation && !before.showInNavigation && before.navigationOrder === null;
      await tx
        .update(categories)
        .set({
          name: input.name,
          description: input.description,
          showInNavigation: input.showInNavigation,
          ...(joinsNavigation ? { navigationOrder: nextNavigationOrder(existing) } : {}),
        })
        .where(eq(categories.id, id));
      await appendAudit(tx, actor, { action: 'category.update', entityType: 'category', entityId: id, summary });
      return { category: await readCategory(tx, id), changed: true };
    },
    () => refuseDuplicateOf(database, input.name, id),
  );
}

/**
 * The default category's id, created if it is somehow missing, so a delete or a product without a category always
 * has somewhere to go. Insert-if-absent first, so two transactions that both find it missing cannot both create it.
 */
export async function uncategorizedId(tx: Tx): Promise<number> {
  await tx
    .insert(categories)
    .values({ name: UNCATEGORIZED_NAME, slug: UNCATEGORIZED_SLUG, description: UNCATEGORIZED_DESCRIPTION, showInNavigation: false, navigationOrder: null })
    .onConflictDoNothing({ target: categories.slug });
  const found = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, UNCATEGORIZED_SLUG)).get();
  return found!.id;
}

/** Moves the category's products to 'uncategorized' and deletes it, in one transaction. */
export async function deleteCategory(database: Database, actor: AuditActor, id: number): Promise<CategoryDeleted> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const category = await tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.id, id)).get();
      if (!category) throw new CategoryRefusal(404, categoryTexts.notFound);
      if (isUncategorized(category)) throw new CategoryRefusal(422, categoryTexts.uncategorizedDelete);
      const target = await uncategorizedId(tx);
      const moved = await tx.update(products).set({ categoryId: target }).where(eq(products.categoryId, id));
      await tx.delete(categories).where(eq(categories.id, id));
      const movedProducts = moved.rowsAffected;
      await appendAudit(tx, actor, {
        action: 'category.delete',
        entityType: 'category',
        entityId: id,
        summary: `Deleted category "${category.name}" (${category.slug}); ${movedProducts} product${movedProducts === 1 ? '' : 's'} moved to ${UNCATEGORIZED_NAME}`,
      });
      return { deleted: category, movedProducts };
    }),
  );
}

/** Sets navigation_order 1..n for the listed categories (the others follow), in one transaction; answers the list. */
export async function reorderNavigation(database: Database, actor: AuditActor, orderedIds: readonly number[]): Promise<AdminCategory[]> {
  await database.run((db) =>
    db.transaction(async (tx) => {
      const existing = await allCategories(tx);
      const known = new Set(existing.map((category) => category.id));
      if (orderedIds.some((id) => !known.has(id))) throw new CategoryRefusal(404, categoryTexts.orderUnknown);
      for (const { id, navigationOrder } of renumberNavigation(existing, orderedIds)) {
        await tx.update(categories).set({ navigationOrder }).where(eq(categories.id, id));
      }
      const names = new Map(existing.map((category) => [category.id, category.name]));
      await appendAudit(tx, actor, {
        action: 'category.reorder',
        entityType: 'category',
        entityId: null,
        summary: `Reordered the navigation: ${orderedIds.map((id) => names.get(id)).join(', ')}`,
      });
    }),
  );
  return listAdminCategories(database);
}
