import { describe, expect, it } from 'vitest';
import { isTrackingParam, linkIdentity, linkSearchNeedle, sameProductLink } from '../../src/domain/admin/link-identity.ts';

describe('linkIdentity', () => {
  it.each([
    ['https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3', 'amazon:B001ARYU58'],
    ['https://amazon.com/Foam-Roller/dp/b001aryu58?tag=repwell-20&th=1&psc=1', 'amazon:B001ARYU58'],
    ['https://www.ebay.com/itm/Foam-Roller/123456789012?mkevt=1&campid=5338', 'ebay:123456789012'],
    ['https://www.walmart.com/ip/foam-roller/123456789?irgwc=1', 'walmart:123456789'],
    ['https://www.target.com/p/foam-roller/-/A-123?utm_source=x&ref=abc', 'target.com/p/foam-roller/-/a-123'],
    ['https://shop.example/products/mat/?variant=7&utm_campaign=spring&fbclid=z', 'shop.example/products/mat?variant=7'],
    ['not a url', null],
    ['ftp://shop.example/item', null],
  ])('%s → %s', (url, identity) => {
    expect(linkIdentity(url)).toBe(identity);
  });
});

describe('sameProductLink', () => {
  it('matches the same retailer and product code whatever the tracking, path title or host form', () => {
    expect(sameProductLink('https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3', 'https://amazon.com/Foam-Roller/dp/B001ARYU58?tag=x')).toBe(true);
    expect(sameProductLink('https://www.amazon.com/gp/product/B001ARYU58', 'http://www.amazon.com/dp/B001ARYU58/')).toBe(true);
    expect(sameProductLink('https://shop.example/p/mat?utm_source=a', 'https://www.shop.example/p/mat/#reviews')).toBe(true);
  });

  it('keeps different products, retailers and variants apart', () => {
    expect(sameProductLink('https://www.amazon.com/dp/B001ARYU58', 'https://www.amazon.com/dp/B001ARYU59')).toBe(false);
    expect(sameProductLink('https://www.ebay.com/itm/123456789012', 'https://www.walmart.com/ip/123456789012')).toBe(false);
    expect(sameProductLink('https://shop.example/p/mat?variant=1', 'https://shop.example/p/mat?variant=2')).toBe(false);
    expect(sameProductLink('https://shop.example/p/mat', 'https://other.example/p/mat')).toBe(false);
    expect(sameProductLink('not a url', 'not a url')).toBe(false);
  });
});

describe('isTrackingParam and linkSearchNeedle', () => {
  it('knows tracking parameters and nothing else', () => {
    for (const name of ['ref', 'tag', 'utm_source', 'UTM_Medium', 'pf_rd_p', 'fbclid', 'gclid']) expect(isTrackingParam(name)).toBe(true);
    for (const name of ['variant', 'id', 'item', 'size']) expect(isTrackingParam(name)).toBe(false);
  });

  it('is the product code, else the last path part, else the host', () => {
    expect(linkSearchNeedle('https://www.amazon.com/dp/B001ARYU58/ref=sr_1_3')).toBe('B001ARYU58');
    expect(linkSearchNeedle('https://shop.example/products/mat?utm_source=x')).toBe('mat');
    expect(linkSearchNeedle('https://www.shop.example/')).toBe('shop.example');
  });
});
