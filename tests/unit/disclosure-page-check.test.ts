import { describe, expect, it } from 'vitest';
import { checkPageHtml } from '../../src/domain/disclosure/page-check.ts';

const AMAZON = 'https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20';
const DISCLOSURE = '<p data-affiliate-disclosure="listing">We earn a commission when you buy through links on this page.</p>';
const link = (href: string, rel = 'sponsored noopener') => `<a href="${href}" rel="${rel}" target="_blank">Buy</a>`;
const page = (body: string, header = '') => `<!doctype html><html><body><header>${header}<a href="/">Home</a></header><main>${body}</main><footer><p>Repwell is reader-supported.</p></footer></body></html>`;

function reasons(html: string) {
  return checkPageHtml(html, { siteOrigin: 'https://repwell.example' }).violations.map((violation) => [violation.reason, violation.href]);
}

describe('every affiliate link carries rel sponsored', () => {
  it('passes a sponsored link after the disclosure', () => {
    expect(reasons(page(`${DISCLOSURE}<ul><li>${link(AMAZON)}</li></ul>`))).toEqual([]);
  });

  it('fails a link whose rel lacks sponsored, even when the page is disclosed', () => {
    expect(reasons(page(`${DISCLOSURE}${link(AMAZON, 'nofollow noopener')}`))).toEqual([['not-sponsored', AMAZON]]);
  });

  it('fails a link without rel', () => {
    expect(reasons(page(`${DISCLOSURE}<a href="${AMAZON}">Buy</a>`))).toEqual([['not-sponsored', AMAZON]]);
  });

  it('reads the href as a browser does (entities decoded)', () => {
    const html = page(`${DISCLOSURE}<a href="https://shop.example/item?a=1&amp;subId1=x">Buy</a>`);
    expect(reasons(html)).toEqual([['not-sponsored', 'https://shop.example/item?a=1&subId1=x']]);
  });

  it('fails an affiliate link recognised only by its tag parameter on an unknown host', () => {
    expect(reasons(page(`${DISCLOSURE}<a href="https://deals.example/p/1?tag=someone-20" rel="noopener">Buy</a>`))).toEqual([
      ['not-sponsored', 'https://deals.example/p/1?tag=someone-20'],
    ]);
  });

  it('passes a page whose only external links are not affiliate links, with no disclosure', () => {
    expect(reasons(page('<p><a href="https://en.wikipedia.org/wiki/Foam_roller" rel="nofollow noopener">Foam roller</a></p>'))).toEqual([]);
  });
});

describe('the first affiliate link has the disclosure near it', () => {
  it('fails a page with an undisclosed link', () => {
    expect(reasons(page(`<section><h2>Picks</h2><ul><li>${link(AMAZON)}</li></ul></section>`))).toEqual([['undisclosed', AMAZON]]);
  });

  it('fails a disclosure that comes after the link, outside its box', () => {
    expect(reasons(page(`<section><div><div>${link(AMAZON)}</div></div></section><section>${DISCLOSURE}</section>`))).toEqual([['undisclosed', AMAZON]]);
  });

  it('passes the compact disclosure directly under a buy button, in the same box', () => {
    const buyBox = `<div class="buy-box">${link(AMAZON)}<p data-affiliate-disclosure="compact">We may earn a commission.</p></div>`;
    expect(reasons(page(`<section><div>${buyBox}</div></section>`))).toEqual([]);
  });

  it('passes a disclosure in the grandparent box, fails one a level further out', () => {
    const inGrandparent = `<div><span>${link(AMAZON)}</span>${DISCLOSURE}</div>`;
    const further = `<div><div><span>${link(AMAZON)}</span></div>${DISCLOSURE}</div>`;
    expect(reasons(page(inGrandparent))).toEqual([]);
    expect(reasons(page(further))).toEqual([['undisclosed', AMAZON]]);
  });

  it('keeps the box inside main: a line further down main does not disclose a link placed straight in it', () => {
    expect(reasons(page(`${link(AMAZON)}<p>Long article text.</p>${DISCLOSURE}`))).toEqual([['undisclosed', AMAZON]]);
  });

  it('does not count a disclosure in the header for a link in main', () => {
    expect(reasons(page(`<section>${link(AMAZON)}</section>`, DISCLOSURE))).toEqual([['undisclosed', AMAZON]]);
  });

  it('judges only the first affiliate link: later ones are covered by its disclosure', () => {
    const other = 'https://www.walmart.com/ip/x/611114022';
    expect(reasons(page(`${DISCLOSURE}${link(AMAZON)}<section>${link(other)}</section>`))).toEqual([]);
    expect(reasons(page(`${link(AMAZON)}<p>text</p>${DISCLOSURE}${link(other)}`))).toEqual([['undisclosed', AMAZON]]);
  });

  it('reports each link once per reason, however often it appears', () => {
    const bare = `<a href="${AMAZON}">Buy</a>`;
    expect(reasons(page(`<div><div>${bare}</div></div><div>${bare}${bare}</div>`))).toEqual([
      ['not-sponsored', AMAZON],
      ['undisclosed', AMAZON],
    ]);
  });

  it('counts the affiliate links it saw', () => {
    expect(checkPageHtml(page(`${DISCLOSURE}${link(AMAZON)}${link(AMAZON)}<a href="/x">x</a>`)).affiliateLinks).toBe(2);
  });
});
