/**
 * The one write path for conversions (issue 14, points 3 and 4): postbacks and report rows both end here.
 *
 * Idempotent on (network, transaction id): the stored row and the new report give a delta
 * (src/domain/revenue/conversion-state.ts), and the row, the product's conversion_count and revenue_cents, and a
 * product_analytics 'conversion' entry of the revenue change are written in one IMMEDIATE transaction: the write lock
 * is taken before the stored row is read, so two deliveries of one transaction (a network retrying, a report and a
 * postback crossing) are applied one after the other, never both against the same stored state. The product's
 * figures change by `+ delta` in SQL, never read-then-write.
 *
 * Attribution: the click id's row in `clicks` names the product and the page; without one (an unknown or missing click
 * id) the conversion is stored with no product, to be reconciled by an admin, never dropped. A report row may name its
 * product itself (Amazon's report, by ASIN). A conversion once attributed keeps its product.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { Tx } from '../../../db/client.ts';
import { clicks, conversions, productAnalytics, products, type ConversionRow } from '../../../db/schema.ts';
import { conversionTransition, type ConversionFigures } from '../../domain/revenue/conversion-state.ts';
import type { ConversionStatus } from '../../domain/revenue/postback.ts';
import { isNewerOrSame } from '../../domain/revenue/postback-time.ts';

export interface ConversionReport {
  /** A PostbackNetwork, or 'amazon' for its report. */
  network: string;
  transactionId: string;
  clickId: string | null;
  /** The product a report row names itself (by ASIN or product code); a click id's product wins over it. */
  productId?: number | null;
  status: ConversionStatus;
  /** null when the network sent no sale amount. */
  saleCents: number | null;
  commissionCents: number;
  currency: string;
  source: 'postback' | 'report';
  /** When the sale happened; defaults to now. */
  occurredAt?: Date;
  /** A signed postback's signed time (postback-time.ts): one older than the newest applied to the row is refused. */
  signedAt?: Date | undefined;
}

export type ConversionOutcome = 'created' | 'updated' | 'unchanged';

/**
 * A report that cannot apply to the stored conversion: its currency differs from the one stored (amounts in two
 * currencies cannot be added up as one figure), or it is a signed postback older than one already applied. Postbacks
 * answer it 409; a report row shows it as the row's error.
 */
export class ConversionConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionConflict';
  }
}

export interface RecordedConversion {
  outcome: ConversionOutcome;
  conversionId: number;
  productId: number | null;
  /** What this report added to the product's figures (0 and 0 when unattributed or unchanged). */
  conversionCountDelta: number;
  revenueCentsDelta: number;
}

function figuresOf(row: Pick<ConversionRow, 'status' | 'saleCents' | 'commissionCents'>): ConversionFigures {
  return { status: row.status, amountCents: row.saleCents, commissionCents: row.commissionCents };
}

/** What a row in this state adds to its product: pending and approved count, reversed does not. */
function contribution(figures: ConversionFigures): { count: number; revenue: number } {
  return figures.status === 'reversed' ? { count: 0, revenue: 0 } : { count: 1, revenue: figures.commissionCents };
}

async function attribution(tx: Tx, report: ConversionReport): Promise<{ productId: number | null; pagePath: string | null }> {
  if (report.clickId !== null) {
    const click = await tx.select({ productId: clicks.productId, pagePath: clicks.pagePath }).from(clicks).where(eq(clicks.clickId, report.clickId)).get();
    if (click?.productId != null) return { productId: click.productId, pagePath: click.pagePath };
  }
  if (report.productId != null) {
    const product = await tx.select({ id: products.id }).from(products).where(eq(products.id, report.productId)).get();
    if (product) return { productId: product.id, pagePath: null };
  }
  return { productId: null, pagePath: null };
}

async function creditProduct(tx: Tx, productId: number, count: number, revenueCents: number, at: Date): Promise<void> {
  if (count === 0 && revenueCents === 0) return;
  await tx
    .update(products)
    .set({
      conversionCount: sql`${products.conversionCount} + ${count}`,
      revenueCents: sql`${products.revenueCents} + ${revenueCents}`,
      // Revenue is not a content change: keeping updated_at keeps the site from rebuilding.
      updatedAt: sql`${products.updatedAt}`,
    })
    .where(eq(products.id, productId));
  await tx.insert(productAnalytics).values({ productId, eventType: 'conversion', revenueCents, createdAt: at });
}

export async function recordConversion(database: Database, report: ConversionReport, now = new Date()): Promise<RecordedConversion> {
  return database.run((db) =>
    db.transaction(
      async (tx) => {
        const stored = await tx
          .select()
          .from(conversions)
          .where(and(eq(conversions.network, report.network), eq(conversions.transactionId, report.transactionId)))
          .get();
        if (stored && stored.currency !== report.currency) {
          throw new ConversionConflict(`The transaction ${report.transactionId} was reported in ${stored.currency}; a report in ${report.currency} cannot change it.`);
        }
        if (stored && report.signedAt && !isNewerOrSame(report.signedAt, stored.signedAt)) {
          throw new ConversionConflict(`The transaction ${report.transactionId} has a newer signed postback than this one; an older one cannot change it.`);
        }
        // The newest signed time seen for the row; a report row or unsigned postback leaves it as it is.
        const signedAt = report.signedAt && isNewerOrSame(report.signedAt, stored?.signedAt ?? null) ? report.signedAt : (stored?.signedAt ?? null);
        // A report without a sale amount (a status change, a lead) keeps the amount already stored.
        const incoming: ConversionFigures = { status: report.status, amountCents: report.saleCents ?? stored?.saleCents ?? 0, commissionCents: report.commissionCents };
        const delta = conversionTransition(stored ? figuresOf(stored) : null, incoming);
        // An unattributed row may become attributable later (its click arrived late, or a report names the product).
        const resolved = stored?.productId != null ? { productId: stored.productId, pagePath: stored.pagePath } : await attribution(tx, report);
        const newlyAttributed = stored !== undefined && stored.productId === null && resolved.productId !== null;

        if (delta.write === 'none' && !newlyAttributed) {
          if (signedAt?.getTime() !== stored!.signedAt?.getTime()) await tx.update(conversions).set({ signedAt }).where(eq(conversions.id, stored!.id));
          return { outcome: 'unchanged', conversionId: stored!.id, productId: stored!.productId, conversionCountDelta: 0, revenueCentsDelta: 0 };
        }
        const next = delta.next!;
        let conversionId: number;
        if (!stored) {
          const [row] = await tx
            .insert(conversions)
            .values({
              network: report.network,
              transactionId: report.transactionId,
              clickId: report.clickId,
              productId: resolved.productId,
              pagePath: resolved.pagePath,
              status: next.status,
              saleCents: next.amountCents,
              commissionCents: next.commissionCents,
              currency: report.currency,
              source: report.source,
              occurredAt: report.occurredAt ?? now,
              signedAt,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: conversions.id });
          conversionId = row!.id;
        } else {
          await tx
            .update(conversions)
            .set({
              status: next.status,
              saleCents: next.amountCents,
              commissionCents: next.commissionCents,
              productId: resolved.productId,
              pagePath: resolved.pagePath,
              clickId: stored.clickId ?? report.clickId,
              source: delta.write === 'none' ? stored.source : report.source,
              signedAt,
              updatedAt: now,
            })
            .where(eq(conversions.id, stored.id));
          conversionId = stored.id;
        }

        // A row attributed only now was never credited: its product receives the whole contribution of its new state.
        const credit = newlyAttributed ? contribution(next) : { count: delta.conversionCount, revenue: delta.revenueCents };
        if (resolved.productId !== null) await creditProduct(tx, resolved.productId, credit.count, credit.revenue, now);
        const credited = resolved.productId !== null;
        return {
          outcome: stored ? 'updated' : 'created',
          conversionId,
          productId: resolved.productId,
          conversionCountDelta: credited ? credit.count : 0,
          revenueCentsDelta: credited ? credit.revenue : 0,
        } satisfies RecordedConversion;
      },
      { behavior: 'immediate' },
    ),
  );
}

export type AssignOutcome = { ok: true; conversion: RecordedConversion } | { ok: false; reason: 'not-found' | 'already-attributed' | 'no-product' };

/**
 * Reconciles an unattributed conversion (issue 14, point 5): gives it a product, which receives the conversion's whole
 * contribution in the same transaction. A conversion already attributed is refused, so two admins assigning at once
 * cannot credit twice.
 */
export async function assignConversionProduct(database: Database, conversionId: number, productId: number, now = new Date()): Promise<AssignOutcome> {
  return database.run((db) =>
    db.transaction(
      async (tx): Promise<AssignOutcome> => {
        const product = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).get();
        if (!product) return { ok: false, reason: 'no-product' };
        const stored = await tx.select().from(conversions).where(eq(conversions.id, conversionId)).get();
        if (!stored) return { ok: false, reason: 'not-found' };
        if (stored.productId !== null) return { ok: false, reason: 'already-attributed' };
        await tx.update(conversions).set({ productId, updatedAt: now }).where(eq(conversions.id, conversionId));
        const credit = contribution(figuresOf(stored));
        await creditProduct(tx, productId, credit.count, credit.revenue, now);
        return {
          ok: true,
          conversion: { outcome: 'updated', conversionId, productId, conversionCountDelta: credit.count, revenueCentsDelta: credit.revenue },
        };
      },
      { behavior: 'immediate' },
    ),
  );
}
