import { describe, expect, it } from 'vitest';
import { rateLimitDecision, rateLimits, waitMessage, windowStartOf } from '../../src/domain/rate-limit.ts';

const rule = { name: 'test', max: 3, windowMs: 60_000 };

describe('fixed-window rate limits', () => {
  it('puts every moment of a window in the same window', () => {
    expect(windowStartOf(120_000, 60_000)).toBe(120_000);
    expect(windowStartOf(179_999, 60_000)).toBe(120_000);
    expect(windowStartOf(180_000, 60_000)).toBe(180_000);
  });
  it('allows up to max requests in a window', () => {
    expect(rateLimitDecision(1, 0, rule, 10_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(rateLimitDecision(3, 0, rule, 10_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });
  it('refuses the next with the seconds left in the window, at least one', () => {
    expect(rateLimitDecision(4, 0, rule, 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(rateLimitDecision(4, 0, rule, 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
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
