import { describe, expect, it } from 'vitest';
import { disclosureFailureMessage, type PageViolation } from '../../src/server/disclosure/site-check.ts';

const violation = (index: number): PageViolation => ({
  page: `/blog/post-${index}`,
  href: `https://www.amazon.com/dp/B0${String(index).padStart(8, '0')}`,
  reason: 'not-sponsored',
  match: { by: 'retailer', name: 'amazon' },
});

describe('the failed build’s message names the pages and links', () => {
  it('lists every violation when they fit', () => {
    expect(disclosureFailureMessage([violation(1), { ...violation(1), reason: 'undisclosed' }])).toBe(
      "The affiliate disclosure check refused 2 links on 1 page: /blog/post-1: https://www.amazon.com/dp/B000000001 (rel does not contain 'sponsored'); /blog/post-1: https://www.amazon.com/dp/B000000001 (no affiliate disclosure before it or beside it).",
    );
  });

  it('stays within what a build row keeps and says how many more there are', () => {
    const message = disclosureFailureMessage(Array.from({ length: 200 }, (_, index) => violation(index)));
    expect(message.length).toBeLessThanOrEqual(1800);
    expect(message).toMatch(/^The affiliate disclosure check refused 200 links on 200 pages: \/blog\/post-0: /);
    const listed = message.match(/\/blog\/post-\d+:/g)!.length;
    expect(message).toMatch(new RegExp(` and ${200 - listed} more\\.$`));
  });
});
