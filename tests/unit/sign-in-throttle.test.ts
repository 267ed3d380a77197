import { describe, expect, it } from 'vitest';
import { accountThrottleKey, deviceThrottleKey, FREE_FAILURES, lockDuration, lockSteps, MAX_LOCK_MS, retryAfterSeconds } from '../../src/domain/sign-in-throttle.ts';

describe('sign-in throttling', () => {
  it('allows a few tries before locking; the try that uses up the free ones starts the lock', () => {
    expect(lockDuration(FREE_FAILURES - 1)).toBe(0);
    expect(lockDuration(FREE_FAILURES)).toBe(30_000);
  });
  it('doubles the lock with each further try, up to the cap', () => {
    expect(lockDuration(FREE_FAILURES + 1)).toBe(60_000);
    expect(lockDuration(FREE_FAILURES + 2)).toBe(120_000);
    expect(lockDuration(FREE_FAILURES + 30)).toBe(MAX_LOCK_MS);
  });
  it('lists every distinct lock up to the cap for the SQL that counts a try', () => {
    const steps = lockSteps();
    expect(steps[0]).toEqual([FREE_FAILURES, 30_000]);
    expect(steps.at(-1)).toEqual([FREE_FAILURES + steps.length - 1, MAX_LOCK_MS]);
    for (const [attempts, lockMs] of steps) expect(lockDuration(attempts)).toBe(lockMs);
    expect(lockDuration(steps.at(-1)![0] + 1)).toBe(MAX_LOCK_MS);
  });
  it('keeps an account’s unknown clients and each known device apart', () => {
    expect(accountThrottleKey('sam@example.com')).toBe('account:sam@example.com');
    expect(deviceThrottleKey('n0nce')).toBe('device:n0nce');
  });
  it('rounds the wait up to whole seconds', () => {
    const now = new Date('2026-01-01T12:00:00.000Z');
    expect(retryAfterSeconds(new Date('2026-01-01T12:00:01.200Z'), now)).toBe(2);
    expect(retryAfterSeconds(new Date('2026-01-01T11:59:00Z'), now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBe(0);
  });
});
