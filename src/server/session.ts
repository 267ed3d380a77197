/**
 * Sessions as Lucia's current guide teaches (lucia-auth.com, "Basic session API"):
 * the cookie holds `id.secret`, the database holds only SHA-256(secret), and the
 * secret is compared in constant time. Expiry rules live in src/domain/session-policy.ts.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { initialExpiry, isSessionExpired, slidingExpiry } from '../domain/session-policy.ts';
import { displayNameFor, roleOf, type AppUser } from '../domain/user.ts';
import { readCookie } from './http.ts';

export const SESSION_COOKIE = 'session';

export interface SessionValidation {
  sessionId: string;
  user: AppUser;
  expiresAt: Date;
  /** True when the expiry moved and the cookie should be sent again. */
  refreshed: boolean;
}

/** 120 bits of randomness, in an alphabet safe for cookies. */
function randomToken(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

export async function createSession(
  database: Database,
  user: { id: string; role: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const id = randomToken();
  const secret = randomToken();
  const expiresAt = initialExpiry(roleOf(user.role), now);
  await database.run((db) =>
    db.insert(sessions).values({ id, userId: user.id, secretHash: encodeHexLowerCase(hashSecret(secret)), createdAt: now, expiresAt }),
  );
  return { token: `${id}.${secret}`, expiresAt };
}

export async function validateSessionToken(database: Database, token: string, now = new Date()): Promise<SessionValidation | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined) return null;
  const row = await database.run((db) =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .get(),
  );
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), decodeHex(row.session.secretHash))) return null;
  const role = roleOf(row.user.role);
  if (isSessionExpired(row.session, role, now)) {
    await invalidateSession(database, id);
    return null;
  }
  const nextExpiry = slidingExpiry(row.session, role, now);
  if (nextExpiry) await database.run((db) => db.update(sessions).set({ expiresAt: nextExpiry }).where(eq(sessions.id, id)));
  return {
    sessionId: id,
    user: { id: row.user.id, email: row.user.email, displayName: displayNameFor(row.user), role },
    expiresAt: nextExpiry ?? row.session.expiresAt,
    refreshed: nextExpiry !== null,
  };
}

export async function invalidateSession(database: Database, sessionId: string): Promise<void> {
  await database.run((db) => db.delete(sessions).where(eq(sessions.id, sessionId)));
}

export async function invalidateUserSessions(database: Database, userId: string): Promise<void> {
  await database.run((db) => db.delete(sessions).where(eq(sessions.userId, userId)));
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure everywhere but plain-http localhost, where a Secure cookie would not be stored. */
export function secureFor(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  return !(url.protocol === 'http:' && loopbackHosts.has(url.hostname));
}

export function sessionCookie(token: string, expiresAt: Date, requestUrl: string): string {
  const attributes = [`${SESSION_COOKIE}=${token}`, 'HttpOnly', 'SameSite=Lax', 'Path=/', `Expires=${expiresAt.toUTCString()}`];
  if (secureFor(requestUrl)) attributes.push('Secure');
  return attributes.join('; ');
}

export function blankSessionCookie(requestUrl: string): string {
  const attributes = [`${SESSION_COOKIE}=`, 'HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=0'];
  if (secureFor(requestUrl)) attributes.push('Secure');
  return attributes.join('; ');
}

export function readSessionToken(request: Request): string | null {
  return readCookie(request, SESSION_COOKIE) || null;
}
