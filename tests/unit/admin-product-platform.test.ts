/** Platform detection from an affiliate URL (issue 10, point 4; spec section 3: affiliate_links.platform and product_id). */
import { describe, expect, it } from 'vitest';
import { detectAffiliatePlatform } from '../../src/domain/admin/affiliate-platform.ts';

describe('detectAffiliatePlatform', () => {
  it.each([
    ['https://www.amazon.com/Foam-Roller/dp/B08N5WRWNW?ref=sr_1', 'B08N5WRWNW', 'www.amazon.com'],
    ['https://amazon.com/gp/product/b07xyz1234/', 'B07XYZ1234', 'www.amazon.com'],
    ['https://www.amazon.co.uk/dp/B0ABCDEF12', 'B0ABCDEF12', 'www.amazon.co.uk'],
    ['https://www.amazon.de/-/en/dp/B0ABCDEF12/ref=x', 'B0ABCDEF12', 'www.amazon.de'],
    ['https://smile.amazon.com/s?k=foam+roller', null, 'www.amazon.com'],
    ['https://amzn.to/3xYz', null, null],
  ])('reads Amazon, its ASIN and its marketplace: %s', (url, code, marketplace) => {
    expect(detectAffiliatePlatform(url)).toEqual({ platform: 'amazon', productCode: code, network: 'amazon', retailer: 'amazon', marketplace });
  });

  it.each([
    ['https://www.ebay.com/itm/123456789012', '123456789012'],
    ['https://www.ebay.co.uk/itm/Massage-Gun-Pro/234567890123?hash=x', '234567890123'],
    ['https://ebay.us/AbCdEf', null],
    ['https://rover.ebay.com/rover/1/711-53200-19255-0/1?mpre=https%3A%2F%2Fwww.ebay.com%2Fitm%2F345678901234&campid=5338', '345678901234'],
  ])('reads eBay and its item id: %s', (url, code) => {
    expect(detectAffiliatePlatform(url)).toEqual({ platform: 'ebay', productCode: code, network: 'ebay', retailer: 'ebay' });
  });

  it.each([
    ['https://www.walmart.com/ip/Yoga-Mat-Extra-Thick/123456789', '123456789'],
    ['https://www.walmart.com/ip/987654321?selected=true', '987654321'],
    ['https://goto.walmart.com/c/123/456/9383?u=https%3A%2F%2Fwww.walmart.com%2Fip%2F55555555', '55555555'],
  ])('reads Walmart and its item id: %s', (url, code) => {
    expect(detectAffiliatePlatform(url)).toEqual({ platform: 'walmart', productCode: code, network: 'walmart', retailer: 'walmart' });
  });

  it.each([
    ['https://www.rakuten.com/shop/gnc/product/RW12345678/', 'RW12345678'],
    ['https://click.linksynergy.com/deeplink?id=abc&mid=123&murl=https%3A%2F%2Fwww.walmart.com%2Fip%2F24681357', '24681357'],
    ['https://click.linksynergy.com/fs-bin/click?id=abc&offerid=1', null],
  ])('reads Rakuten, including linksynergy links: %s', (url, code) => {
    expect(detectAffiliatePlatform(url)).toEqual({ platform: 'rakuten', productCode: code, network: 'rakuten', retailer: 'rakuten' });
  });

  it('calls known other retailers other, keeping the retailer the public pages can name', () => {
    expect(detectAffiliatePlatform('https://www.target.com/p/foam-roller/-/A-12345678')).toEqual({ platform: 'other', productCode: null, network: 'generic', retailer: 'target' });
    expect(detectAffiliatePlatform('https://www.bestbuy.com/site/x/1234567.p')).toMatchObject({ platform: 'other', retailer: 'bestbuy' });
    expect(detectAffiliatePlatform('https://www.roguefitness.com/rogue-echo-bike')).toEqual({ platform: 'other', productCode: null, network: 'generic', retailer: null });
  });

  it.each(['https://shop.example.com/foam-roller', 'https://notebay.com/itm/123456789012', 'https://amazon.evil.example/dp/B08N5WRWNW', 'not a url', 'javascript:alert(1)', 'ftp://amazon.com/dp/B08N5WRWNW'])(
    'is generic for anything else: %s',
    (url) => {
      expect(detectAffiliatePlatform(url)).toEqual({ platform: 'generic', productCode: null, network: 'generic', retailer: null });
    },
  );
});
