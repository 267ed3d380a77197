/**
 * Per-account throttling of failed sign-ins: a few free tries, then a lock that
 * doubles with each further failure. Failures older than the window are forgotten.
 */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_MS = 30_000;
export const MAX_LOCK_MS = 15 * 60_000;
export const FAILURE_WINDOW_MS = 60 * 60_000;

/** How long the account is locked after its `failures`-th consecutive failure. */
export function lockDuration(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS);
}

/** The failure count to continue from, forgetting a streak that went quiet. */
export function effectiveFailures(state: { failures: number; lastFailureAt: Date } | undefined, now: Date): number {
  if (!state) return 0;
  return now.getTime() - state.lastFailureAt.getTime() > FAILURE_WINDOW_MS ? 0 : state.failures;
}

export function retryAfterSeconds(lockedUntil: Date | null | undefined, now: Date): number {
  if (!lockedUntil) return 0;
  return Math.max(0, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}
