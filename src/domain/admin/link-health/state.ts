/**
 * A link's current state after each check (issue 13, point 1): the flag rule, the backoff of 'could not check'
 * answers and admin acknowledgements. Pure: the checker stores what this returns.
 *
 * - A problem is flagged only after two checks in a row of the same class; the first one is confirmed an hour later.
 * - blocked is never flagged: it is retried with exponential backoff (or the retailer's Retry-After, if longer).
 * - error (DNS, TLS, timeout) backs off the same way but is flagged after two in a row: a host that stays down is.
 * - An acknowledgement silences exactly the class and final URL it was given for; a different result drops it.
 */
import type { LinkHealthClass } from './classes.ts';

export interface LinkHealthState {
  lastClass: LinkHealthClass;
  lastFinalUrl: string | null;
  /** Checks in a row that ended in lastClass. */
  consecutive: number;
  flagged: boolean;
  acknowledgedClass: LinkHealthClass | null;
  acknowledgedFinalUrl: string | null;
  nextCheckAt: Date;
  /** Steps of backoff taken for blocked or error answers in a row; 0 otherwise. */
  backoffLevel: number;
}

export interface CheckOutcome {
  class: LinkHealthClass;
  finalUrl: string | null;
  retryAfterMs?: number;
}

const HOUR = 3_600_000;

export const healthPolicy = {
  /** A healthy link is looked at once a day. */
  okIntervalMs: 24 * HOUR,
  /** A first failure is checked again soon, so a flag needs two answers hours apart, not one bad minute. */
  confirmAfterMs: HOUR,
  /** A confirmed problem is checked daily, so a fixed link clears on its own. */
  problemIntervalMs: 24 * HOUR,
  /** blocked and error: 1 h, 2 h, 4 h … up to a week. */
  backoffBaseMs: HOUR,
  backoffMaxMs: 7 * 24 * HOUR,
  /** Flags need this many checks in a row of one class. */
  flagAfter: 2,
};
export type HealthPolicy = typeof healthPolicy;

export function backoffDelayMs(level: number, policy: HealthPolicy = healthPolicy): number {
  return Math.min(policy.backoffBaseMs * 2 ** Math.max(0, level - 1), policy.backoffMaxMs);
}

export function nextHealthState(previous: LinkHealthState | undefined, check: CheckOutcome, now: Date, policy: HealthPolicy = healthPolicy): LinkHealthState {
  const consecutive = previous && previous.lastClass === check.class ? previous.consecutive + 1 : 1;
  const acknowledged = previous?.acknowledgedClass === check.class && previous.acknowledgedFinalUrl === check.finalUrl;
  const couldNotCheck = check.class === 'blocked' || check.class === 'error';
  const backoffLevel = couldNotCheck ? (previous && previous.lastClass === check.class ? previous.backoffLevel + 1 : 1) : 0;

  let delay: number;
  if (check.class === 'ok') delay = policy.okIntervalMs;
  else if (couldNotCheck) delay = Math.max(backoffDelayMs(backoffLevel, policy), Math.min(check.retryAfterMs ?? 0, policy.backoffMaxMs));
  else delay = consecutive < policy.flagAfter ? policy.confirmAfterMs : policy.problemIntervalMs;

  return {
    lastClass: check.class,
    lastFinalUrl: check.finalUrl,
    consecutive,
    flagged: check.class !== 'ok' && check.class !== 'blocked' && consecutive >= policy.flagAfter,
    acknowledgedClass: acknowledged ? check.class : null,
    acknowledgedFinalUrl: acknowledged ? check.finalUrl : null,
    nextCheckAt: new Date(now.getTime() + delay),
    backoffLevel,
  };
}

/** Shown as a problem: flagged and not acknowledged. */
export function isReported(state: Pick<LinkHealthState, 'flagged' | 'lastClass' | 'lastFinalUrl' | 'acknowledgedClass' | 'acknowledgedFinalUrl'>): boolean {
  return state.flagged && !isAcknowledged(state);
}

export function isAcknowledged(state: Pick<LinkHealthState, 'lastClass' | 'lastFinalUrl' | 'acknowledgedClass' | 'acknowledgedFinalUrl'>): boolean {
  return state.acknowledgedClass === state.lastClass && state.acknowledgedFinalUrl === state.lastFinalUrl;
}

/** True when the check just made the product's out-of-stock flag (the moment auto out of stock acts, once). */
export function becameFlaggedOutOfStock(previous: LinkHealthState | undefined, next: LinkHealthState): boolean {
  return next.flagged && next.lastClass === 'out-of-stock' && !(previous?.flagged && previous.lastClass === 'out-of-stock');
}
