/**
 * Fixed-window rate limits per client (ARCHITECTURE section 7): at most `max` requests a client
 * makes to one rule in each window of `windowMs`, counted in the database by src/server/rate-limit.ts.
 * A fixed window lets a client spend up to twice `max` across a window boundary; that is the price of
 * a counter one UPSERT can keep atomic, and far below the floods it stops.
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

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (at least 1); 0 when allowed. */
  retryAfterSeconds: number;
}

/** Whether the `hits`-th request of the window starting at `windowStart` is allowed. */
export function rateLimitDecision(hits: number, windowStart: number, rule: RateLimitRule, now: number): RateLimitDecision {
  if (hits <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)) };
}

/** The text of a 429 (the toast's description): how long to wait, in words. */
export function waitMessage(seconds: number): string {
  return seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
}
