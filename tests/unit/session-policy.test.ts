import { describe, expect, it } from 'vitest';
import { initialExpiry, isSessionExpired, sessionPolicies, slidingExpiry } from '../../src/domain/session-policy.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('session lifetime', () => {
  it('gives admins a shorter idle window and absolute limit than users', () => {
    expect(sessionPolicies.admin.idleMs).toBeLessThan(sessionPolicies.user.idleMs);
    expect(sessionPolicies.admin.absoluteMs).toBeLessThan(sessionPolicies.user.absoluteMs);
    expect(initialExpiry('user', start)).toEqual(at(30 * DAY));
    expect(initialExpiry('admin', start)).toEqual(at(12 * HOUR));
  });

  it('expires a session at its sliding expiry', () => {
    const session = { createdAt: start, expiresAt: at(30 * DAY) };
    expect(isSessionExpired(session, 'user', at(30 * DAY - 1))).toBe(false);
    expect(isSessionExpired(session, 'user', at(30 * DAY))).toBe(true);
  });

  it('expires a session at the absolute limit even when it was kept alive', () => {
    const session = { createdAt: start, expiresAt: at(91 * DAY) };
    expect(isSessionExpired(session, 'user', at(90 * DAY))).toBe(true);
  });

  it('extends only after half the idle window has passed, and never past the absolute limit', () => {
    const session = { createdAt: start, expiresAt: at(30 * DAY) };
    expect(slidingExpiry(session, 'user', at(10 * DAY))).toBeNull();
    expect(slidingExpiry(session, 'user', at(16 * DAY))).toEqual(at(46 * DAY));
    const old = { createdAt: start, expiresAt: at(89 * DAY) };
    expect(slidingExpiry(old, 'user', at(80 * DAY))).toEqual(at(90 * DAY));
  });
});
