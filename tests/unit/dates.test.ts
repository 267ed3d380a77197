import { describe, expect, it } from 'vitest';
import { calendarDate } from '../../src/domain/dates.ts';

describe('calendar dates', () => {
  it('reads as month, day and year', () => {
    expect(calendarDate(new Date('2025-03-04T12:00:00Z'))).toBe('March 4, 2025');
  });

  it('is the UTC date, whatever the machine zone', () => {
    expect(calendarDate(new Date('2025-03-04T23:59:59Z'))).toBe('March 4, 2025');
    expect(calendarDate(new Date('2025-03-05T00:00:00Z'))).toBe('March 5, 2025');
  });
});
