import { describe, expect, it } from 'vitest';
import { CLICK_ID_LENGTH, clickNetworkOf, isClickId, newClickId, withClickId, withSubId } from '../../src/domain/revenue/click-id.ts';

const ID = 'AbCdEfGhIjKlMnOpQr_-0A';

describe('click ids', () => {
  it('are 22 URL-safe characters, different every time, and pass the validator', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClickId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toHaveLength(CLICK_ID_LENGTH);
      expect(isClickId(id)).toBe(true);
    }
  });

  it('refuses other lengths, characters and last characters 16 bytes cannot end in', () => {
    expect(isClickId(ID)).toBe(true);
    expect(isClickId(ID.slice(0, 21))).toBe(false);
    expect(isClickId(`${ID}A`)).toBe(false);
    expect(isClickId('AbCdEfGhIjKlMnOpQr_-0B')).toBe(false);
    expect(isClickId('AbCdEfGhIjKlMnOpQr+/0A')).toBe(false);
    expect(isClickId(42)).toBe(false);
    expect(isClickId(null)).toBe(false);
  });
});

describe('the network of a buy link, from its host', () => {
  it.each([
    ['https://brand.sjv.io/c/1234567/654321/4321', 'impact'],
    ['https://shop.pxf.io/abc', 'impact'],
    ['https://x.7eer.net/c/1/2/3', 'impact'],
    ['https://goto.walmart.com/c/1/2/3?u=https%3A%2F%2Fwww.walmart.com%2Fip%2F123456', 'impact'],
    ['https://www.anrdoezrs.net/click-100-200', 'cj'],
    ['https://www.jdoqocy.com/click-100-200', 'cj'],
    ['https://www.tkqlhce.com/click-100-200', 'cj'],
    ['https://www.dpbolvw.net/click-100-200', 'cj'],
    ['https://www.kqzyfj.com/click-100-200', 'cj'],
    ['https://www.awin1.com/cread.php?awinmid=1&awinaffid=2', 'awin'],
    ['https://click.linksynergy.com/deeplink?id=abc&mid=1&murl=https%3A%2F%2Fshop.example', 'rakuten'],
    ['https://prf.hn/click/camref:1100l3', 'partnerize'],
    ['https://rover.ebay.com/rover/1/711-53200-19255-0/1?mpre=https%3A%2F%2Fwww.ebay.com%2Fitm%2F123456789012', 'ebay'],
    ['https://www.ebay.com/itm/123456789012?mkcid=1&campid=5338000000', 'ebay'],
    ['https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20', 'amazon'],
    ['https://amzn.to/3abcdE', 'amazon'],
    // The short hosts the platform detection knows (amzn.com, amzn.eu) are Amazon here too: one list, not two.
    ['https://amzn.eu/d/3abcdE', 'amazon'],
  ])('%s → %s', (url, network) => {
    expect(clickNetworkOf(url)).toBe(network);
  });

  it('is null for a shop link, an eBay link without campid, a look-alike host and a non-http link', () => {
    expect(clickNetworkOf('https://www.roguefitness.com/foam-roller')).toBeNull();
    expect(clickNetworkOf('https://www.ebay.com/itm/123456789012')).toBeNull();
    expect(clickNetworkOf('https://notawin1.com/x')).toBeNull();
    expect(clickNetworkOf('javascript:alert(1)')).toBeNull();
    expect(clickNetworkOf('not a url')).toBeNull();
  });
});

describe('withSubId puts the click id where each network reads it', () => {
  it('Impact: subId1, replacing any spelling already there', () => {
    expect(withSubId('https://brand.sjv.io/c/1234567/654321/4321', 'impact', ID)).toBe(`https://brand.sjv.io/c/1234567/654321/4321?subId1=${ID}`);
    expect(withSubId('https://brand.sjv.io/c/1/2/3?subid1=old&subId2=keep', 'impact', ID)).toBe(`https://brand.sjv.io/c/1/2/3?subId2=keep&subId1=${ID}`);
  });

  it('CJ: sid', () => {
    expect(withSubId('https://www.anrdoezrs.net/click-100-200?url=https%3A%2F%2Fshop.example%2Fp', 'cj', ID)).toBe(
      `https://www.anrdoezrs.net/click-100-200?url=https%3A%2F%2Fshop.example%2Fp&sid=${ID}`,
    );
  });

  it('Awin: clickref in lower case', () => {
    expect(withSubId('https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&ClickRef=old', 'awin', ID)).toBe(
      `https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&clickref=${ID}`,
    );
  });

  it('Rakuten: u1, up to 72 characters and not one more', () => {
    const base = 'https://click.linksynergy.com/deeplink?id=abc&mid=1';
    const longest = 'a'.repeat(72);
    expect(withSubId(base, 'rakuten', ID)).toBe(`${base}&u1=${ID}`);
    expect(withSubId(base, 'rakuten', longest)).toBe(`${base}&u1=${longest}`);
    expect(withSubId(base, 'rakuten', `${longest}a`)).toBe(base);
  });

  it('Partnerize: a pubref path segment after camref and before ar and destination, not a query parameter', () => {
    expect(withSubId('https://prf.hn/click/camref:1100l3', 'partnerize', ID)).toBe(`https://prf.hn/click/camref:1100l3/pubref:${ID}`);
    expect(withSubId('https://prf.hn/click/camref:1100l3/ar:london/destination:https://www.advertiser.com/p', 'partnerize', ID)).toBe(
      `https://prf.hn/click/camref:1100l3/pubref:${ID}/ar:london/destination:https://www.advertiser.com/p`,
    );
    expect(withSubId('https://prf.hn/click/camref:1100l3/creativeref:XYZ1234/ar:london', 'partnerize', ID)).toBe(
      `https://prf.hn/click/camref:1100l3/creativeref:XYZ1234/pubref:${ID}/ar:london`,
    );
    expect(withSubId('https://prf.hn/click/camref:1100l3/pubref:old/ar:london', 'partnerize', ID)).toBe(
      `https://prf.hn/click/camref:1100l3/pubref:${ID}/ar:london`,
    );
    expect(new URL(withSubId('https://prf.hn/click/camref:1100l3', 'partnerize', ID)).search).toBe('');
    // Without a camref the URL is no click link, so it is left alone.
    expect(withSubId('https://prf.hn/other', 'partnerize', ID)).toBe('https://prf.hn/other');
  });

  it('eBay: customid beside campid', () => {
    expect(withSubId('https://www.ebay.com/itm/123456789012?mkcid=1&campid=5338000000&toolid=10001', 'ebay', ID)).toBe(
      `https://www.ebay.com/itm/123456789012?mkcid=1&campid=5338000000&toolid=10001&customid=${ID}`,
    );
  });

  it('Amazon has no sub-id: the link is unchanged', () => {
    const url = 'https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20';
    expect(withSubId(url, 'amazon', ID)).toBe(url);
    expect(withClickId(url, ID)).toBe(url);
  });

  it('leaves a link alone for no network, a non-http URL or a value with reserved characters', () => {
    expect(withSubId('https://www.roguefitness.com/p', null, ID)).toBe('https://www.roguefitness.com/p');
    expect(withSubId('javascript:alert(1)', 'impact', ID)).toBe('javascript:alert(1)');
    expect(withSubId('https://brand.sjv.io/c/1/2/3', 'impact', 'a&b=c')).toBe('https://brand.sjv.io/c/1/2/3');
    expect(withSubId('https://brand.sjv.io/c/1/2/3', 'impact', '')).toBe('https://brand.sjv.io/c/1/2/3');
  });

  it('withClickId reads the network from the host', () => {
    expect(withClickId('https://www.awin1.com/cread.php?awinmid=1', ID)).toBe(`https://www.awin1.com/cread.php?awinmid=1&clickref=${ID}`);
    expect(withClickId('https://www.roguefitness.com/p', ID)).toBe('https://www.roguefitness.com/p');
  });
});
