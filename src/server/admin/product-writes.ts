/**
 * Product writes for the admin panel (issue 10, point 4): create, update, read one for the editor, and batch create.
 * Each product write is one transaction with its affiliate_links row and its audit entry, so nothing is half-written.
 * Slugs are unique by the database's index: a create that loses a race for a slug runs again with the next one.
 */
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { affiliateLinks, authors, categories, products, productSlugRedirects, type Product } from '../../../db/schema.ts';
import { reviewTexts } from '../../domain/editorial/review.ts';
import type { EditorialReview } from '../../domain/editorial/types.ts';
import { detectAffiliatePlatform } from '../../domain/admin/affiliate-platform.ts';
import { createdSummary, updatedSummary } from '../../domain/admin/product-audit.ts';
import { batchEntrySchema, type BatchAnswer, type BatchResult } from '../../domain/admin/product-batch.ts';
import { productTexts, type ProductInput, type ProductUpdate } from '../../domain/admin/product-form.ts';
import { adminProductFromRow, productColumns, type AdminProduct } from '../../domain/admin/product-row.ts';
import { productSlugBase, slugFollowsName } from '../../domain/admin/product-slug.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { uncategorizedId } from './categories.ts';
import { freeProductSlug, isSlugConflict } from './product-slugs.ts';


/** A write refused for a reason the admin can fix, answered as `{ error: { title, description } }`. */
export class ProductWriteError extends Error {
  readonly status: 404 | 409 | 422;
  readonly title: string;
  readonly description: string;

  constructor(status: 404 | 409 | 422, title: string, description: string) {
    super(description);
    this.status = status;
    this.title = title;
    this.description = description;
  }
}

/** A create that keeps losing its slug to parallel creates of the same name gives up after this many tries. */
const SLUG_ATTEMPTS = 8;

export async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isSlugConflict(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** The category id to store: the chosen one if it exists, else the default 'uncategorized' (created if missing). */
async function resolveCategory(tx: Tx, categoryId: number | null, failureTitle: string): Promise<number> {
  if (categoryId !== null) {
    const found = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get();
    if (!found) throw new ProductWriteError(422, failureTitle, productTexts.categoryMissing);
    return found.id;
  }
  return uncategorizedId(tx);
}

/** A review names its reviewer by author id: one that is not (or no longer) an author is refused, not stored dangling. */
export async function checkReviewer(tx: Tx, review: EditorialReview | null | undefined, failureTitle: string): Promise<void> {
  if (!review || review.reviewerId === null) return;
  const found = await tx.select({ id: authors.id }).from(authors).where(eq(authors.id, review.reviewerId)).get();
  if (!found) throw new ProductWriteError(422, failureTitle, reviewTexts.reviewerMissing);
}

function answer(row: Product): AdminProduct {
  return adminProductFromRow(row);
}

/** The product as the editor shows it, or null when no product has the id. */
export async function readProductForEditing(database: Database, id: number): Promise<AdminProduct | null> {
  const row = await database.run((db) => db.select().from(products).where(eq(products.id, id)).get());
  return row ? answer(row) : null;
}

async function insertProduct(tx: Tx, actor: AuditActor, input: ProductInput): Promise<AdminProduct> {
  const now = new Date();
  const detected = detectAffiliatePlatform(input.affiliateUrl);
  const categoryId = await resolveCategory(tx, input.categoryId, productTexts.createFailed);
  await checkReviewer(tx, input.review, productTexts.createFailed);
  const link = await tx
    .insert(affiliateLinks)
    .values({ userId: actor.id, originalUrl: input.affiliateUrl, platform: detected.platform, platformProductId: detected.productCode, status: 'active' })
    .returning({ id: affiliateLinks.id })
    .get();
  const columns = productColumns(input, detected, null, now);
  const slug = await freeProductSlug(tx, productSlugBase(input.name));
  const row = await tx
    .insert(products)
    .values({
      ...columns,
      description: sanitizeDescription(columns.description),
      review: input.review ?? null,
      slug,
      categoryId,
      affiliateLinkId: link.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  // The admin typed the price and stock: that is when they were last checked.
  await notePriceCheck(tx, row.id, { price: row.price, salePrice: row.salePrice, inStock: row.inStock, source: 'admin', checkedAt: now });
  const product = answer(row);
  await appendAudit(tx, actor, { action: 'product.create', entityType: 'product', entityId: product.id, summary: createdSummary(product) });
  return product;
}

/** Creates the product, its affiliate link (status active, platform from the URL) and its audit entry in one transaction. */
export async function createProduct(database: Database, actor: AuditActor, input: ProductInput): Promise<AdminProduct> {
  return withSlugRetry(() => database.run((db) => db.transaction((tx) => insertProduct(tx, actor, input))));
}

/**
 * Saves the form over a product. Attributes keys the form does not edit are kept; the affiliate link row follows a
 * changed URL. The slug changes only when `renameSlug` asks for it and it does not follow the name yet. Null when no
 * product has the id.
 */
export async function updateProduct(database: Database, actor: AuditActor, id: number, input: ProductUpdate): Promise<AdminProduct | null> {
  return withSlugRetry(() =>
    database.run((db) =>
      db.transaction(async (tx) => {
        const stored = await tx.select().from(products).where(eq(products.id, id)).get();
        if (!stored) return null;
        const now = new Date();
        const detected = detectAffiliatePlatform(input.affiliateUrl);
        const categoryId = await resolveCategory(tx, input.categoryId, productTexts.updateFailed);
        await checkReviewer(tx, input.review, productTexts.updateFailed);
        const columns = productColumns(input, detected, stored.attributes, now);
        const urlChanged = stored.affiliateUrl !== input.affiliateUrl;
        const renamed = input.renameSlug && !slugFollowsName(stored.slug, input.name);

        let affiliateLinkId = stored.affiliateLinkId;
        if (urlChanged || affiliateLinkId === null) {
          const link = { originalUrl: input.affiliateUrl, platform: detected.platform, platformProductId: detected.productCode };
          if (affiliateLinkId === null) {
            const inserted = await tx.insert(affiliateLinks).values({ ...link, userId: actor.id, status: 'active' }).returning({ id: affiliateLinks.id }).get();
            affiliateLinkId = inserted.id;
          } else {
            await tx.update(affiliateLinks).set(link).where(eq(affiliateLinks.id, affiliateLinkId));
          }
        }

        const slug = renamed ? await freeProductSlug(tx, productSlugBase(input.name)) : stored.slug;
        if (slug !== stored.slug) await rememberOldSlug(tx, id, stored.slug, slug, now);
        const row = await tx
          .update(products)
          .set({
            ...columns,
            // An imported row keeps the retailer its import named unless the link itself changed.
            affiliateSource: urlChanged ? columns.affiliateSource : stored.affiliateSource,
            description: sanitizeDescription(columns.description),
            // Left out of the request, the stored review stays (a client that does not edit reviews cannot erase one).
            review: input.review === undefined ? stored.review : input.review,
            slug,
            categoryId,
            affiliateLinkId,
            updatedAt: now,
          })
          .where(eq(products.id, id))
          .returning()
          .get();
        // A changed price, sale price or stock is the admin's check; saving other fields does not re-date the price.
        if (row.price !== stored.price || row.salePrice !== stored.salePrice || row.inStock !== stored.inStock) {
          await notePriceCheck(tx, id, { price: row.price, salePrice: row.salePrice, inStock: row.inStock, source: 'admin', checkedAt: now });
        }
        const before = answer(stored);
        const after = answer(row);
        await appendAudit(tx, actor, { action: 'product.update', entityType: 'product', entityId: id, summary: updatedSummary(before, after) });
        return after;
      }),
    ),
  );
}

/**
 * Creates each entry in its own transaction, so a bad entry fails alone and a good one is whole or absent.
 * Entries are checked here rather than by the request schema, so the answer can say which one failed and why.
 */
export async function createProductBatch(database: Database, actor: AuditActor, entries: readonly unknown[]): Promise<BatchAnswer> {
  const results: BatchResult[] = [];
  for (const [index, entry] of entries.entries()) {
    const parsed = batchEntrySchema.safeParse(entry);
    if (!parsed.success) {
      results.push({ index, ok: false, reason: parsed.error.issues[0]?.message ?? productTexts.multiMissingDescription });
      continue;
    }
    try {
      const product = await createProduct(database, actor, parsed.data);
      results.push({ index, ok: true, product: { id: product.id, slug: product.slug, name: product.name } });
    } catch (error) {
      if (!(error instanceof ProductWriteError)) console.error('batch product create failed', error);
      results.push({ index, ok: false, reason: error instanceof ProductWriteError ? error.description : 'The product could not be saved. Try again.' });
    }
  }
  const created = results.filter((result) => result.ok).length;
  return { created, failed: results.length - created, results };
}

/**
 * A renamed product's old address redirects to its page (product_slug_redirects); the new slug, if it was another
 * product's old address, stops redirecting there.
 */
async function rememberOldSlug(tx: Tx, productId: number, oldSlug: string, newSlug: string, now: Date): Promise<void> {
  await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, newSlug));
  await tx
    .insert(productSlugRedirects)
    .values({ oldSlug, productId, createdAt: now })
    .onConflictDoUpdate({ target: productSlugRedirects.oldSlug, set: { productId, createdAt: now } });
}
