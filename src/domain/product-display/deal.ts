/**
 * "Deal ends in {n}h" (spec section 2: product cards): shown when 1 to 24 whole hours remain.
 *
 * Pages are static, so the hours cannot be fixed at build time: a page built in the morning
 * would still say "5h" at night. The build only ships the deal's end time; the browser
 * computes the hours when the card is shown (src/components/product-card/deal-countdown.ts).
 */
const HOUR_MS = 3_600_000;
export const DEAL_MIN_HOURS = 1;
export const DEAL_MAX_HOURS = 24;

/** Whole hours left (rounded down), or null outside the 1–24 window (ended, under an hour, or days away). */
export function dealHoursLeft(endsAt: number | null | undefined, now: number): number | null {
  if (typeof endsAt !== 'number' || !Number.isFinite(endsAt)) return null;
  const hours = Math.floor((endsAt - now) / HOUR_MS);
  return hours >= DEAL_MIN_HOURS && hours <= DEAL_MAX_HOURS ? hours : null;
}

export function dealLabel(hours: number): string {
  return `Deal ends in ${hours}h`;
}

/** Whether a deal can still show its countdown at some later moment (so a build need not ship ended deals). */
export function dealMayStillShow(endsAt: number | null | undefined, now: number): endsAt is number {
  return typeof endsAt === 'number' && Number.isFinite(endsAt) && endsAt - now >= DEAL_MIN_HOURS * HOUR_MS;
}
