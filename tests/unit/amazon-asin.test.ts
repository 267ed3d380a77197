import { describe, expect, it } from 'vitest';
import { amazonMarketplaceOf, canonicalAmazonUrl, normalizeAsin, normalizeMarketplace, parseAmazonLink } from '../../src/domain/amazon-asin.ts';
import { detectAffiliatePlatform } from '../../src/domain/admin/affiliate-platform.ts';

/** Link shapes as they are pasted from browsers, apps, share menus and old bookmarks. */
const productLinks: [string, string, string][] = [
  ['https://www.amazon.com/dp/B08N5WRWNW', 'B08N5WRWNW', 'www.amazon.com'],
  ['https://www.amazon.com/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24?ref=sr_1_1', 'B0CRHF7D24', 'www.amazon.com'],
  ['https://www.amazon.com/Theragun-Prime-Percussive-Therapy-Deep/dp/B0BY8HX3PT/ref=sr_1_3?crid=2K1&keywords=theragun&qid=1700000000&sr=8-3', 'B0BY8HX3PT', 'www.amazon.com'],
  ['https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3', 'B001ARYU58', 'www.amazon.com'],
  ['https://www.amazon.com/dp/b07dupe001?th=1&psc=1', 'B07DUPE001', 'www.amazon.com'],
  ['https://amazon.com/gp/product/B07DUPE001?th=1&psc=1', 'B07DUPE001', 'www.amazon.com'],
  ['https://www.amazon.com/gp/product/B00FO9ZRYG/ref=ppx_yo_dt_b_asin_title_o00_s00?ie=UTF8&psc=1', 'B00FO9ZRYG', 'www.amazon.com'],
  ['https://www.amazon.com/exec/obidos/ASIN/B00005N5PF/repwell-20', 'B00005N5PF', 'www.amazon.com'],
  ['http://www.amazon.com/exec/obidos/tg/detail/-/0316769487/', '0316769487', 'www.amazon.com'],
  ['https://www.amazon.com/gp/aw/d/B07FZ8S74R/?_encoding=UTF8&pd_rd_plhdr=t', 'B07FZ8S74R', 'www.amazon.com'],
  ['https://m.amazon.com/dp/B07FZ8S74R', 'B07FZ8S74R', 'www.amazon.com'],
  ['https://smile.amazon.com/Bowflex-SelectTech-Adjustable-Dumbbells/dp/B001ARYU58/', 'B001ARYU58', 'www.amazon.com'],
  ['https://www.amazon.com/o/ASIN/B00005N5PF', 'B00005N5PF', 'www.amazon.com'],
  ['https://www.amazon.com/gp/offer-listing/B001ARYU58/ref=dp_olp_NEW_mbc', 'B001ARYU58', 'www.amazon.com'],
  ['https://www.amazon.com/product-reviews/B001ARYU58/ref=cm_cr_dp_d_show_all_btm', 'B001ARYU58', 'www.amazon.com'],
  ['https://www.amazon.com/dp/product/B001ARYU58', 'B001ARYU58', 'www.amazon.com'],
  ['https://www.amazon.com/gp/cart/aws-merge.html?ASIN=B001ARYU58&Quantity.1=1', 'B001ARYU58', 'www.amazon.com'],
  ['https://www.amazon.co.uk/Bowflex-SelectTech-552i-Dumbbells-Pair/dp/B001ARYU58/ref=sr_1_1?keywords=bowflex', 'B001ARYU58', 'www.amazon.co.uk'],
  ['https://www.amazon.de/-/en/dp/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.de'],
  ['https://www.amazon.ca/dp/B0CRHF7D24?tag=someone-20', 'B0CRHF7D24', 'www.amazon.ca'],
  ['https://www.amazon.com.au/gp/product/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.com.au'],
  ['https://www.amazon.co.jp/%E3%83%9E%E3%83%83%E3%82%B5%E3%83%BC%E3%82%B8/dp/B0CRHF7D24/', 'B0CRHF7D24', 'www.amazon.co.jp'],
  ['https://amazon.fr/dp/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.fr'],
  ['https://www.amazon.com.mx/dp/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.com.mx'],
  ['https://www.amazon.in/dp/B0CRHF7D24#customerReviews', 'B0CRHF7D24', 'www.amazon.in'],
  ['https://www.amazon.com.be/dp/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.com.be'],
  ['https://www.amazon.com./dp/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.com'],
  ['https://amzn.com/dp/B0CRHF7D24', 'B0CRHF7D24', 'www.amazon.com'],
];

describe('every Amazon product link shape gives its ASIN, marketplace and canonical link', () => {
  it.each(productLinks)('%s → %s on %s', (url, asin, marketplace) => {
    expect(parseAmazonLink(url)).toEqual({ kind: 'product', asin, marketplace, canonicalUrl: `https://${marketplace}/dp/${asin}` });
  });

  it('the platform detection of the forms and the import reads the same ASIN', () => {
    for (const [url, asin] of productLinks) expect(detectAffiliatePlatform(url)).toMatchObject({ platform: 'amazon', productCode: asin });
  });

  it('a link whose marketplace is the platform detection’s carries it', () => {
    expect(detectAffiliatePlatform('https://www.amazon.co.uk/dp/B001ARYU58').marketplace).toBe('www.amazon.co.uk');
    expect(detectAffiliatePlatform('https://www.ebay.com/itm/123456789012').marketplace ?? null).toBeNull();
  });
});

describe('short links are recognised and left to the redirect', () => {
  it.each(['https://amzn.to/3xYzAbC', 'https://a.co/d/7hGfK2L', 'https://amzn.eu/d/abc1234', 'https://amzn.asia/d/9ZzZzZz', 'http://amzn.to/2Q0abcd?tag=x-20'])(
    '%s is a short link',
    (url) => {
      expect(parseAmazonLink(url)).toEqual({ kind: 'short', url: new URL(url).href });
      expect(detectAffiliatePlatform(url)).toMatchObject({ platform: 'amazon', productCode: null });
    },
  );
});

describe('links that name no product, or are not Amazon’s', () => {
  it.each([
    ['https://www.amazon.com/s?k=foam+roller', { kind: 'store', marketplace: 'www.amazon.com' }],
    ['https://www.amazon.co.uk/stores/page/ABC', { kind: 'store', marketplace: 'www.amazon.co.uk' }],
    ['https://www.amazon.com/dp/B0ABCDEFG', { kind: 'store', marketplace: 'www.amazon.com' }],
    ['https://www.amazon.com/dp/B0ABCDEFGHI', { kind: 'store', marketplace: 'www.amazon.com' }],
  ])('%s → %j', (url, expected) => {
    expect(parseAmazonLink(url)).toEqual(expected);
  });

  it.each([
    'https://www.ebay.com/itm/123456789012',
    'https://notamazon.com/dp/B0CRHF7D24',
    'https://amazon.com.evil.example/dp/B0CRHF7D24',
    'https://aws.amazon.com/dp/B0CRHF7D24',
    'https://www.amazon.xyz/dp/B0CRHF7D24',
    'javascript:alert(1)//www.amazon.com/dp/B0CRHF7D24',
    'ftp://www.amazon.com/dp/B0CRHF7D24',
    'not a url',
  ])('%s is not an Amazon link', (url) => {
    expect(parseAmazonLink(url)).toBeNull();
  });
});

describe('typed values', () => {
  it('an ASIN is ten letters or digits, upper-cased', () => {
    expect(normalizeAsin(' b001aryu58 ')).toBe('B001ARYU58');
    expect(normalizeAsin('B001ARYU5')).toBeNull();
    expect(normalizeAsin('B001-RYU58')).toBeNull();
    expect(normalizeAsin(null)).toBeNull();
  });

  it('a marketplace is a store host, with or without www. or a scheme', () => {
    expect(normalizeMarketplace('amazon.de')).toBe('www.amazon.de');
    expect(normalizeMarketplace('https://www.amazon.co.uk/')).toBe('www.amazon.co.uk');
    expect(normalizeMarketplace('www.amazon.com')).toBe('www.amazon.com');
    expect(normalizeMarketplace('www.ebay.com')).toBeNull();
    expect(normalizeMarketplace('')).toBeNull();
    expect(amazonMarketplaceOf('smile.amazon.co.uk')).toBe('www.amazon.co.uk');
    expect(canonicalAmazonUrl('b001aryu58', 'www.amazon.de')).toBe('https://www.amazon.de/dp/B001ARYU58');
  });
});
