import { describe, expect, it } from 'vitest';
import { linkedProducts } from '../../src/domain/revenue/linked-products.ts';
import { renderDescriptionHtml, renderPostHtml } from '../../src/server/html-sanitizer.ts';

const TAG = 'repwell-20';

const EBAY = 'https://www.ebay.com/itm/1234567890?mkcid=1&mkrid=711-53200-19255-0&siteid=0&campid=5338000001&toolid=10001&mkevt=1';
const catalogue = [
  { id: 7, affiliateUrl: 'https://www.amazon.com/Foam-Roller/dp/B0ABCDEFGH?th=1' },
  { id: 9, affiliateUrl: EBAY },
  { id: 12, affiliateUrl: null },
  { id: 4, affiliateUrl: 'https://www.amazon.com/dp/B0ZZZZZZZZ' },
  { id: 3, affiliateUrl: 'https://amazon.com/Same-Offer-Again/dp/B0ZZZZZZZZ' },
];

describe('linkedProducts: the catalogue product a retailer link offers', () => {
  const productOf = linkedProducts(catalogue, TAG);

  it('matches an Amazon link by its ASIN on the same marketplace, whatever the title slug, parameters or tag', () => {
    expect(productOf('https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20')).toBe(7);
    expect(productOf('https://amazon.com/Some-Other-Title/dp/b0abcdefgh/ref=sr_1_3?psc=1&tag=thief-21')).toBe(7);
    expect(productOf('https://smile.amazon.com/gp/product/B0ABCDEFGH')).toBe(7);
  });

  it('does not match the same ASIN on another marketplace, whose sales another account reports', () => {
    expect(productOf('https://www.amazon.co.uk/dp/B0ABCDEFGH')).toBeUndefined();
    expect(productOf('https://www.amazon.de/dp/B0ABCDEFGH')).toBeUndefined();
  });

  it('matches any other link only when it is the product’s own link', () => {
    expect(productOf(EBAY)).toBe(9);
    expect(productOf('https://www.ebay.com/itm/1234567890')).toBeUndefined();
    expect(productOf(EBAY.replace('campid=5338000001', 'campid=5338000002'))).toBeUndefined();
  });

  it('gives an offer two products share to the lower id, in any order', () => {
    expect(productOf('https://www.amazon.com/dp/B0ZZZZZZZZ')).toBe(3);
    expect(linkedProducts([...catalogue].reverse(), TAG)('https://www.amazon.com/dp/B0ZZZZZZZZ')).toBe(3);
  });

  it('matches nothing for a search the catalogue does not link, a product it does not have, or no usable link', () => {
    expect(productOf('https://www.amazon.com/s?k=foam+roller')).toBeUndefined();
    expect(linkedProducts([{ id: 5, affiliateUrl: 'https://www.amazon.com/s?k=foam+roller' }], TAG)('https://www.amazon.com/s?k=foam+roller')).toBe(5);
    expect(productOf('https://www.amazon.com/dp/B0NOTSTOCK')).toBeUndefined();
    expect(productOf('javascript:alert(1)')).toBeUndefined();
    expect(productOf('/products')).toBeUndefined();
  });

  it('matches without an Amazon tag configured as with one', () => {
    expect(linkedProducts(catalogue, null)('https://amazon.com/dp/B0ABCDEFGH')).toBe(7);
  });
});

describe('a retailer link in a post or description names the product it offers, for its click id', () => {
  const productOf = linkedProducts(catalogue, TAG);

  it('a post’s link to a catalogue product is a buy link with the product the click script reads', () => {
    const out = renderPostHtml('<p>Our pick: <a href="https://www.amazon.com/Foam-Roller/dp/B0ABCDEFGH/ref=sr_1_3">this roller</a>.</p>', TAG, productOf);
    expect(out).toEqual({
      html: '<p>Our pick: <a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20" rel="sponsored noopener" target="_blank" data-track-click="7">this roller</a>.</p>',
      sponsoredLinks: 1,
    });
  });

  it('a retailer link to something else stays a sponsored link without one', () => {
    expect(renderPostHtml('<a href="https://www.walmart.com/ip/x/611114022">a</a>', TAG, productOf).html).toBe(
      '<a href="https://www.walmart.com/ip/x/611114022" rel="sponsored noopener" target="_blank">a</a>',
    );
  });

  it('drops a product id written into the stored HTML, on any link: only the catalogue names a link’s product', () => {
    const html =
      '<a href="https://www.walmart.com/ip/x/611114022" data-track-click="9">a</a> <a href="https://en.wikipedia.org/wiki/Foam_roller" data-track-click="9">w</a> <a href="https://www.amazon.com/dp/B0ABCDEFGH" data-track-click="9">r</a>';
    expect(renderPostHtml(html, TAG, productOf).html).toBe(
      '<a href="https://www.walmart.com/ip/x/611114022" rel="sponsored noopener" target="_blank">a</a> <a href="https://en.wikipedia.org/wiki/Foam_roller" rel="nofollow noopener">w</a> <a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20" rel="sponsored noopener" target="_blank" data-track-click="7">r</a>',
    );
    expect(renderPostHtml('<a href="https://www.amazon.com/dp/B0ABCDEFGH" data-track-click="9">r</a>', TAG).html).toBe(
      '<a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20" rel="sponsored noopener" target="_blank">r</a>',
    );
  });

  it('a description’s link to a catalogue product carries it too, and its other links none', () => {
    const html = `<p>Also on <a href="${EBAY.replace(/&/g, '&amp;')}">eBay</a>; see <a href="https://en.wikipedia.org/wiki/Massage" data-track-click="9">Wikipedia</a>.</p>`;
    expect(renderDescriptionHtml(html, TAG, productOf)).toBe(
      `<p>Also on <a href="${EBAY.replace(/&/g, '&amp;')}" rel="sponsored noopener" target="_blank" data-track-click="9">eBay</a>; see <a href="https://en.wikipedia.org/wiki/Massage" rel="nofollow noopener" target="_blank">Wikipedia</a>.</p>`,
    );
  });
});
