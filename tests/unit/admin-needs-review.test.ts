import { describe, expect, it } from 'vitest';
import { needsReviewReason, productDisplayName, productNameFromUrl } from '../../src/domain/admin/needs-review.ts';

describe('productNameFromUrl', () => {
  it.each([
    ['https://www.amazon.com/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24', 'TheraGun Elite Massage Gun'],
    // Never the shop's name nor a URL fragment: nothing informative gives no name, and the editor asks for one.
    ['https://www.amazon.com/dp/B0CRHF7D24?tag=x', ''],
    ['https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3', ''],
    ['https://www.amazon.com/Foam-Roller-Pro/dp/B001ARYU58/ref=sr_1_3?keywords=roller', 'Foam Roller Pro'],
    ['https://www.amazon.com/gp/product/B001ARYU58/ref=ppx_yo_dt_b_asin_title', ''],
    ['https://shop.example.com/products/kettlebell', 'Kettlebell'],
    ['https://www.walmart.com/ip/foam-roller_36-inch/123456789', 'Foam Roller 36 Inch'],
    ['https://shop.example.com/products/adjustable-dumbbell-set.html', 'Adjustable Dumbbell Set'],
    ['https://example.com/', ''],
    ['https://example.com/yoga%20mat', 'Yoga Mat'],
    ['https://example.com/%E0%A4%A', ''],
    ['not a url', ''],
  ])('%s → %s', (url, name) => {
    expect(productNameFromUrl(url)).toBe(name);
  });

  it('never gives more than 200 characters', () => {
    expect(productNameFromUrl(`https://example.com/${'a-'.repeat(300)}`).length).toBeLessThanOrEqual(200);
  });
});

describe('needsReviewReason', () => {
  it('reads only the known reasons', () => {
    expect(needsReviewReason({ needs_review: 'scrape-failed' })).toBe('scrape-failed');
    expect(needsReviewReason({ needs_review: 'no-title' })).toBe('no-title');
    expect(needsReviewReason({ needs_review: true })).toBeNull();
    expect(needsReviewReason({})).toBeNull();
    expect(needsReviewReason(null)).toBeNull();
  });
});

describe('productDisplayName', () => {
  it('shows an unnamed draft as such, and any name as it is', () => {
    expect(productDisplayName('')).toBe('Untitled draft');
    expect(productDisplayName('  ')).toBe('Untitled draft');
    expect(productDisplayName('Foam Roller')).toBe('Foam Roller');
  });
});
