/**
 * The sliding window in the database (src/server/rate-limit.ts) against a real libSQL file: parallel requests at the
 * end of one window and the start of the next get the limit through once, not twice, and every request is counted
 * exactly once however many arrive together.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits as rateLimitRows } from '../../db/schema.ts';
import type { RateLimitRule } from '../../src/domain/rate-limit.ts';
import { hitRateLimit } from '../../src/server/rate-limit.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
beforeAll(async () => {
  temp = await createTempDatabase();
  process.env.DATABASE_URL = temp.url;
});
afterAll(() => temp.cleanup());

const rule: RateLimitRule = { name: 'window-test', max: 20, windowMs: 60_000 };
const windowEnd = Math.ceil(Date.now() / rule.windowMs) * rule.windowMs;

async function burst(address: string, count: number, now: number): Promise<number> {
  const decisions = await Promise.all(Array.from({ length: count }, () => hitRateLimit(temp.database, rule, address, now)));
  return decisions.filter((decision) => decision.allowed).length;
}

describe('the sliding window under parallel requests', () => {
  it('lets 20 of 40 through across a window boundary, 20 at once on each side (a fixed window let all 40 through)', async () => {
    const before = await burst('198.51.100.7', rule.max, windowEnd - 500);
    const after = await burst('198.51.100.7', rule.max, windowEnd + 500);
    expect(before + after).toBe(rule.max);
    expect(after).toBe(0);
    const rows = await temp.database.run((db) => db.select().from(rateLimitRows).all());
    expect(rows.map((row) => ({ hits: row.hits, previousHits: row.previousHits }))).toEqual([{ hits: rule.max, previousHits: rule.max }]);
  });

  it('counts each of 200 parallel requests once, and lets exactly the limit through', async () => {
    expect(await burst('198.51.100.8', 200, windowEnd + 30_000)).toBe(rule.max);
    const rows = await temp.database.run((db) => db.select().from(rateLimitRows).where(eq(rateLimitRows.hits, 200)).all());
    expect(rows).toHaveLength(1);
  });

  it('gives the allowance back as the previous window slides out', async () => {
    // Half of the next window gone: half of the 200 still weighs 100, over the limit; two windows on it is forgotten.
    expect(await burst('198.51.100.8', 5, windowEnd + rule.windowMs + 30_000)).toBe(0);
    expect(await burst('198.51.100.8', 30, windowEnd + 3 * rule.windowMs)).toBe(rule.max);
  });
});
