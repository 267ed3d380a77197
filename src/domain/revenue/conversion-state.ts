/**
 * One conversion's state on (network, transaction id), and what a new report of it changes (issue 14, point 3).
 *
 * A conversion contributes to its product's figures while it is pending or approved: one to conversion_count and
 * its commission to revenue_generated. A reversed conversion contributes nothing. A report's delta is therefore
 * (what the new state contributes) − (what the stored state contributed), so:
 * - a first pending or approved report adds 1 and its commission; a first reversed report adds nothing but is stored,
 *   so a late pending report of it cannot add it again;
 * - the same report again changes nothing (a network retrying, a CSV imported twice);
 * - approved → reversed (or pending → reversed) subtracts the count and the commission it had added;
 * - pending → approved with a new commission adds the difference; reversed → approved adds it back;
 * - a pending report after approved or reversed is ignored: networks retry and reorder deliveries, and a conversion
 *   only moves forward from pending. (Impact retries a postback up to 15 times.)
 * The caller applies the delta in the same transaction that writes the row, as `SET n = n + delta`, never
 * read-then-write; the row's unique key on (network, transaction_id) decides which of two racing inserts wins, and the
 * loser recomputes against the stored row.
 */
import type { ConversionStatus } from './postback.ts';

export interface ConversionFigures {
  status: ConversionStatus;
  amountCents: number;
  commissionCents: number;
}

export interface ConversionDelta {
  /** insert: no stored row; update: the row changes; none: nothing to write. */
  write: 'insert' | 'update' | 'none';
  /** The row's figures after this report (the stored ones when nothing changes). */
  next: ConversionFigures | null;
  conversionCount: number;
  revenueCents: number;
}

function contribution(figures: ConversionFigures | null): { count: number; revenue: number } {
  if (!figures || figures.status === 'reversed') return { count: 0, revenue: 0 };
  return { count: 1, revenue: figures.commissionCents };
}

function same(a: ConversionFigures, b: ConversionFigures): boolean {
  return a.status === b.status && a.amountCents === b.amountCents && a.commissionCents === b.commissionCents;
}

export function conversionTransition(stored: ConversionFigures | null, report: ConversionFigures): ConversionDelta {
  if (stored && (same(stored, report) || (report.status === 'pending' && stored.status !== 'pending'))) {
    return { write: 'none', next: stored, conversionCount: 0, revenueCents: 0 };
  }
  // A reversal keeps the amounts it reverses when the network sends none or negative ones (a correction), so the row
  // still shows what was lost.
  const next: ConversionFigures =
    report.status === 'reversed' && stored && report.commissionCents <= 0
      ? { status: 'reversed', amountCents: stored.amountCents, commissionCents: stored.commissionCents }
      : { ...report };
  if (stored && same(stored, next)) return { write: 'none', next: stored, conversionCount: 0, revenueCents: 0 };
  const before = contribution(stored);
  const after = contribution(next);
  return {
    write: stored ? 'update' : 'insert',
    next,
    conversionCount: after.count - before.count,
    revenueCents: after.revenue - before.revenue,
  };
}
