/** Creating accounts and signing in: the rules around passwords, throttling and sessions. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type User } from '../../db/schema.ts';
import type { SignInInput, SignUpInput } from '../domain/auth.ts';
import { displayNameFor, normalizeEmail, roleOf, type AppUser, type Role } from '../domain/user.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession } from './session.ts';
import { accountThrottleKey, deviceThrottleKey } from '../domain/sign-in-throttle.ts';
import { deviceNonce, issueDeviceToken } from './device-cookie.ts';
import { clearSignInAttempts, reserveSignInAttempt } from './sign-in-throttle.ts';

/** A new session, and a new device token that marks the browser as one this account signed in from. */
interface SignedIn {
  ok: true;
  user: AppUser;
  token: string;
  expiresAt: Date;
  deviceToken: string;
}

export type SignInOutcome =
  | SignedIn
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export type SignUpOutcome = SignedIn | { ok: false; reason: 'email-taken' };

export function toAppUser(user: Pick<User, 'id' | 'email' | 'displayName' | 'role'>): AppUser {
  return { id: user.id, email: user.email, displayName: displayNameFor(user), role: roleOf(user.role) };
}

export async function findUserByEmail(database: Database, email: string): Promise<User | undefined> {
  return database.run((db) => db.select().from(users).where(eq(users.email, normalizeEmail(email))).get());
}

/** Inserts a user; undefined when the e-mail is already registered. */
export async function createUser(
  database: Database,
  input: { email: string; password: string; displayName?: string; role?: Role },
): Promise<User | undefined> {
  const passwordHash = await hashPassword(input.password);
  const rows = await database.run((db) =>
    db
      .insert(users)
      .values({
        id: crypto.randomUUID(),
        email: normalizeEmail(input.email),
        passwordHash,
        displayName: input.displayName?.trim() || null,
        role: input.role ?? 'user',
      })
      .onConflictDoNothing({ target: users.email })
      .returning(),
  );
  return rows[0];
}

export async function signUp(database: Database, input: SignUpInput): Promise<SignUpOutcome> {
  const user = await createUser(database, input);
  if (!user) return { ok: false, reason: 'email-taken' };
  const session = await createSession(database, user);
  return { ok: true, user: toAppUser(user), ...session, deviceToken: await issueDeviceToken(database, user.email) };
}

// Verifying against this when the e-mail is unknown makes both failures take the same time.
let decoyHash: Promise<string> | undefined;

export interface SignInOptions {
  /** The browser's device cookie, if any: valid for this e-mail, its tries are counted apart. */
  deviceToken?: string;
  now?: Date;
}

/**
 * A try is counted (or refused as throttled) before the password is checked, and cleared on success;
 * a failed try stays counted. See src/server/sign-in-throttle.ts.
 */
export async function signIn(database: Database, input: SignInInput, options: SignInOptions = {}): Promise<SignInOutcome> {
  const now = options.now ?? new Date();
  const email = normalizeEmail(input.email);
  const nonce = await deviceNonce(database, options.deviceToken, email);
  const throttleKey = nonce ? deviceThrottleKey(nonce) : accountThrottleKey(email);
  const reservation = await reserveSignInAttempt(database, throttleKey, now);
  if (!reservation.ok) return { ok: false, reason: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await findUserByEmail(database, email);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !valid) return { ok: false, reason: 'invalid' };
  await clearSignInAttempts(database, throttleKey);
  const session = await createSession(database, user, now);
  return { ok: true, user: toAppUser(user), ...session, deviceToken: await issueDeviceToken(database, email) };
}
