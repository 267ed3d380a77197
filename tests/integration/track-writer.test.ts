/**
 * The tracking writer behind /api/track's answer (src/server/track-writer.ts): events queued in one process are
 * written in order and in batches, and a flood past the queue's bound is dropped instead of filling memory. An
 * embedded database's batches are written on a thread of their own, and on this one if that thread cannot start.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clicks, productAnalytics, products } from '../../db/schema.ts';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import { enqueueTrackEvent, MAX_PENDING, ThreadBatchWriter, writesOnThread } from '../../src/server/track-writer.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let productId: number;
const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

beforeAll(async () => {
  temp = await createTempDatabase();
  const [row] = await temp.database.run((db) => db.insert(products).values({ name: 'Mat', slug: 'mat', price: 20, affiliateUrl: 'https://example.com/mat' }).returning());
  productId = row!.id;
});
afterAll(() => temp.cleanup());

describe('the tracking writer', () => {
  it('writes every queued event in batches, and drops what arrives past the bound until the queue drains', async () => {
    const now = Date.now();
    // Distinct addresses, so each click is counted (no repeat, no cap).
    const event = (index: number) => ({ productId, event: 'click' as const, clickId: newClickId(), pagePath: '/products', clientAddress: `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`, userAgent: agent, now });
    const queued = Array.from({ length: MAX_PENDING }, (_, index) => enqueueTrackEvent(temp.database, event(index)));
    expect(await enqueueTrackEvent(temp.database, event(MAX_PENDING))).toBe('dropped');
    const outcomes = await Promise.all(queued);
    expect(new Set(outcomes)).toEqual(new Set(['recorded']));
    const stored = await temp.database.run((db) => db.select({ n: count() }).from(productAnalytics).where(eq(productAnalytics.productId, productId)).get());
    expect(stored?.n).toBe(MAX_PENDING);
    // Drained: new events are taken again.
    expect(await enqueueTrackEvent(temp.database, event(MAX_PENDING + 1))).toBe('recorded');
  }, 120_000);
});

describe('where the batches are written', () => {
  it('uses a thread for an embedded database whose thread module is there', () => {
    expect(writesOnThread(temp.database.url)).toBe(true);
  });

  it('never tries a thread for a remote database, nor where the thread module was not deployed (a function bundle)', () => {
    expect(writesOnThread('libsql://repwell.example.turso.io')).toBe(false);
    expect(writesOnThread('https://repwell.example.turso.io')).toBe(false);
    expect(writesOnThread(temp.database.url, new URL('./no-such-thread-module.ts', import.meta.url))).toBe(false);
  });
});

describe('the tracking writer thread', () => {
  const agent2 = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  const click = (address: string) => ({ productId, event: 'click' as const, clickId: newClickId(), pagePath: '/products', clientAddress: address, userAgent: agent2, now: Date.now() });

  it('writes a batch on its own connection: the rows are there for this thread to read when the promise settles', async () => {
    const writer = new ThreadBatchWriter(temp.database);
    const inputs = [click('192.0.2.1'), click('192.0.2.2'), click('192.0.2.1')];
    expect(await writer.write(inputs)).toEqual(['recorded', 'recorded', 'repeat']);
    const stored = await temp.database.run((db) => db.select({ n: count() }).from(clicks).where(inArray(clicks.clickId, inputs.map((input) => input.clickId))).get());
    expect(stored?.n).toBe(3);
  });

  it('loses only the batch a thread dies with, and starts a new thread for the next', async () => {
    const writer = new ThreadBatchWriter(temp.database, new URL('../fixtures/track-thread-once.ts', import.meta.url));
    expect(await writer.write([click('192.0.2.20')])).toEqual(['recorded']);
    await expect(writer.write([click('192.0.2.21')])).rejects.toThrow(/exited \(code 3\)/);
    // Not the fallback: the new thread answers (the stand-in records nothing in the database).
    expect(await writer.write([click('192.0.2.22'), click('192.0.2.23')])).toEqual(['recorded', 'recorded']);
  });

  it('writes on this thread instead when its thread cannot start, losing nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const writer = new ThreadBatchWriter(temp.database, new URL('./no-such-thread-module.ts', import.meta.url));
      expect(await writer.write([click('192.0.2.10')])).toEqual(['recorded']);
      expect(await writer.write([click('192.0.2.11')])).toEqual(['recorded']);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/could not start/);
    } finally {
      errors.mockRestore();
    }
  });
});
