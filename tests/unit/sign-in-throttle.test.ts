import { describe, expect, it } from 'vitest';
import { effectiveFailures, FREE_FAILURES, lockDuration, MAX_LOCK_MS, retryAfterSeconds } from '../../src/domain/sign-in-throttle.ts';

describe('sign-in throttling', () => {
  it('allows a few failures before locking', () => {
    expect(lockDuration(FREE_FAILURES - 1)).toBe(0);
    expect(lockDuration(FREE_FAILURES)).toBe(30_000);
  });
  it('doubles the lock with each further failure, up to the cap', () => {
    expect(lockDuration(FREE_FAILURES + 1)).toBe(60_000);
    expect(lockDuration(FREE_FAILURES + 2)).toBe(120_000);
    expect(lockDuration(FREE_FAILURES + 30)).toBe(MAX_LOCK_MS);
  });
  it('forgets a streak of failures after an hour of quiet', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(effectiveFailures({ failures: 7, lastFailureAt: new Date('2026-01-01T11:30:00Z') }, now)).toBe(7);
    expect(effectiveFailures({ failures: 7, lastFailureAt: new Date('2026-01-01T10:59:00Z') }, now)).toBe(0);
    expect(effectiveFailures(undefined, now)).toBe(0);
  });
  it('rounds the wait up to whole seconds', () => {
    const now = new Date('2026-01-01T12:00:00.000Z');
    expect(retryAfterSeconds(new Date('2026-01-01T12:00:01.200Z'), now)).toBe(2);
    expect(retryAfterSeconds(new Date('2026-01-01T11:59:00Z'), now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBe(0);
  });
});
