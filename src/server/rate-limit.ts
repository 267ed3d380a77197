/**
 * The database side of src/domain/rate-limit.ts: one counter row per rule and client, raised by a
 * single UPSERT … RETURNING so parallel requests (from any process) each see their own number and
 * no burst gets past `max`. Rows of ended windows are purged in the same batch.
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
  return db
    .insert(rateLimits)
    .values(hits.map(({ key, hits: count }) => ({ key, windowStart: new Date(windowStart), hits: count, expiresAt: new Date(windowStart + rule.windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // A stored window at or after this one (another process's clock may run ahead) keeps counting.
        hits: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.hits} + excluded.hits ELSE excluded.hits END`,
        windowStart: sql`max(${rateLimits.windowStart}, excluded.window_start)`,
        expiresAt: sql`max(${rateLimits.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStart: rateLimits.windowStart });
}

/** Counts one request of `clientAddress` against `rule`; says whether it may go on. */
export async function hitRateLimit(database: Database, rule: RateLimitRule, clientAddress: string, now = Date.now()): Promise<RateLimitDecision> {
  const key = `${rule.name}:${await clientKey(database, clientAddress)}`;
  const [counted] = await database.run((db) =>
    db.batch([countRateLimitHits(db, rule, [{ key, hits: 1 }], now), db.delete(rateLimits).where(lte(rateLimits.expiresAt, new Date(now)))]),
  );
  const row = counted[0];
  if (!row) throw new Error(`rate limit ${key} not counted`);
  return rateLimitDecision(row.hits, row.windowStart.getTime(), rule, now);
}

/** The 429 answer: the toast's title and description, and Retry-After in seconds. */
export function tooManyRequests(title: string, description: string, retryAfterSeconds: number): Response {
  return jsonError(429, title, description, { headers: { 'retry-after': String(retryAfterSeconds) } });
}
