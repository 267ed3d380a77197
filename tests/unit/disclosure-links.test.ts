import { describe, expect, it } from 'vitest';
import { affiliateLinkMatch, relIsSponsored } from '../../src/domain/disclosure/affiliate-link.ts';

const SITE = 'https://repwell.example';

describe('an affiliate link is recognised by its host', () => {
  it.each([
    ['https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20', 'amazon'],
    ['https://amzn.to/3xYzAbC', 'amazon'],
    ['https://www.amazon.co.uk/dp/B0ABCDEFGH', 'amazon'],
    ['https://smile.amazon.de/s?k=foam+roller', 'amazon'],
    ['https://www.ebay.com/itm/362689640959', 'ebay'],
    ['https://rover.ebay.com/rover/1/711-53200-19255-0/1?mpre=https%3A%2F%2Fwww.ebay.com%2Fitm%2F1', 'ebay'],
    ['https://www.walmart.com/ip/foam-roller/611114022', 'walmart'],
    ['https://goto.walmart.com/c/123/456/789?u=https%3A%2F%2Fwww.walmart.com%2Fip%2F1', 'walmart'],
    ['https://click.linksynergy.com/deeplink?id=abc&mid=1&murl=https%3A%2F%2Fwww.rakuten.com', 'Rakuten'],
    ['https://www.rakuten.com/shop/brand/product/RW1/', 'rakuten'],
    ['https://www.target.com/p/x/-/A-17774256', 'target'],
    ['https://www.bestbuy.com/site/x/123.p', 'bestbuy'],
    ['https://www.costco.com/x.product.100873625.html', 'costco'],
    ['https://www.roguefitness.com/rogue-echo-bike', 'www.roguefitness.com'],
  ])('%s is a retailer link', (href, name) => {
    expect(affiliateLinkMatch(href, SITE)).toMatchObject({ name });
  });

  it.each([
    ['https://brand.sjv.io/c/1/2/3', 'Impact'],
    ['https://shop.pxf.io/abc', 'Impact'],
    ['https://partner.7eer.net/c/1/2/3', 'Impact'],
    ['https://www.anrdoezrs.net/click-1-2', 'CJ'],
    ['https://www.jdoqocy.com/click-1-2', 'CJ'],
    ['https://www.tkqlhce.com/click-1-2', 'CJ'],
    ['https://www.dpbolvw.net/click-1-2', 'CJ'],
    ['https://www.kqzyfj.com/click-1-2', 'CJ'],
    ['https://www.awin1.com/cread.php?awinmid=1&awinaffid=2', 'Awin'],
    ['https://www.shareasale.com/r.cfm?b=1&u=2&m=3', 'ShareASale'],
    ['https://prf.hn/click/camref:1abc', 'Partnerize'],
    ['https://go.skimresources.com/?id=1X2&url=https%3A%2F%2Fshop.example', 'Skimlinks'],
    ['https://redirect.viglink.com/?key=abc&u=https%3A%2F%2Fshop.example', 'Sovrn'],
  ])('%s is an affiliate network link', (href, name) => {
    expect(affiliateLinkMatch(href, SITE)).toEqual({ by: 'network', name });
  });

  it('matches a domain and its subdomains, not a name that merely ends the same way', () => {
    expect(affiliateLinkMatch('https://notsjv.io/x', SITE)).toBeNull();
    expect(affiliateLinkMatch('https://www.amazon.com.evil.example/dp/B0ABCDEFGH', SITE)).toBeNull();
  });
});

describe('an affiliate link is recognised by a tag or sub-id parameter on any host', () => {
  it.each(['tag=me-20', 'ascsubtag=x', 'subId1=abc', 'sid=1', 'clickref=x', 'u1=x', 'customid=x', 'campid=5338', 'irclickid=x'])(
    'a link to an unknown shop with %s is an affiliate link',
    (query) => {
      expect(affiliateLinkMatch(`https://shop.example/item?${query}`, SITE)).toEqual({ by: 'parameter', name: query.split('=')[0] });
    },
  );

  it('a link with no such parameter to an unknown host is not one', () => {
    expect(affiliateLinkMatch('https://en.wikipedia.org/wiki/Foam_roller?lang=en', SITE)).toBeNull();
  });
});

describe('links that stay on the site are never affiliate links', () => {
  it.each(['/products?tag=recovery', '#affiliate-disclosure', 'mailto:hello@repwell.example', 'products/x', `${SITE}/products?tag=x`, 'javascript:void(0)', ''])(
    '%s',
    (href) => {
      expect(affiliateLinkMatch(href, SITE)).toBeNull();
    },
  );

  it('a protocol-relative link leaves the site', () => {
    expect(affiliateLinkMatch('//www.amazon.com/dp/B0ABCDEFGH', SITE)).toMatchObject({ by: 'retailer' });
  });
});

describe("rel must contain 'sponsored'", () => {
  it.each([
    ['sponsored noopener', true],
    ['noopener SPONSORED', true],
    ['nofollow noopener', false],
    ['sponsoredx', false],
    [undefined, false],
  ])('rel="%s" → %s', (rel, expected) => {
    expect(relIsSponsored(rel)).toBe(expected);
  });
});
