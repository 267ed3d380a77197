/**
 * The scheduled Amazon price refresh: every product with an ASIN, oldest check first, asked of Amazon's Creators API
 * ten ASINs a request (fetchAmazonItems, which keeps the rate limit and backs off on 429), for at most `budgetMs` a run.
 *
 * Rules it keeps:
 * - Amazon's data may be cached 24 hours at most (the Associates Program's terms): the oldest check goes first, and
 *   the budget and the schedule (docs/operations.md) refresh every product well within a day.
 * - Nothing is lost to a crash: each product is written in its own transaction (recordPriceCheck), so a run stopped
 *   at any point leaves the products it wrote written, and the next run starts from the oldest again.
 * - A failure of one item is that product's (recordPriceCheckFailure, the admin's 'failing' filter); a failure of the
 *   account (bad credentials, not eligible, throttled beyond the back-off, unreachable) stops the run, which is
 *   recorded with its reason.
 * - One rebuild a run at most, and only when a page would change: a price, sale price or stock changed, or the
 *   published stamps are getting old (see republishDue).
 * - One run at a time (job-lease.ts): an invocation that finds another at work (the hourly schedule firing while a
 *   run goes on, Netlify retrying a Background Function) leaves at once, so the account's request rate is never spent
 *   twice over and no product is asked for twice.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { priceChecks, products } from '../../../db/schema.ts';
import { refreshedAmazonImages } from '../../domain/admin/amazon-product.ts';
import { DEFAULT_AMAZON_MARKETPLACE } from '../../domain/amazon-asin.ts';
import { refreshBatches, republishDue, type RefreshCandidate } from '../../domain/prices/price-refresh-plan.ts';
import type { CreatorsClient } from '../amazon/creators-client.ts';
import { amazonApiStatus, CreatorsApiError, creatorsClient, fetchAmazonItems, type AmazonItemResult } from '../amazon/items.ts';
import { errorMessage, type Logger } from '../local/logger.ts';
import { claimJobLease, releaseJobLease } from './job-lease.ts';
import { PriceCheckError, recordPriceCheck, recordPriceCheckFailure } from '../prices/price-checks.ts';
import { notePriceRefreshRun, readLastPriceRefresh, readStaleAfterHours } from '../prices/price-settings.ts';
import { requestRebuild } from '../rebuild.ts';

/**
 * A run's share of a Background Function's 15 minutes: no batch starts after it, and the one under way may still
 * take its retries (3 waits of up to 30 s and 15 s timeouts), so the function ends before Netlify stops it.
 */
export const DEFAULT_PRICE_REFRESH_BUDGET_MS = 11 * 60_000;

/**
 * How long a run holds the lease past its budget: the last batch's retries and the rebuild request. A run that crashed
 * frees the lease when this has passed.
 */
const LEASE_MARGIN_MS = 4 * 60_000;
export const PRICE_REFRESH_JOB = 'price-refresh';

/** Failures of the whole account or service: the next requests would fail the same way, so the run stops. */
const RUN_STOPPING: ReadonlySet<string> = new Set(['not-configured', 'bad-credentials', 'not-eligible', 'throttled', 'unavailable']);

export interface PriceRefreshOptions {
  /** The Creators API client; undefined: the configured one; null: none (as without credentials). */
  client?: CreatorsClient | null;
  budgetMs?: number;
  now?: () => number;
  /** Aborts between products: what is written stays written. */
  signal?: AbortSignal;
  rebuild?: (reason: string) => Promise<void>;
  logger?: Logger;
}

export interface PriceRefreshReport {
  stoppedBecause: 'done' | 'budget' | 'aborted' | 'error' | 'not-configured' | 'run-busy';
  /** The run's error or why it did nothing; null when it ran. */
  message: string | null;
  /** GetItems requests sent. */
  requests: number;
  /** Products given a new price check (unavailable ones included). */
  refreshed: number;
  /** Of those, the ones whose price, sale price, stock or Amazon image links changed. */
  changed: number;
  /** Products Amazon says it does not serve (recorded out of stock). */
  unavailable: number;
  /** Products whose check failed (recordPriceCheckFailure). */
  failed: number;
  /** Products with an ASIN left for the next run. */
  remaining: number;
  rebuildRequested: boolean;
}

type Candidate = RefreshCandidate;

/** Products with an ASIN, the least recently looked at first (never looked at: first of all). */
async function candidates(database: Database): Promise<Candidate[]> {
  // The last look is the newest of the price's stamp, the last check in the history (a stock-only check of an
  // unavailable item moves no price stamp) and the last failure, so an item that keeps failing goes to the back.
  const lastHistory = sql`(select max(${priceChecks.checkedAt}) from ${priceChecks} where ${priceChecks.productId} = ${products.id})`;
  const lastLook = sql`max(coalesce(${products.priceCheckedAt}, 0), coalesce(${products.priceCheckFailedAt}, 0), coalesce(${lastHistory}, 0))`;
  const rows = await database.run((db) =>
    db
      .select({ id: products.id, asin: products.asin, marketplace: sql<string | null>`json_extract(${products.attributes}, '$.marketplace')` })
      .from(products)
      .where(and(isNotNull(products.asin), sql`${products.asin} <> ''`))
      .orderBy(asc(lastLook), asc(products.id)),
  );
  return rows.map((row) => ({ id: row.id, asin: row.asin!.toUpperCase(), marketplace: row.marketplace || DEFAULT_AMAZON_MARKETPLACE }));
}

/** The stored values a check is compared with, read just before the batch (an admin may have edited meanwhile). */
async function storedValues(database: Database, ids: number[]) {
  const rows = await database.run((db) =>
    db
      .select({
        id: products.id,
        price: products.price,
        salePrice: products.salePrice,
        inStock: products.inStock,
        imageUrl: products.imageUrl,
        attributes: products.attributes,
      })
      .from(products)
      .where(inJsonList(products.id, ids)),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export async function runPriceRefresh(database: Database, options: PriceRefreshOptions = {}): Promise<PriceRefreshReport> {
  const now = options.now ?? Date.now;
  const budgetMs = options.budgetMs ?? DEFAULT_PRICE_REFRESH_BUDGET_MS;
  const report: PriceRefreshReport = { stoppedBecause: 'done', message: null, requests: 0, refreshed: 0, changed: 0, unavailable: 0, failed: 0, remaining: 0, rebuildRequested: false };
  const client = options.client === undefined ? creatorsClient() : options.client;
  if (!client) {
    const status = amazonApiStatus();
    report.message = `Price refresh skipped: ${status.configured ? "no Creators API client was given." : status.reason} Prices of Amazon products are not refreshed.`;
    report.stoppedBecause = 'not-configured';
    options.logger?.info(report.message);
    return report;
  }

  const lease = await claimJobLease(database, PRICE_REFRESH_JOB, budgetMs + LEASE_MARGIN_MS, now());
  if (!lease) {
    report.stoppedBecause = 'run-busy';
    report.message = 'Price refresh skipped: another run is still at work.';
    options.logger?.info(report.message);
    return report;
  }
  try {
    return await refreshWithinBudget(database, client, report, options, now, budgetMs);
  } finally {
    await releaseJobLease(database, lease);
  }
}

async function refreshWithinBudget(
  database: Database,
  client: CreatorsClient,
  report: PriceRefreshReport,
  options: PriceRefreshOptions,
  now: () => number,
  budgetMs: number,
): Promise<PriceRefreshReport> {
  const started = now();
  const batches = refreshBatches(await candidates(database));
  let index = 0;
  try {
    for (; index < batches.length; index++) {
      if (options.signal?.aborted) {
        report.stoppedBecause = 'aborted';
        break;
      }
      if (now() - started >= budgetMs) {
        report.stoppedBecause = 'budget';
        break;
      }
      const batch = batches[index]!;
      const aborted = await refreshBatch(database, client, batch, report, now, options.signal);
      if (aborted) {
        report.stoppedBecause = 'aborted';
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof CreatorsApiError)) throw error;
    report.stoppedBecause = 'error';
    report.message = `Price refresh stopped (${error.kind}): ${error.message}`;
    options.logger?.error(report.message);
  }
  report.remaining = batches.slice(index).reduce((sum, batch) => sum + batch.length, 0);

  const at = new Date(now());
  const last = await readLastPriceRefresh(database);
  const republish = report.refreshed > 0 && republishDue(last?.republishedAt ?? null, await readStaleAfterHours(database), at.getTime());
  if (report.changed > 0 || republish) {
    await (options.rebuild ?? requestRebuild)(report.changed > 0 ? 'price refresh: prices changed' : 'price refresh: price stamps renewed');
    report.rebuildRequested = true;
  }
  await notePriceRefreshRun(database, at, {
    refreshed: report.refreshed,
    failed: report.failed,
    error: report.stoppedBecause === 'error' ? report.message : null,
    republishedAt: report.rebuildRequested ? at : (last?.republishedAt ?? null),
  });
  return report;
}

/**
 * One GetItems request and its products, each in its own transaction. Throws the request's CreatorsApiError when
 * it stops the run; answers true when aborted between products.
 */
async function refreshBatch(database: Database, client: CreatorsClient, batch: Candidate[], report: PriceRefreshReport, now: () => number, signal: AbortSignal | undefined): Promise<boolean> {
  const marketplace = batch[0]!.marketplace;
  let results: Map<string, AmazonItemResult>;
  report.requests += 1;
  try {
    results = await fetchAmazonItems(
      batch.map((candidate) => candidate.asin),
      { marketplace, client },
    );
  } catch (error) {
    if (error instanceof CreatorsApiError && RUN_STOPPING.has(error.kind)) throw error;
    // A malformed or refused answer for this request: its products failed, the next request may well succeed.
    const at = new Date(now());
    for (const candidate of batch) await recordPriceCheckFailure(database, candidate.id, { error: errorMessage(error), at });
    report.failed += batch.length;
    return false;
  }
  const stored = await storedValues(database, batch.map((candidate) => candidate.id));
  for (const candidate of batch) {
    if (signal?.aborted) return true;
    const before = stored.get(candidate.id);
    if (!before) continue; // deleted since the run began
    const result = results.get(candidate.asin);
    const checkedAt = new Date(now());
    if (!result || (!result.ok && result.error.kind === 'invalid-asin')) {
      await recordPriceCheckFailure(database, candidate.id, { error: result && !result.ok ? result.error.message : `Amazon gave no answer for ${candidate.asin}.`, at: checkedAt });
      report.failed += 1;
      continue;
    }
    // Amazon does not serve the item, or serves it without a price: out of stock, and a stock-only check, since
    // nobody confirmed a price (its stamp stays, and ages into 'Check price').
    const item = result.ok ? result.item : null;
    const check =
      item && item.price !== null
        ? { price: item.price, salePrice: item.salePrice, inStock: item.inStock, source: 'creators-api' as const, checkedAt }
        : { price: null, salePrice: null, inStock: item?.inStock ?? false, source: 'creators-api' as const, checkedAt };
    // The image links Amazon's terms let a site keep for 24 hours are renewed with the price (refreshedAmazonImages).
    const images = item ? refreshedAmazonImages({ imageUrl: before.imageUrl, galleryImageUrls: before.attributes['gallery_image_urls'] }, item.images) : {};
    const writeImages = async (tx: Tx) => {
      if (images.imageUrl !== undefined) await tx.update(products).set({ imageUrl: images.imageUrl }).where(eq(products.id, candidate.id));
      if (images.galleryImageUrls !== undefined) {
        await tx
          .update(products)
          .set({ attributes: sql`json_set(${products.attributes}, '$.gallery_image_urls', json(${JSON.stringify(images.galleryImageUrls)}))` })
          .where(eq(products.id, candidate.id));
      }
    };
    try {
      if (!(await recordPriceCheck(database, candidate.id, check, now(), writeImages))) continue;
    } catch (error) {
      // Values no retailer gives (recordPriceCheck's rule): this product's check failed, the others go on.
      if (!(error instanceof PriceCheckError)) throw error;
      await recordPriceCheckFailure(database, candidate.id, { error: `Amazon's price for ${candidate.asin} was refused: ${error.message}`, at: checkedAt });
      report.failed += 1;
      continue;
    }
    report.refreshed += 1;
    if (check.price === null && !check.inStock) report.unavailable += 1;
    const changed =
      before.inStock !== check.inStock ||
      (check.price !== null && (before.price !== check.price || before.salePrice !== check.salePrice)) ||
      Object.keys(images).length > 0;
    if (changed) report.changed += 1;
  }
  return false;
}

/** The sentence a run is logged with. */
export function priceRefreshSummary(report: PriceRefreshReport): string | undefined {
  if (report.stoppedBecause === 'not-configured' || report.stoppedBecause === 'run-busy') return report.message ?? undefined;
  if (report.requests === 0) return undefined;
  const parts = [`${report.refreshed} refreshed`, `${report.changed} changed`];
  if (report.unavailable > 0) parts.push(`${report.unavailable} unavailable`);
  if (report.failed > 0) parts.push(`${report.failed} failed`);
  if (report.remaining > 0) parts.push(`${report.remaining} left for the next run (${report.stoppedBecause})`);
  return `Price refresh: ${parts.join(', ')}${report.rebuildRequested ? '; rebuild requested' : ''}`;
}

