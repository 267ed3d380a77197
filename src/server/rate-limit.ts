/**
 * The database side of src/domain/rate-limit.ts: one counter row per rule and client, raised by a
 * single UPSERT … RETURNING so parallel requests (from any process) each see their own number and
 * no burst gets past `max`. Rows of ended windows are purged in the same batch.
 */
import { lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { rateLimitDecision, windowStartOf, type RateLimitDecision, type RateLimitRule } from '../domain/rate-limit.ts';
import { clientKey } from './secrets.ts';
import { jsonError } from './http.ts';

/** Counts one request of `clientAddress` against `rule`; says whether it may go on. */
export async function hitRateLimit(database: Database, rule: RateLimitRule, clientAddress: string, now = Date.now()): Promise<RateLimitDecision> {
  const key = `${rule.name}:${await clientKey(database, clientAddress)}`;
  const windowStart = windowStartOf(now, rule.windowMs);
  const [counted] = await database.run((db) =>
    db.batch([
      db
        .insert(rateLimits)
        .values({ key, windowStart: new Date(windowStart), hits: 1, expiresAt: new Date(windowStart + rule.windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            // A stored window at or after this one (another process's clock may run ahead) keeps counting.
            hits: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.hits} + 1 ELSE 1 END`,
            windowStart: sql`max(${rateLimits.windowStart}, excluded.window_start)`,
            expiresAt: sql`max(${rateLimits.expiresAt}, excluded.expires_at)`,
          },
        })
        .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart }),
      db.delete(rateLimits).where(lte(rateLimits.expiresAt, new Date(now))),
    ]),
  );
  const row = counted[0];
  if (!row) throw new Error(`rate limit ${key} not counted`);
  return rateLimitDecision(row.hits, row.windowStart.getTime(), rule, now);
}

/** The 429 answer: the toast's title and description, and Retry-After in seconds. */
export function tooManyRequests(title: string, description: string, retryAfterSeconds: number): Response {
  return jsonError(429, title, description, { headers: { 'retry-after': String(retryAfterSeconds) } });
}
