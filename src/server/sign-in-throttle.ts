/** Failed sign-ins counted in the database, so every process and function instance sees them. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInAttempts } from '../../db/schema.ts';
import { effectiveFailures, lockDuration, retryAfterSeconds } from '../domain/sign-in-throttle.ts';

/** Seconds until the account may try again; 0 when it may try now. */
export async function signInRetryAfter(database: Database, email: string, now = new Date()): Promise<number> {
  const row = await database.run((db) => db.select().from(signInAttempts).where(eq(signInAttempts.email, email)).get());
  return retryAfterSeconds(row?.lockedUntil, now);
}

// @libsql/client opens transactions in 'write' mode (BEGIN IMMEDIATE), so the read and the
// write below cannot interleave with another process's.
export async function recordSignInFailure(database: Database, email: string, now = new Date()): Promise<void> {
  await database.run((db) =>
    db.transaction(async (tx) => {
      const row = await tx.select().from(signInAttempts).where(eq(signInAttempts.email, email)).get();
      const failures = effectiveFailures(row, now) + 1;
      const lockMs = lockDuration(failures);
      const values = { failures, lastFailureAt: now, lockedUntil: lockMs ? new Date(now.getTime() + lockMs) : null };
      await tx
        .insert(signInAttempts)
        .values({ email, ...values })
        .onConflictDoUpdate({ target: signInAttempts.email, set: values });
    }),
  );
}

export async function clearSignInFailures(database: Database, email: string): Promise<void> {
  await database.run((db) => db.delete(signInAttempts).where(eq(signInAttempts.email, email)));
}
