/**
 * Sliding-window rate limits per client (ARCHITECTURE section 7): at most `max` requests a client makes to one rule
 * in any span of `windowMs`, counted in the database by src/server/rate-limit.ts.
 *
 * A fixed window let a client spend `max` at the end of one window and `max` again at the start of the next: twice
 * the limit within moments. The sliding window counter (as Cloudflare's and nginx's limiters use it) keeps two counts
 * per client, this fixed window's and the previous one's, and weighs the previous one by how much of it still lies
 * inside the sliding window that ends now: estimate = previous × (time left in this window / windowMs) + current.
 * That needs no log of timestamps, so one UPSERT … RETURNING still counts a hit atomically, and a burst across a
 * boundary finds the previous window's hits nearly whole. Refused requests are counted too, as before: a client
 * that keeps flooding stays refused.
 */
export interface RateLimitRule {
  /** Names the counter; part of the stored key. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * The limits, chosen well above what one person (or one household behind one address) does by hand:
 * 717 sign-ups from one address in 5 s, 1,325 password checks in 12 s and 9,312 tracked clicks in 10 s
 * were each a script.
 */
export const rateLimits = {
  signUp: { name: 'sign-up', max: 20, windowMs: 60 * 60_000 },
  signIn: { name: 'sign-in', max: 20, windowMs: 60_000 },
  track: { name: 'track', max: 60, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitRule>;

/** The start of the fixed window `now` falls in. */
export function windowStartOf(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** A client's stored counts: the fixed window they belong to, its hits and the hits of the window before it. */
export interface WindowCounts {
  windowStart: number;
  hits: number;
  previousHits: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until a request would be allowed again (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * The counts after `added` more hits at `now`: the stored counts roll forward when `now` is in a later window (the
 * stored window becomes the previous one when it is the window just before, and is forgotten when older).
 * src/server/rate-limit.ts does the same in SQL; this is its specification, and what the unit tests run.
 */
export function countHits(stored: WindowCounts | undefined, added: number, rule: RateLimitRule, now: number): WindowCounts {
  const windowStart = windowStartOf(now, rule.windowMs);
  // A stored window at or after this one (another process's clock may run ahead) keeps counting.
  if (stored && stored.windowStart >= windowStart) return { ...stored, hits: stored.hits + added };
  if (stored && stored.windowStart === windowStart - rule.windowMs) return { windowStart, hits: added, previousHits: stored.hits };
  return { windowStart, hits: added, previousHits: 0 };
}

/**
 * Whether the request that made the current window's count `hits` is allowed, given the previous window's
 * `previousHits`: previous × (time left in this window / windowMs) + hits ≤ max, in integers (no rounding).
 */
export function rateLimitDecision(hits: number, counts: Pick<WindowCounts, 'windowStart' | 'previousHits'>, rule: RateLimitRule, now: number): RateLimitDecision {
  const windowEnd = counts.windowStart + rule.windowMs;
  const left = Math.min(rule.windowMs, Math.max(0, windowEnd - now));
  if (counts.previousHits * left + hits * rule.windowMs <= rule.max * rule.windowMs) return { allowed: true, retryAfterSeconds: 0 };
  // When the estimate falls back to the limit: within this window as the previous one's weight fades, or, when this
  // window alone is over the limit, in the next one as this window's weight fades.
  const freeAt =
    hits <= rule.max
      ? windowEnd - ((rule.max - hits) * rule.windowMs) / counts.previousHits
      : windowEnd + rule.windowMs - (rule.max * rule.windowMs) / hits;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
}

/** The text of a 429 (the toast's description): how long to wait, in words. */
export function waitMessage(seconds: number): string {
  return seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
}
