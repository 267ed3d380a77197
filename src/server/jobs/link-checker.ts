/**
 * The link and stock health checker (issue 13, points 1-3): the one service the schedule (Netlify Scheduled Function
 * → Background Function, or the local server's timer) and on-demand checks call.
 *
 * A run works in batches of products in id order. Each check is stored in its own short transaction (history row,
 * current state, and when auto out of stock acts, the product and its audit entry); after each batch the run's
 * cursor is written and the event loop yielded, so a run over 10,000 links never holds a lock the admin panel or the
 * public site waits for, and an interrupted run resumes after its cursor. A lease keeps two invocations off one run.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../../../db/client.ts';
import { inJsonList } from '../../../db/sql.ts';
import { auditLog, linkCheckRuns, linkChecks, linkHealth, linkHealthMailed, products, settings, type LinkCheckRun } from '../../../db/schema.ts';
import { LINK_HEALTH_SETTING_ID, storedLinkHealthSettings } from '../../domain/admin/link-health/api.ts';
import type { LinkHealthClass } from '../../domain/admin/link-health/classes.ts';
import { becameFlaggedOutOfStock, nextHealthState, type HealthPolicy, type LinkHealthState } from '../../domain/admin/link-health/state.ts';
import { taggedAffiliateUrl } from '../../domain/affiliate-url.ts';
import { env } from '../env.ts';
import { requestRebuild } from '../rebuild.ts';
import { structuredOffer } from '../../domain/admin/scrape/extract.ts';
import { pagePriceCheck } from '../../domain/prices/price-check.ts';
import { notePriceCheck, noteStockChecks } from '../prices/price-checks.ts';
import { checkLink, type LinkCheckResult, type LinkFetchOptions } from './link-check-one.ts';
import { sharedHostGate, type HostGate } from './link-politeness.ts';

export const DEFAULT_BATCH_SIZE = 500;
/** Netlify's Background Functions stop at 15 minutes: a run hands over with a minute to spare. */
export const BACKGROUND_BUDGET_MS = 14 * 60_000;
/** The longest one link can take (HEAD and GET at the fetcher's 10 s deadline each, plus its host's turn). */
const LINK_WORST_CASE_MS = 25_000;
const AUDIT_EMAIL = 'link-checker';

export interface LinkCheckerOptions {
  /** Stop starting links once this much time has passed (the run resumes later). */
  budgetMs?: number;
  batchSize?: number;
  gate?: HostGate;
  fetch?: LinkFetchOptions;
  /** The tag the buy button adds to Amazon links; the checker checks the URL shoppers get. */
  amazonTag?: string;
  now?: () => Date;
  signal?: AbortSignal;
  policy?: HealthPolicy;
  /** Called once per invocation when auto out of stock changed a product. */
  rebuild?: (reason: string) => Promise<void>;
  /** Work on this run only; otherwise the oldest open run, or a new scheduled one when links are due. */
  runId?: number;
  /** Start a scheduled run when none is open (the schedule's ticks); false for a caller that only resumes. */
  startScheduled?: boolean;
}

export interface LinkCheckReport {
  runId: number | null;
  checked: number;
  /** Links passed over because their host asked to rest past this invocation's budget. */
  deferred: number;
  counts: Partial<Record<LinkHealthClass, number>>;
  markedOutOfStock: number[];
  /** Products whose page stated a price in its structured data (recorded as a retailer-page check). */
  pricesChecked: number[];
  finished: boolean;
  stoppedBecause: 'done' | 'budget' | 'aborted' | 'nothing-to-do' | 'run-busy';
}

interface Target {
  id: number;
  affiliateUrl: string;
  inStock: boolean;
  name: string;
}

/** Due: never checked, or its next check time has come. */
function dueCondition(now: Date) {
  return or(isNull(linkHealth.productId), lte(linkHealth.nextCheckAt, now));
}

async function countDue(database: Database, now: Date): Promise<number> {
  const row = await database.run((db) =>
    db.select({ n: sql<number>`count(*)` }).from(products).leftJoin(linkHealth, eq(linkHealth.productId, products.id)).where(dueCondition(now)).get(),
  );
  return row?.n ?? 0;
}

/** Creates a manual run over the given products (ids already checked to exist). */
export async function createManualRun(database: Database, productIds: readonly number[], requestedBy: string, now = new Date()): Promise<LinkCheckRun> {
  return database.run((db) =>
    db
      .insert(linkCheckRuns)
      .values({ trigger: 'manual', productIds: [...productIds], total: productIds.length, startedAt: now, requestedBy })
      .returning()
      .get(),
  );
}

/** Takes the run's lease if it is free; the run, or undefined when another invocation holds it or it is finished. */
async function claimRun(database: Database, runId: number | undefined, now: Date, leaseMs: number): Promise<LinkCheckRun | undefined> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  return database.run(async (db) => {
    const open = and(isNull(linkCheckRuns.finishedAt), or(isNull(linkCheckRuns.leaseUntil), lte(linkCheckRuns.leaseUntil, now)));
    const candidate = await db
      .select({ id: linkCheckRuns.id })
      .from(linkCheckRuns)
      .where(runId === undefined ? open : and(open, eq(linkCheckRuns.id, runId)))
      .orderBy(asc(linkCheckRuns.id))
      .limit(1)
      .get();
    if (!candidate) return undefined;
    // The lease is taken by a conditional update, so two invocations racing for one run cannot both win.
    return db
      .update(linkCheckRuns)
      .set({ leaseUntil })
      .where(and(eq(linkCheckRuns.id, candidate.id), open))
      .returning()
      .get();
  });
}

async function openScheduledRun(database: Database, now: Date): Promise<void> {
  const due = await countDue(database, now);
  if (due === 0) return;
  await database.run(async (db) => {
    const open = await db.select({ id: linkCheckRuns.id }).from(linkCheckRuns).where(isNull(linkCheckRuns.finishedAt)).limit(1).get();
    if (!open) await db.insert(linkCheckRuns).values({ trigger: 'schedule', total: due, startedAt: now });
  });
}

async function nextBatch(database: Database, run: LinkCheckRun, now: Date, size: number): Promise<Target[]> {
  const columns = { id: products.id, affiliateUrl: products.affiliateUrl, inStock: products.inStock, name: products.name };
  return database.run((db) => {
    if (run.productIds) {
      return db
        .select(columns)
        .from(products)
        .where(
          and(
            gt(products.id, run.cursor),
            // A run over every matching product may list thousands of ids.
            inJsonList(products.id, run.productIds),
            // Products this run already checked past the cursor (a stop mid-batch) are not checked twice.
            sql`not exists (select 1 from ${linkChecks} where ${linkChecks.runId} = ${run.id} and ${linkChecks.productId} = ${products.id})`,
          ),
        )
        .orderBy(asc(products.id))
        .limit(size);
    }
    return db
      .select(columns)
      .from(products)
      .leftJoin(linkHealth, eq(linkHealth.productId, products.id))
      .where(and(gt(products.id, run.cursor), dueCondition(now)))
      .orderBy(asc(products.id))
      .limit(size);
  });
}

async function autoMarkOutOfStockSetting(database: Database): Promise<boolean> {
  const row = await database.run((db) => db.select({ value: settings.value }).from(settings).where(eq(settings.id, LINK_HEALTH_SETTING_ID)).get());
  return storedLinkHealthSettings(row?.value).autoMarkOutOfStock;
}

/**
 * Stores one check: the history row, the new current state and, when the setting is on and the link has just been
 * flagged out of stock (twice in a row), the product marked out of stock with its audit entry, all in one transaction.
 * True when the product was marked.
 */
export async function recordCheck(
  database: Database,
  target: Target,
  result: LinkCheckResult,
  options: { runId: number | null; now: Date; autoMarkOutOfStock: boolean; policy?: HealthPolicy; onPriceChecked?: (productId: number) => void },
): Promise<boolean> {
  // Parsed before the transaction: reading a page of up to half a megabyte should not hold the write lock.
  // Only a page the checker found fine states a price a shopper can pay; an out-of-stock page's price is no offer.
  const offer = result.page && result.class === 'ok' ? structuredOffer(result.page.html, result.page.url) : null;
  return database.run((db) =>
    db.transaction(async (tx) => {
      const stored = await tx.select().from(linkHealth).where(eq(linkHealth.productId, target.id)).get();
      const previous: LinkHealthState | undefined = stored
        ? {
            lastClass: stored.lastClass,
            lastFinalUrl: stored.lastFinalUrl,
            consecutive: stored.consecutive,
            flagged: stored.flagged,
            acknowledgedClass: stored.acknowledgedClass,
            acknowledgedFinalUrl: stored.acknowledgedFinalUrl,
            nextCheckAt: stored.nextCheckAt,
            backoffLevel: stored.backoffLevel,
          }
        : undefined;
      const next = nextHealthState(previous, { class: result.class, finalUrl: result.finalUrl, retryAfterMs: result.retryAfterMs }, options.now, options.policy);
      await tx.insert(linkChecks).values({
        productId: target.id,
        runId: options.runId,
        url: result.url,
        checkedAt: options.now,
        method: result.method,
        statusCode: result.statusCode,
        finalUrl: result.finalUrl,
        class: result.class,
        detail: result.detail,
        durationMs: result.durationMs,
      });
      const values = {
        url: result.url,
        lastClass: next.lastClass,
        lastStatus: result.statusCode,
        lastFinalUrl: next.lastFinalUrl,
        lastDetail: result.detail,
        lastCheckedAt: options.now,
        consecutive: next.consecutive,
        flagged: next.flagged,
        acknowledgedClass: next.acknowledgedClass,
        acknowledgedFinalUrl: next.acknowledgedFinalUrl,
        acknowledgedAt: next.acknowledgedClass ? (stored?.acknowledgedAt ?? null) : null,
        nextCheckAt: next.nextCheckAt,
        backoffLevel: next.backoffLevel,
      };
      await tx
        .insert(linkHealth)
        .values({ productId: target.id, ...values })
        .onConflictDoUpdate({ target: linkHealth.productId, set: values });
      // The run's progress moves with every stored check, in the check's own transaction, so the screens' 'Checking
      // links: n of N done' counts the checks actually stored, not the last finished batch of hundreds.
      if (options.runId !== null) await tx.update(linkCheckRuns).set({ checked: sql`${linkCheckRuns.checked} + 1` }).where(eq(linkCheckRuns.id, options.runId));
      // A link that leaves a problem (fixed, or failing another way) is news again when it next breaks: the daily
      // e-mail's record of what each admin was told about it is dropped (link-health-digest.ts).
      if (stored && stored.lastClass !== next.lastClass) await tx.delete(linkHealthMailed).where(eq(linkHealthMailed.productId, target.id));

      // The retailer's page stated its price (and perhaps stock) in structured data: that is a price check.
      if (offer) {
        const product = await tx.select({ price: products.price, salePrice: products.salePrice, inStock: products.inStock }).from(products).where(eq(products.id, target.id)).get();
        if (product) {
          // Stock stays as stored: marking a product out of stock is the owner's setting's rule (two answers in a row,
          // below), which one page read must not bypass.
          await notePriceCheck(tx, target.id, pagePriceCheck(product, { price: offer.price, availability: null }, options.now), options.now.getTime());
          options.onPriceChecked?.(target.id);
        }
      }

      if (!options.autoMarkOutOfStock || !becameFlaggedOutOfStock(previous, next)) return false;
      const product = await tx.select({ inStock: products.inStock }).from(products).where(eq(products.id, target.id)).get();
      if (!product?.inStock) return false;
      await tx.update(products).set({ inStock: false }).where(eq(products.id, target.id));
      await noteStockChecks(tx, [{ id: target.id, inStock: false }], 'retailer-page', options.now);
      await tx.insert(auditLog).values({
        at: options.now,
        userId: null,
        userEmail: AUDIT_EMAIL,
        action: 'product.auto-out-of-stock',
        entityType: 'product',
        entityId: String(target.id),
        summary: `Marked "${target.name}" out of stock: its retailer's page said out of stock twice in a row`.slice(0, 500),
      });
      return true;
    }),
  );
}

/**
 * Runs (or resumes) one run within the budget. Links are grouped by host; each host's links go one after another
 * through the gate (one request a second per host, `concurrency` in flight overall), hosts in parallel.
 */
export async function runLinkChecks(database: Database, options: LinkCheckerOptions = {}): Promise<LinkCheckReport> {
  const clock = options.now ?? (() => new Date());
  const startedAt = Date.now();
  const budgetMs = options.budgetMs ?? BACKGROUND_BUDGET_MS;
  const stopAt = startedAt + budgetMs;
  const gate = options.gate ?? sharedHostGate();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const amazonTag = options.amazonTag ?? env().AMAZON_ASSOCIATE_TAG;
  const leaseMs = budgetMs + 2 * LINK_WORST_CASE_MS;
  const report: LinkCheckReport = { runId: null, checked: 0, deferred: 0, counts: {}, markedOutOfStock: [], pricesChecked: [], finished: false, stoppedBecause: 'nothing-to-do' };

  if (options.runId === undefined && options.startScheduled !== false) await openScheduledRun(database, clock());
  const run = await claimRun(database, options.runId, clock(), leaseMs);
  if (!run) {
    report.stoppedBecause = options.runId === undefined ? 'nothing-to-do' : 'run-busy';
    return report;
  }
  report.runId = run.id;
  const autoMark = await autoMarkOutOfStockSetting(database);
  // Leave time for the links already started: a link begun just before the budget ends may take LINK_WORST_CASE_MS.
  const mayStart = () => !options.signal?.aborted && Date.now() + Math.min(LINK_WORST_CASE_MS, budgetMs / 4) < stopAt;

  let cursor = run.cursor;
  const counts: Record<string, number> = { ...run.counts };
  for (;;) {
    if (!mayStart()) break;
    const batch = await nextBatch(database, { ...run, cursor }, clock(), batchSize);
    if (batch.length === 0) {
      // A finished run's total is the checks it made: links deferred by their host (Retry-After) or no longer due are
      // left to the next run, so the progress ends at 'n of n' rather than short of an estimate made at the start.
      await database.run((db) =>
        db
          .update(linkCheckRuns)
          .set({ finishedAt: clock(), leaseUntil: null, cursor, counts, total: sql`${linkCheckRuns.checked}` })
          .where(eq(linkCheckRuns.id, run.id)),
      );
      report.finished = true;
      report.stoppedBecause = 'done';
      return afterRun(report, options);
    }

    const done = new Set<number>();
    const byHost = new Map<string, Target[]>();
    for (const target of batch) {
      let host = '';
      try {
        host = new URL(target.affiliateUrl).host;
      } catch {
        // An unparseable URL is checked (and classed error) without a request; it needs no host turn.
      }
      byHost.set(host, [...(byHost.get(host) ?? []), target]);
    }
    await Promise.all(
      [...byHost].map(async ([host, targets]) => {
        for (const target of targets) {
          if (!mayStart()) return;
          if (host && gate.nextAt(host) > stopAt) {
            // The host asked us (Retry-After) to come back after this invocation ends: its links wait for the next run.
            report.deferred += 1;
            done.add(target.id);
            continue;
          }
          const url = taggedAffiliateUrl(target.affiliateUrl, amazonTag) ?? target.affiliateUrl;
          let result: LinkCheckResult;
          try {
            result = await checkLink(url, gate, { ...options.fetch, signal: options.signal, now: clock });
          } catch (error) {
            if (options.signal?.aborted) return;
            throw error;
          }
          // A check cut short by the caller says nothing about the link: it is not stored, and stays due.
          if (options.signal?.aborted) return;
          const marked = await recordCheck(database, target, result, {
            runId: run.id,
            now: clock(),
            autoMarkOutOfStock: autoMark,
            policy: options.policy,
            onPriceChecked: (id) => report.pricesChecked.push(id),
          });
          if (marked) report.markedOutOfStock.push(target.id);
          counts[result.class] = (counts[result.class] ?? 0) + 1;
          report.counts[result.class] = (report.counts[result.class] ?? 0) + 1;
          report.checked += 1;
          done.add(target.id);
        }
      }),
    );
    // The cursor moves past the longest run of finished products from the batch's start, so a stop mid-batch
    // resumes at the first product not checked (products checked after it are no longer due and are skipped).
    for (const target of batch) {
      if (!done.has(target.id)) break;
      cursor = target.id;
    }
    await database.run((db) => db.update(linkCheckRuns).set({ cursor, counts, leaseUntil: new Date(Date.now() + leaseMs) }).where(eq(linkCheckRuns.id, run.id)));
    await yieldToEventLoop();
    if (done.size < batch.length) break;
  }

  await database.run((db) => db.update(linkCheckRuns).set({ leaseUntil: null }).where(eq(linkCheckRuns.id, run.id)));
  report.stoppedBecause = options.signal?.aborted ? 'aborted' : 'budget';
  return afterRun(report, options);
}

async function afterRun(report: LinkCheckReport, options: LinkCheckerOptions): Promise<LinkCheckReport> {
  // One rebuild for every product this invocation marked out of stock or whose price its page confirmed (the pages
  // show the new check time, or the new price).
  if (report.markedOutOfStock.length > 0 || report.pricesChecked.length > 0) {
    await (options.rebuild ?? requestRebuild)(report.markedOutOfStock.length > 0 ? 'link check: marked out of stock' : 'link check: prices checked');
  }
  return report;
}
