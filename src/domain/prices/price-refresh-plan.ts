/**
 * The pure rules of the scheduled Amazon price refresh (src/server/jobs/price-refresh.ts): how its products are cut
 * into GetItems requests, and when unchanged prices must still be republished.
 */
import { GET_ITEMS_MAX_IDS } from '../amazon-item.ts';

export interface RefreshCandidate {
  id: number;
  asin: string;
  marketplace: string;
}

/**
 * Batches of at most ten ASINs of one marketplace (GetItems asks one store a request), in the order of their oldest
 * product, so the oldest checks are still asked first.
 */
export function refreshBatches<C extends RefreshCandidate>(list: readonly C[]): C[][] {
  const open = new Map<string, C[]>();
  const batches: C[][] = [];
  for (const candidate of list) {
    let batch = open.get(candidate.marketplace);
    if (!batch) {
      batch = [];
      open.set(candidate.marketplace, batch);
      batches.push(batch);
    }
    batch.push(candidate);
    if (batch.length === GET_ITEMS_MAX_IDS) open.delete(candidate.marketplace);
  }
  return batches;
}

/**
 * Published stamps get old even when no price changes: a page shows 'Price as of' the stamp of its build.
 * Republishing at least every half stale limit keeps a published stamp younger than the limit (half the limit, plus
 * the age the stamp had at its build: under two hours at 10,000 products).
 */
export function republishDue(lastRepublishedAt: Date | null, staleAfterHours: number, now: number): boolean {
  return lastRepublishedAt === null || now - lastRepublishedAt.getTime() >= (staleAfterHours * 3_600_000) / 2;
}
