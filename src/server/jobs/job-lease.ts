/**
 * A lease that lets one invocation of a job run at a time: a Scheduled Function that fires while the last run still
 * works, a Background Function that Netlify retries after an error, or two processes on one database. The lease is a
 * settings row (`lease.{job}`) taken by one conditional upsert, so two invocations racing for it cannot both win, and
 * it expires on its own, so a run that crashed holds it only until its time is up.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';

export interface JobLease {
  job: string;
  token: string;
  until: Date;
}

interface StoredLease {
  token: string;
  /** Epoch milliseconds. */
  until: number;
}

const leaseId = (job: string) => `lease.${job}`;

/** Takes the job's lease for `leaseMs` when nobody holds it (or the holder's time is up); undefined otherwise. */
export async function claimJobLease(database: Database, job: string, leaseMs: number, now = Date.now()): Promise<JobLease | undefined> {
  const lease: StoredLease = { token: randomUUID(), until: now + leaseMs };
  const taken = await database.run((db) =>
    db
      .insert(settings)
      .values({ id: leaseId(job), value: lease, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: settings.id,
        set: { value: lease, updatedAt: new Date(now) },
        setWhere: sql`coalesce(json_extract(${settings.value}, '$.until'), 0) <= ${now}`,
      })
      .returning({ id: settings.id })
      .get(),
  );
  return taken ? { job, token: lease.token, until: new Date(lease.until) } : undefined;
}

/** Gives the lease back, if it is still this holder's (a lease that expired and was taken since stays taken). */
export async function releaseJobLease(database: Database, lease: JobLease): Promise<void> {
  await database.run((db) =>
    db
      .delete(settings)
      .where(and(eq(settings.id, leaseId(lease.job)), sql`json_extract(${settings.value}, '$.token') = ${lease.token}`)),
  );
}
