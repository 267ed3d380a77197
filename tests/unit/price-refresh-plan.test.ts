/** The price refresh's pure rules: GetItems batches (ten ASINs of one store, oldest first) and when to republish. */
import { describe, expect, it } from 'vitest';
import { refreshBatches, republishDue } from '../../src/domain/prices/price-refresh-plan.ts';

const HOUR = 3_600_000;
const candidate = (id: number, marketplace = 'www.amazon.com') => ({ id, asin: `B0${String(id).padStart(8, '0')}`, marketplace });

describe('refreshBatches', () => {
  it('cuts one store into requests of ten, in order', () => {
    const batches = refreshBatches(Array.from({ length: 23 }, (_, i) => candidate(i)));
    expect(batches.map((batch) => batch.map((c) => c.id))).toEqual([
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
      [20, 21, 22],
    ]);
  });

  it('keeps each store in its own requests, ordered by their oldest product', () => {
    const list = [candidate(1, 'www.amazon.co.uk'), candidate(2), candidate(3, 'www.amazon.co.uk'), candidate(4, 'www.amazon.de'), candidate(5)];
    expect(refreshBatches(list).map((batch) => batch.map((c) => c.id))).toEqual([[1, 3], [2, 5], [4]]);
  });

  it('answers no batch for no product', () => {
    expect(refreshBatches([])).toEqual([]);
  });
});

describe('republishDue', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('republishes when no refresh has asked for a rebuild yet', () => {
    expect(republishDue(null, 24, now)).toBe(true);
  });
  it('republishes once the last request is half the stale limit old, not before', () => {
    expect(republishDue(new Date(now - 11.9 * HOUR), 24, now)).toBe(false);
    expect(republishDue(new Date(now - 12 * HOUR), 24, now)).toBe(true);
    expect(republishDue(new Date(now - 1.9 * HOUR), 4, now)).toBe(false);
    expect(republishDue(new Date(now - 2 * HOUR), 4, now)).toBe(true);
  });
});
