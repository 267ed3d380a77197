/**
 * How long a session lives. Sliding expiry keeps an active person signed in;
 * the absolute limit ends every session eventually. Admin sessions are shorter
 * on both counts because they can change the catalogue.
 */
import type { Role } from './user.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface SessionPolicy {
  /** A session unused for this long expires. */
  idleMs: number;
  /** No session outlives this, however active. */
  absoluteMs: number;
}

export const sessionPolicies: Record<Role, SessionPolicy> = {
  user: { idleMs: 30 * DAY, absoluteMs: 90 * DAY },
  admin: { idleMs: 12 * HOUR, absoluteMs: 7 * DAY },
};

export interface SessionTimes {
  createdAt: Date;
  expiresAt: Date;
}

/** The expiry a new session gets. */
export function initialExpiry(role: Role, now: Date): Date {
  const policy = sessionPolicies[role];
  return new Date(now.getTime() + Math.min(policy.idleMs, policy.absoluteMs));
}

export function isSessionExpired(session: SessionTimes, role: Role, now: Date): boolean {
  const absoluteEnd = session.createdAt.getTime() + sessionPolicies[role].absoluteMs;
  return now.getTime() >= session.expiresAt.getTime() || now.getTime() >= absoluteEnd;
}

/**
 * The new expiry when a session is used, or null when it need not be written yet
 * (extending only once half the idle window has passed saves a write per request).
 */
export function slidingExpiry(session: SessionTimes, role: Role, now: Date): Date | null {
  const policy = sessionPolicies[role];
  const remaining = session.expiresAt.getTime() - now.getTime();
  if (remaining > policy.idleMs / 2) return null;
  const absoluteEnd = session.createdAt.getTime() + policy.absoluteMs;
  const next = Math.min(now.getTime() + policy.idleMs, absoluteEnd);
  return next > session.expiresAt.getTime() ? new Date(next) : null;
}
