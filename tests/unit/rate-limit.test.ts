import { describe, expect, it } from 'vitest';
import { countHits, rateLimitDecision, rateLimits, waitMessage, windowStartOf, type RateLimitRule, type WindowCounts } from '../../src/domain/rate-limit.ts';

const rule: RateLimitRule = { name: 'test', max: 10, windowMs: 60_000 };

/** Sends `count` requests one by one at `now`, counting each as the server does; answers how many were allowed. */
function send(state: { counts: WindowCounts | undefined }, count: number, now: number): number {
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    state.counts = countHits(state.counts, 1, rule, now);
    if (rateLimitDecision(state.counts.hits, state.counts, rule, now).allowed) allowed++;
  }
  return allowed;
}

describe('sliding-window rate limits', () => {
  it('puts every moment of a window in the same fixed window', () => {
    expect(windowStartOf(120_000, 60_000)).toBe(120_000);
    expect(windowStartOf(179_999, 60_000)).toBe(120_000);
    expect(windowStartOf(180_000, 60_000)).toBe(180_000);
  });

  it('allows up to max requests in a window', () => {
    const state = { counts: undefined as WindowCounts | undefined };
    expect(send(state, 15, 10_000)).toBe(10);
  });

  it('refuses a burst of twice the limit across a window boundary (a fixed window let all 20 through)', () => {
    const state = { counts: undefined as WindowCounts | undefined };
    // max in the last second of one window, then max in the first second of the next.
    expect(send(state, rule.max, 119_500)).toBe(rule.max);
    expect(send(state, rule.max, 120_500)).toBe(0);
    // Across any 60 s span the client got the limit, not twice it.
    expect(state.counts).toEqual({ windowStart: 120_000, hits: rule.max, previousHits: rule.max });
  });

  it('lets the allowance come back as the previous window slides out', () => {
    const state = { counts: undefined as WindowCounts | undefined };
    expect(send(state, rule.max, 60_000)).toBe(rule.max);
    // Halfway through the next window half of the previous one still counts: 5 more fit.
    expect(send(state, 8, 150_000)).toBe(5);
    // Two windows on, the old hits are forgotten.
    expect(send(state, 12, 300_000)).toBe(rule.max);
  });

  it('rolls the counts: the window just before becomes the previous one, an older one is forgotten', () => {
    expect(countHits(undefined, 3, rule, 70_000)).toEqual({ windowStart: 60_000, hits: 3, previousHits: 0 });
    expect(countHits({ windowStart: 60_000, hits: 3, previousHits: 1 }, 2, rule, 90_000)).toEqual({ windowStart: 60_000, hits: 5, previousHits: 1 });
    expect(countHits({ windowStart: 60_000, hits: 3, previousHits: 1 }, 2, rule, 130_000)).toEqual({ windowStart: 120_000, hits: 2, previousHits: 3 });
    expect(countHits({ windowStart: 60_000, hits: 3, previousHits: 1 }, 2, rule, 190_000)).toEqual({ windowStart: 180_000, hits: 2, previousHits: 0 });
    // A stored window ahead of this process's clock keeps counting.
    expect(countHits({ windowStart: 120_000, hits: 3, previousHits: 1 }, 1, rule, 119_000)).toEqual({ windowStart: 120_000, hits: 4, previousHits: 1 });
  });

  it('says when a request would be allowed again, at least one second', () => {
    // Previous window full, 2 s into this one: the 1st hit fits once the previous window weighs 9/10 or less, 6 s in.
    expect(rateLimitDecision(1, { windowStart: 60_000, previousHits: 10 }, rule, 62_000)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    expect(rateLimitDecision(1, { windowStart: 60_000, previousHits: 10 }, rule, 66_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(rateLimitDecision(1, { windowStart: 60_000, previousHits: 10 }, rule, 65_900)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // This window alone over the limit (refused hits count): free once its weight in the next window falls to 10/12.
    expect(rateLimitDecision(12, { windowStart: 60_000, previousHits: 0 }, rule, 70_000)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(rateLimitDecision(10, { windowStart: 60_000, previousHits: 0 }, rule, 70_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it('sets limits no person reaches by hand', () => {
    expect(rateLimits.signUp.max).toBeGreaterThanOrEqual(5);
    expect(rateLimits.signIn.max).toBeGreaterThan(5);
    expect(rateLimits.track.max).toBeGreaterThanOrEqual(30);
  });

  it('says how long to wait in words', () => {
    expect(waitMessage(1)).toBe('1 second');
    expect(waitMessage(42)).toBe('42 seconds');
    expect(waitMessage(60)).toBe('1 minute');
    expect(waitMessage(61)).toBe('2 minutes');
  });
});
