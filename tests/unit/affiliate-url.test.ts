import { describe, expect, it } from 'vitest';
import { asinOf, isAmazonHost, taggedAffiliateUrl } from '../../src/domain/affiliate-url.ts';

const TAG = 'repwell-20';

describe('Amazon URLs with a 10-character product code are rewritten to /dp/{code} with the tag', () => {
  it('rewrites a short product link', () => {
    expect(taggedAffiliateUrl('https://www.amazon.com/dp/B0ABCDEFGH', TAG)).toBe('https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20');
  });

  it('drops the title slug, tracking parameters and another site’s tag', () => {
    expect(taggedAffiliateUrl('https://www.amazon.com/Foam-Roller-Deep-Tissue/dp/B0ABCDEFGH/ref=sr_1_3?th=1&psc=1&tag=other-21', TAG)).toBe(
      'https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20',
    );
  });

  it('finds the code in the other product paths and upper-cases it', () => {
    expect(taggedAffiliateUrl('https://www.amazon.com/gp/product/b0abcdefgh?ref=x', TAG)).toBe('https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20');
    expect(taggedAffiliateUrl('https://www.amazon.com/gp/aw/d/1234567890', TAG)).toBe('https://www.amazon.com/dp/1234567890?tag=repwell-20');
    expect(taggedAffiliateUrl('https://www.amazon.com/exec/obidos/ASIN/B0ABCDEFGH/x', TAG)).toBe('https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20');
  });

  it('keeps the marketplace and gives bare amazon.com its www host', () => {
    expect(taggedAffiliateUrl('https://amazon.co.uk/dp/B0ABCDEFGH', TAG)).toBe('https://amazon.co.uk/dp/B0ABCDEFGH?tag=repwell-20');
    expect(taggedAffiliateUrl('http://amazon.com/dp/B0ABCDEFGH', TAG)).toBe('https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20');
  });

  it('does not take a code of another length for an ASIN', () => {
    expect(asinOf(new URL('https://www.amazon.com/dp/B0ABCDEFG'))).toBeNull();
    expect(asinOf(new URL('https://www.amazon.com/dp/B0ABCDEFGHI'))).toBeNull();
  });
});

describe('other Amazon URLs get the tag parameter set', () => {
  it('sets the tag on a search or store page and keeps its query', () => {
    expect(taggedAffiliateUrl('https://www.amazon.com/s?k=foam+roller', TAG)).toBe('https://www.amazon.com/s?k=foam+roller&tag=repwell-20');
  });

  it('replaces an existing tag rather than adding a second one', () => {
    const url = new URL(taggedAffiliateUrl('https://www.amazon.com/stores/page/ABC?tag=someone-20', TAG)!);
    expect(url.searchParams.getAll('tag')).toEqual(['repwell-20']);
  });
});

describe('links to other retailers are left as they are', () => {
  it.each([
    'https://www.walmart.com/ip/foam-roller/123456789',
    'https://www.ebay.com/itm/123456789012',
    'https://www.target.com/p/foam-roller/-/A-12345678',
    // A look-alike host is not Amazon.
    'https://amazon.com.evil.example/dp/B0ABCDEFGH',
  ])('%s', (url) => {
    expect(taggedAffiliateUrl(url, TAG)).toBe(url);
  });

  it('knows Amazon hosts', () => {
    expect(isAmazonHost('www.amazon.com')).toBe(true);
    expect(isAmazonHost('smile.amazon.de')).toBe(true);
    expect(isAmazonHost('notamazon.com')).toBe(false);
    expect(isAmazonHost('amazon.com.evil.example')).toBe(false);
  });
});

describe('unusable links are refused', () => {
  it('refuses non-http schemes and empty values', () => {
    expect(taggedAffiliateUrl('javascript:alert(1)', TAG)).toBeNull();
    expect(taggedAffiliateUrl('ftp://www.amazon.com/dp/B0ABCDEFGH', TAG)).toBeNull();
    expect(taggedAffiliateUrl('', TAG)).toBeNull();
    expect(taggedAffiliateUrl(null, TAG)).toBeNull();
  });

  it('leaves Amazon links untagged when no tag is configured', () => {
    expect(taggedAffiliateUrl('https://www.amazon.com/dp/B0ABCDEFGH?th=1', '')).toBe('https://www.amazon.com/dp/B0ABCDEFGH?th=1');
  });
});
