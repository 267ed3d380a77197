/**
 * The server side of the CSV import (issue 11, points 5 and 6): the preview, the batches and the finish call of
 * src/domain/admin/csv/contract.ts. Every row is read again with the domain's readCsvRow; the database decides
 * whether it is new, an update or a delete.
 *
 * A batch is one transaction: its csv_import_batches row is inserted first, so a batch sent again (a retry, or the
 * same request twice in parallel: the second waits for the first's write lock) finds that row, writes nothing and
 * gets the first answer back. Batches request no rebuild; the finish call completes the import's links and requests
 * one.
 */
import { and, asc, eq, isNull, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { affiliateLinks, authors, categories, csvImportBatches, products } from '../../../db/schema.ts';
import { detectAffiliatePlatform } from '../../domain/admin/affiliate-platform.ts';
import {
  addCounts,
  countOutcomes,
  csvImportBatchAnswerSchema,
  emptyCounts,
  type CsvImportBatchAnswer,
  type CsvImportBatchRequest,
  type CsvImportCounts,
  type CsvRowInput,
  type CsvRowResult,
} from '../../domain/admin/csv/contract.ts';
import { matchCategory, type CategoryName } from '../../domain/admin/csv/category-match.ts';
import { productChanges } from '../../domain/admin/csv/changes.ts';
import { withDuplicatesRefused } from '../../domain/admin/csv/duplicates.ts';
import { amazonRowWithoutTitle, mergeRow, newProductFromRow, productState, sameProductState, withUpdateMarkers } from '../../domain/admin/csv/product-state.ts';
import { readCsvRow, type CsvMatchKeys, type CsvRow, type CsvUpsertRow } from '../../domain/admin/csv/row.ts';
import { rowTexts } from '../../domain/admin/csv/texts.ts';
import { NEEDS_REVIEW_ATTRIBUTE } from '../../domain/admin/needs-review.ts';
import { UNKNOWN_AFFILIATE_SOURCE } from '../../domain/admin/product-row.ts';
import { productSlugBase } from '../../domain/admin/product-slug.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { uncategorizedId } from './categories.ts';
import { deleteProducts } from './product-bulk.ts';
import { freeProductSlug } from './product-slugs.ts';

type Reader = Pick<Tx, 'select'>;

/** Products tied on every key a row carries are few; past this many the oldest not yet matched is looked for no further. */
const MAX_TIED_CANDIDATES = 100;

/**
 * The product a row is about: the products with its SKU, else its ASIN, else its affiliate URL. When several share
 * the key that found them, the later keys choose among them (two products with one SKU but different links are told
 * apart by the link); of any still tied, the oldest this import has not matched yet wins, else the oldest. So an
 * export of two products that share a link and have no SKU (rows in id order) re-imports each row onto its own
 * product, while a file that repeats one product's row still updates that one product.
 */
async function findMatch(reader: Reader, keys: CsvMatchKeys, exclude: ReadonlySet<number> = new Set(), matched: ReadonlySet<number> = new Set()): Promise<number | null> {
  // The preview writes nothing, so it leaves out the products its earlier delete rows will have deleted.
  const notExcluded = exclude.size === 0 ? undefined : notInArray(products.id, [...exclude]);
  const conditions: SQL[] = [];
  const add = (condition: SQL) => conditions.push(notExcluded ? and(condition, notExcluded)! : condition);
  if (keys.sku !== null) add(eq(products.sku, keys.sku));
  if (keys.asin !== null) add(eq(products.asin, keys.asin));
  if (keys.affiliateUrl !== null) add(eq(products.affiliateUrl, keys.affiliateUrl));
  for (const [index, condition] of conditions.entries()) {
    const found = await reader.select({ id: products.id }).from(products).where(condition).orderBy(asc(products.id)).limit(2);
    if (found.length === 0) continue;
    if (found.length === 1) return found[0]!.id;
    let narrowed = condition;
    for (const next of conditions.slice(index + 1)) {
      const both = and(narrowed, next)!;
      const hit = await reader.select({ id: products.id }).from(products).where(both).orderBy(asc(products.id)).limit(1).get();
      if (hit) narrowed = both;
    }
    const tied = await reader.select({ id: products.id }).from(products).where(narrowed).orderBy(asc(products.id)).limit(MAX_TIED_CANDIDATES);
    return (tied.find((candidate) => !matched.has(candidate.id)) ?? tied[0]!).id;
  }
  return null;
}

/**
 * A request's rows read by the domain's rules; rows naming the same product as another row of the request are errors
 * (the browser refuses them across the whole file before sending; this holds a request that did not).
 */
function readRows(inputs: readonly CsvRowInput[]): CsvRow[] {
  return withDuplicatesRefused(inputs.map((input) => readCsvRow(input.rowNumber, input.values)));
}

/** Every category's id and name: a short list, read once per request and matched in memory. */
function categoryNames(reader: Reader): Promise<CategoryName[]> {
  return reader.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id));
}

/**
 * The category id a row names (undefined for a blank cell), or the row's error for a name that is no category's:
 * never the nearest category and never a new one (category-match.ts).
 */
function rowCategory(row: CsvUpsertRow, list: readonly CategoryName[]): { id: number | undefined } | { error: string } {
  const name = row.patch.categoryName;
  if (name === undefined) return { id: undefined };
  const match = matchCategory(name, list);
  return match.ok ? { id: match.id } : { error: rowTexts.unknownCategory(row.rowNumber, name, match.suggestion) };
}

/** Every author's id by slug: the review_reviewer cells name authors by slug. A short list, read once per request. */
async function reviewerIds(reader: Reader): Promise<Map<string, number>> {
  const rows = await reader.select({ id: authors.id, slug: authors.slug }).from(authors);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** The row with its reviewer's slug resolved to the author's id, or the row's error for a slug that is no author's. */
function withReviewer(row: CsvUpsertRow, reviewers: ReadonlyMap<string, number>): { row: CsvUpsertRow } | { error: string } {
  const review = row.patch.review;
  if (review?.reviewerSlug === undefined) return { row };
  const id = reviewers.get(review.reviewerSlug);
  if (id === undefined) return { error: rowTexts.unknownReviewer(row.rowNumber, review.reviewerSlug) };
  return { row: { ...row, patch: { ...row.patch, review: { ...review, reviewerId: id } } } };
}

/** The keys a new row's product will be found by, as one text each. */
function keyTexts(keys: CsvMatchKeys): string[] {
  return [keys.sku === null ? null : `sku:${keys.sku}`, keys.asin === null ? null : `asin:${keys.asin}`, keys.affiliateUrl === null ? null : `url:${keys.affiliateUrl}`].filter(
    (key): key is string => key !== null,
  );
}

/**
 * POST /api/admin/products/import/preview: what each row would do, nothing written. A row that matches a product
 * says which fields it changes, or 'unchanged' when it changes none. A row that matches no product but matches an
 * earlier new row of the same request by another key is an update, as the import (rows in order) will make it; a
 * product an earlier delete row deletes matches no later row, as in the import.
 */
export async function previewCsvRows(database: Database, inputs: readonly CsvRowInput[]): Promise<CsvRowResult[]> {
  return database.run(async (db) => {
    const results: CsvRowResult[] = [];
    const list = await categoryNames(db);
    const reviewers = await reviewerIds(db);
    const nameOf = (id: number | null) => list.find((category) => category.id === id)?.name ?? null;
    const newKeys = new Set<string>();
    const deleted = new Set<number>();
    const matched = new Set<number>();
    for (const row of readRows(inputs)) {
      if (!row.ok) {
        results.push({ rowNumber: row.rowNumber, outcome: 'error', reason: row.reason });
        continue;
      }
      const productId = await findMatch(db, row.keys, deleted, matched);
      const earlierNew = keyTexts(row.keys).some((key) => newKeys.has(key));
      if (row.action === 'delete') {
        if (productId !== null) {
          matched.add(productId);
          results.push({ rowNumber: row.rowNumber, outcome: 'delete', productId });
          deleted.add(productId);
        } else if (earlierNew) results.push({ rowNumber: row.rowNumber, outcome: 'delete' });
        else results.push({ rowNumber: row.rowNumber, outcome: 'error', reason: rowTexts.noMatchToDelete(row.rowNumber) });
        continue;
      }
      const category = rowCategory(row, list);
      if ('error' in category) {
        results.push({ rowNumber: row.rowNumber, outcome: 'error', reason: category.error });
        continue;
      }
      const reviewed = withReviewer(row, reviewers);
      if ('error' in reviewed) {
        results.push({ rowNumber: row.rowNumber, outcome: 'error', reason: reviewed.error });
        continue;
      }
      if (productId !== null) {
        matched.add(productId);
        const stored = await db.select().from(products).where(eq(products.id, productId)).get();
        if (!stored) throw new Error(`product ${productId} vanished while it was previewed`);
        const before = productState(stored);
        const categoryChange = category.id === undefined ? undefined : { from: nameOf(stored.categoryId), to: nameOf(category.id) };
        const changes = productChanges(before, mergeRow(before, sanitized(reviewed.row)), categoryChange);
        results.push(
          changes.length === 0 ? { rowNumber: row.rowNumber, outcome: 'unchanged', productId } : { rowNumber: row.rowNumber, outcome: 'update', productId, changes },
        );
      } else if (earlierNew) results.push({ rowNumber: row.rowNumber, outcome: 'update' });
      else if (row.patch.name === undefined && !amazonRowWithoutTitle(row, detectAffiliatePlatform(row.patch.affiliateUrl))) {
        results.push({ rowNumber: row.rowNumber, outcome: 'error', reason: rowTexts.titleRequired(row.rowNumber) });
      }
      else {
        results.push({ rowNumber: row.rowNumber, outcome: 'new' });
        for (const key of keyTexts(row.keys)) newKeys.add(key);
      }
    }
    return results;
  });
}

/** The row with its description sanitized, as it will be stored (and compared with what is stored). */
function sanitized(row: CsvUpsertRow): CsvUpsertRow {
  if (row.patch.description === undefined) return row;
  return { ...row, patch: { ...row.patch, description: sanitizeDescription(row.patch.description) } };
}

interface BatchWork {
  actor: AuditActor;
  now: Date;
  categories: CategoryName[];
  /** Author ids by slug, for review_reviewer. */
  reviewers: Map<string, number>;
  linkIds: number[];
  untitledIds: number[];
  /** Products this import has created, updated or deleted so far (earlier batches and earlier rows). */
  matched: Set<number>;
}

async function createFromRow(tx: Tx, work: BatchWork, row: CsvUpsertRow, category: number | undefined): Promise<number> {
  const detected = detectAffiliatePlatform(row.patch.affiliateUrl);
  const { state, untitled } = newProductFromRow(row, detected, work.now);
  const link = await tx
    .insert(affiliateLinks)
    .values({ userId: work.actor.id, originalUrl: state.affiliateUrl, platform: detected.platform, platformProductId: detected.productCode, status: 'pending' })
    .returning({ id: affiliateLinks.id })
    .get();
  const categoryId = category ?? (await uncategorizedId(tx));
  const slug = await freeProductSlug(tx, productSlugBase(state.name));
  const created = await tx
    .insert(products)
    .values({
      ...state,
      slug,
      categoryId,
      affiliateLinkId: link.id,
      affiliateSource: detected.retailer ?? UNKNOWN_AFFILIATE_SOURCE,
      createdAt: work.now,
      updatedAt: work.now,
    })
    .returning({ id: products.id })
    .get();
  work.linkIds.push(link.id);
  if (untitled) work.untitledIds.push(created.id);
  // The file's price is the import's check; a row without a price records stock alone, so no $0 is ever stamped fresh.
  const priced = row.patch.price !== undefined;
  await notePriceCheck(tx, created.id, {
    price: priced ? state.price : null,
    salePrice: priced ? state.salePrice : null,
    inStock: state.inStock,
    source: 'import',
    checkedAt: work.now,
  });
  return created.id;
}

/** Writes the row over the product unless that changes nothing; true when it wrote. */
async function updateFromRow(tx: Tx, work: BatchWork, row: CsvUpsertRow, id: number, category: number | undefined): Promise<boolean> {
  const stored = await tx.select().from(products).where(eq(products.id, id)).get();
  if (!stored) throw new Error(`product ${id} vanished inside its transaction`);
  const before = productState(stored);
  const merged = mergeRow(before, row);
  const categoryId = category ?? stored.categoryId;
  if (sameProductState(merged, before) && categoryId === stored.categoryId) return false;

  const urlChanged = merged.affiliateUrl !== stored.affiliateUrl;
  const detected = detectAffiliatePlatform(merged.affiliateUrl);
  let affiliateLinkId = stored.affiliateLinkId;
  if (urlChanged || affiliateLinkId === null) {
    const link = { originalUrl: merged.affiliateUrl, platform: detected.platform, platformProductId: detected.productCode };
    if (affiliateLinkId === null) {
      const inserted = await tx.insert(affiliateLinks).values({ ...link, userId: work.actor.id, status: 'pending' }).returning({ id: affiliateLinks.id }).get();
      affiliateLinkId = inserted.id;
      work.linkIds.push(inserted.id);
    } else {
      await tx.update(affiliateLinks).set(link).where(eq(affiliateLinks.id, affiliateLinkId));
    }
  }
  await tx
    .update(products)
    .set({
      ...withUpdateMarkers(merged, row, work.now),
      categoryId,
      affiliateLinkId,
      affiliateSource: urlChanged ? (detected.retailer ?? UNKNOWN_AFFILIATE_SOURCE) : stored.affiliateSource,
      updatedAt: work.now,
    })
    .where(eq(products.id, id));
  // A row that gives a price (or sale price) checks it; one that gives only stock records stock alone.
  const priced = row.patch.price !== undefined || row.patch.salePrice !== undefined;
  if (priced || merged.inStock !== stored.inStock) {
    await notePriceCheck(tx, id, {
      price: priced ? merged.price : null,
      salePrice: priced ? merged.salePrice : null,
      inStock: merged.inStock,
      source: 'import',
      checkedAt: work.now,
    });
  }
  return true;
}

async function importRow(tx: Tx, work: BatchWork, row: CsvRow): Promise<CsvRowResult> {
  if (!row.ok) return { rowNumber: row.rowNumber, outcome: 'error', reason: row.reason };
  const productId = await findMatch(tx, row.keys, undefined, work.matched);
  if (row.action === 'delete') {
    if (productId === null) return { rowNumber: row.rowNumber, outcome: 'error', reason: rowTexts.noMatchToDelete(row.rowNumber) };
    work.matched.add(productId);
    await deleteProducts(tx, [productId]);
    return { rowNumber: row.rowNumber, outcome: 'delete', productId };
  }
  const category = rowCategory(row, work.categories);
  if ('error' in category) return { rowNumber: row.rowNumber, outcome: 'error', reason: category.error };
  const reviewed = withReviewer(row, work.reviewers);
  if ('error' in reviewed) return { rowNumber: row.rowNumber, outcome: 'error', reason: reviewed.error };
  const clean = sanitized(reviewed.row);
  if (productId === null) {
    if (row.patch.name === undefined && !amazonRowWithoutTitle(row, detectAffiliatePlatform(row.patch.affiliateUrl))) {
      return { rowNumber: row.rowNumber, outcome: 'error', reason: rowTexts.titleRequired(row.rowNumber) };
    }
    return { rowNumber: row.rowNumber, outcome: 'new', productId: await createFromRow(tx, work, clean, category.id) };
  }
  work.matched.add(productId);
  const changed = await updateFromRow(tx, work, clean, productId, category.id);
  return { rowNumber: row.rowNumber, outcome: 'update', productId, changed };
}

function summary(request: CsvImportBatchRequest, counts: CsvImportCounts): string {
  const changed = counts.updated - counts.unchanged;
  return `CSV import ${request.importId.slice(0, 8)} batch ${request.batchIndex + 1}: ${counts.imported} imported, ${changed} updated, ${counts.unchanged} unchanged, ${counts.deleted} deleted, ${counts.errors} errors`;
}

/** The products the import's other batches created, updated or deleted: a tie prefers a product not among them. */
async function productsMatchedBefore(tx: Tx, request: CsvImportBatchRequest): Promise<Set<number>> {
  const earlier = await tx
    .select({ answer: csvImportBatches.answer })
    .from(csvImportBatches)
    .where(and(eq(csvImportBatches.importId, request.importId), ne(csvImportBatches.batchIndex, request.batchIndex)));
  const ids = new Set<number>();
  for (const { answer } of earlier) {
    const parsed = csvImportBatchAnswerSchema.safeParse(answer);
    if (!parsed.success) continue;
    for (const row of parsed.data.rows) if (row.productId !== undefined) ids.add(row.productId);
  }
  return ids;
}

/**
 * POST /api/admin/products/import: one batch in one transaction. `replayed` is true when the batch had been applied
 * before: nothing was written and the answer is the first one.
 */
export async function importCsvBatch(database: Database, actor: AuditActor, request: CsvImportBatchRequest): Promise<{ answer: CsvImportBatchAnswer; replayed: boolean }> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const claimed = await tx
        .insert(csvImportBatches)
        .values({ importId: request.importId, batchIndex: request.batchIndex, userId: actor.id, answer: {} })
        .onConflictDoNothing()
        .returning({ importId: csvImportBatches.importId })
        .get();
      if (!claimed) {
        const stored = await tx
          .select({ answer: csvImportBatches.answer })
          .from(csvImportBatches)
          .where(and(eq(csvImportBatches.importId, request.importId), eq(csvImportBatches.batchIndex, request.batchIndex)))
          .get();
        return { answer: csvImportBatchAnswerSchema.parse(stored?.answer), replayed: true };
      }

      const work: BatchWork = { actor, now: new Date(), categories: await categoryNames(tx), reviewers: await reviewerIds(tx), linkIds: [], untitledIds: [], matched: await productsMatchedBefore(tx, request) };
      const rows: CsvRowResult[] = [];
      for (const row of readRows(request.rows)) rows.push(await importRow(tx, work, row));
      const counts = countOutcomes(rows);
      const answer: CsvImportBatchAnswer = { importId: request.importId, batchIndex: request.batchIndex, rows, counts };
      await tx
        .update(csvImportBatches)
        .set({ answer, linkIds: work.linkIds, untitledProductIds: work.untitledIds })
        .where(and(eq(csvImportBatches.importId, request.importId), eq(csvImportBatches.batchIndex, request.batchIndex)));
      await appendAudit(tx, actor, { action: 'products.csv-import', entityType: 'product', summary: summary(request, counts) });
      return { answer, replayed: false };
    }),
  );
}

/**
 * How long an import's batches are kept. They exist so that a retried or doubled batch is not applied twice and so
 * that finish finds the import's links; both happen within minutes of the batch. Older ones are purged by the next
 * finish, so the table holds recent imports only rather than every answer ever sent (up to 2 MB each).
 */
export const CSV_IMPORT_BATCH_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface FinishedImport {
  batches: number;
  counts: CsvImportCounts;
  linksCompleted: number;
  /** Products of this import created without a title that still exist and still need review. */
  untitledProductIds: number[];
  /** True the first time the import is finished; a repeat finds nothing new to finish. */
  firstFinish: boolean;
  /** Whether any batch created, changed or deleted a product. */
  changedAnything: boolean;
}

/**
 * POST /api/admin/products/import/finish: the import's pending links become 'completed' (one update where id in the
 * import's list, spec section 7), the batches are marked finished, one audit entry; other imports' batches past
 * the retention are purged. Null when no batch of the import was received.
 */
export async function finishCsvImport(database: Database, actor: AuditActor, importId: string): Promise<FinishedImport | null> {
  return database.run((db) =>
    db.transaction(async (tx) => {
      const batches = await tx.select().from(csvImportBatches).where(eq(csvImportBatches.importId, importId)).orderBy(asc(csvImportBatches.batchIndex));
      if (batches.length === 0) return null;
      const linkIds = batches.flatMap((batch) => batch.linkIds);
      const untitled = batches.flatMap((batch) => batch.untitledProductIds);
      const counts = batches.reduce((sum, batch) => addCounts(sum, csvImportBatchAnswerSchema.parse(batch.answer).counts), emptyCounts());
      const firstFinish = batches.some((batch) => batch.finishedAt === null);

      const completed =
        linkIds.length === 0
          ? { rowsAffected: 0 }
          : await tx
              .update(affiliateLinks)
              .set({ status: 'completed' })
              .where(and(inJsonList(affiliateLinks.id, linkIds), eq(affiliateLinks.status, 'pending')));
      const stillUntitled =
        untitled.length === 0
          ? []
          : await tx
              .select({ id: products.id })
              .from(products)
              .where(
                and(
                  inJsonList(products.id, untitled),
                  sql`json_extract(${products.attributes}, ${`$.${NEEDS_REVIEW_ATTRIBUTE}`}) in ('no-title', 'amazon-data')`,
                ),
              )
              .orderBy(asc(products.id));
      await tx.delete(csvImportBatches).where(and(lt(csvImportBatches.createdAt, new Date(Date.now() - CSV_IMPORT_BATCH_RETENTION_MS)), ne(csvImportBatches.importId, importId)));
      if (firstFinish) {
        await tx.update(csvImportBatches).set({ finishedAt: new Date() }).where(and(eq(csvImportBatches.importId, importId), isNull(csvImportBatches.finishedAt)));
        await appendAudit(tx, actor, {
          action: 'products.csv-import.finish',
          entityType: 'product',
          summary: `CSV import ${importId.slice(0, 8)} finished: ${batches.length} batches, ${counts.imported} imported, ${counts.updated - counts.unchanged} updated, ${counts.deleted} deleted, ${counts.errors} errors`,
        });
      }
      return {
        batches: batches.length,
        counts,
        linksCompleted: completed.rowsAffected,
        untitledProductIds: stillUntitled.map((row) => row.id),
        firstFinish,
        changedAnything: counts.imported + counts.deleted + (counts.updated - counts.unchanged) > 0,
      };
    }),
  );
}
