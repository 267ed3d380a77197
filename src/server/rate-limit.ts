/**
 * The database side of src/domain/rate-limit.ts's sliding window: one row per rule and client with this window's and
 * the previous window's hits, rolled forward and raised by a single UPSERT … RETURNING (countHits in SQL), so parallel
 * requests (from any process) each see their own number and no burst gets past `max`. A row is kept until the window
 * after its own has ended (it is that window's previous count); older rows are purged in the same batch.
 */
import { lte, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { rateLimitDecision, windowStartOf, type RateLimitDecision, type RateLimitRule } from '../domain/rate-limit.ts';
import { clientKey } from './secrets.ts';
import { jsonError } from './http.ts';

type Writer = Pick<Db, 'insert'> | Pick<Tx, 'insert'>;

/**
 * Adds `hits` to each key's counter of `rule` in one UPSERT … RETURNING (the hits of a whole batch of beacons, or one
 * request's 1), and answers each key's count after it.
 */
export function countRateLimitHits(db: Writer, rule: RateLimitRule, hits: readonly { key: string; hits: number }[], now: number) {
  const windowStart = windowStartOf(now, rule.windowMs);
  const previousStart = windowStart - rule.windowMs;
  // In an UPSERT's SET every column names the stored value, so each line reads the row as it was (countHits' cases).
  const sameOrLater = sql`${rateLimits.windowStart} >= excluded.window_start`;
  const justBefore = sql`${rateLimits.windowStart} = ${previousStart}`;
  return db
    .insert(rateLimits)
    .values(
      hits.map(({ key, hits: count }) => ({ key, windowStart: new Date(windowStart), hits: count, previousHits: 0, expiresAt: new Date(windowStart + 2 * rule.windowMs) })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${sameOrLater} THEN ${rateLimits.hits} + excluded.hits ELSE excluded.hits END`,
        previousHits: sql`CASE WHEN ${sameOrLater} THEN ${rateLimits.previousHits} WHEN ${justBefore} THEN ${rateLimits.hits} ELSE 0 END`,
        windowStart: sql`max(${rateLimits.windowStart}, excluded.window_start)`,
        expiresAt: sql`max(${rateLimits.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, previousHits: rateLimits.previousHits, windowStart: rateLimits.windowStart });
}

/** Counts one request of `clientAddress` against `rule`; says whether it may go on. */
export async function hitRateLimit(database: Database, rule: RateLimitRule, clientAddress: string, now = Date.now()): Promise<RateLimitDecision> {
  const key = `${rule.name}:${await clientKey(database, clientAddress)}`;
  const [counted] = await database.run((db) =>
    db.batch([countRateLimitHits(db, rule, [{ key, hits: 1 }], now), db.delete(rateLimits).where(lte(rateLimits.expiresAt, new Date(now)))]),
  );
  const row = counted[0];
  if (!row) throw new Error(`rate limit ${key} not counted`);
  return rateLimitDecision(row.hits, { windowStart: row.windowStart.getTime(), previousHits: row.previousHits }, rule, now);
}

/** The 429 answer: the toast's title and description, and Retry-After in seconds. */
export function tooManyRequests(title: string, description: string, retryAfterSeconds: number): Response {
  return jsonError(429, title, description, { headers: { 'retry-after': String(retryAfterSeconds) } });
}
