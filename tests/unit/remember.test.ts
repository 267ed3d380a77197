/** The local server's bounded memos (src/server/local/remember.ts). */
import { describe, expect, it } from 'vitest';
import { remember } from '../../src/server/local/remember.ts';

describe('remember', () => {
  it('keeps at most `limit` entries, forgetting the one remembered longest ago', () => {
    const memo = new Map<string, number>();
    expect(remember(memo, 'a', 1, 2)).toBe(1);
    remember(memo, 'b', 2, 2);
    remember(memo, 'c', 3, 2);
    expect([...memo]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('counts a key remembered again as new', () => {
    const memo = new Map<string, number>();
    remember(memo, 'a', 1, 2);
    remember(memo, 'b', 2, 2);
    remember(memo, 'a', 10, 2);
    remember(memo, 'c', 3, 2);
    expect([...memo]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});
