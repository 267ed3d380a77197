import { describe, expect, it } from 'vitest';
import { copyrightYear } from '../../src/domain/copyright-year.ts';

describe('copyrightYear', () => {
  it('is the UTC year, whatever the zone the instant was written in', () => {
    // 23:30 on New Year's Eve in New York is already the next year in UTC.
    expect(copyrightYear(new Date('2026-12-31T23:30:00-05:00'))).toBe(2027);
    expect(copyrightYear(new Date('2027-01-01T00:30:00+02:00'))).toBe(2026);
    expect(copyrightYear(new Date('2026-06-01T12:00:00Z'))).toBe(2026);
  });
});
