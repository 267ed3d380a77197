/**
 * Sign-in tries counted in the database, so every process and function instance sees them. Counting a
 * try and checking the lock are one UPSERT … RETURNING (SQLite runs one writer at a time, so parallel
 * requests are numbered one by one): a try that finds the key locked is not counted and gets no
 * password check; the try that uses up the free ones sets the lock itself. Sign-in clears the key on
 * success. Expired rows, most of them for e-mails that have no account, are purged in the same batch.
 */
import { eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInAttempts } from '../../db/schema.ts';
import { FAILURE_WINDOW_MS, lockDuration, lockSteps, retryAfterSeconds } from '../domain/sign-in-throttle.ts';

export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The lock a counted try sets, as SQL over the try's number (`attempts`, an SQL expression). */
function lockUntilSql(attempts: SQL, now: number): SQL {
  const steps = lockSteps();
  const [firstAttempts] = steps[0]!;
  const cases = steps.map(([n, lockMs], index) =>
    index === steps.length - 1 ? sql`ELSE ${now + lockMs}` : sql`WHEN ${attempts} = ${n} THEN ${now + lockMs}`,
  );
  return sql`CASE WHEN ${attempts} < ${firstAttempts} THEN NULL ${sql.join(cases, sql` `)} END`;
}

/** Counts one try for `key`, unless the key is locked: then the seconds until it may try again. */
export async function reserveSignInAttempt(database: Database, key: string, now = new Date()): Promise<Reservation> {
  const at = now.getTime();
  const streakStart = at - FAILURE_WINDOW_MS;
  // The try's number: one more than the stored streak, or 1 when that streak went quiet.
  const attempts = sql`(CASE WHEN ${signInAttempts.lastAttemptAt} <= ${streakStart} THEN 1 ELSE ${signInAttempts.attempts} + 1 END)`;
  const firstLock = lockDuration(1);
  const [counted, state] = await database.run((db) =>
    db.batch([
      db
        .insert(signInAttempts)
        .values({ key, attempts: 1, lastAttemptAt: now, lockedUntil: firstLock ? new Date(at + firstLock) : null })
        .onConflictDoUpdate({
          target: signInAttempts.key,
          set: { attempts, lastAttemptAt: now, lockedUntil: lockUntilSql(attempts, at) },
          setWhere: sql`${signInAttempts.lockedUntil} IS NULL OR ${signInAttempts.lockedUntil} <= ${at}`,
        })
        .returning({ attempts: signInAttempts.attempts }),
      db.select({ lockedUntil: signInAttempts.lockedUntil }).from(signInAttempts).where(eq(signInAttempts.key, key)),
      db.delete(signInAttempts).where(lte(signInAttempts.lastAttemptAt, new Date(streakStart))),
    ]),
  );
  if (counted.length > 0) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, retryAfterSeconds(state[0]?.lockedUntil, now)) };
}

/** After a successful sign-in: the key's streak is over. */
export async function clearSignInAttempts(database: Database, key: string): Promise<void> {
  await database.run((db) => db.delete(signInAttempts).where(eq(signInAttempts.key, key)));
}
