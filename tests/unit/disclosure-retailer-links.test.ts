import { describe, expect, it } from 'vitest';
import { sponsoredRetailerHref } from '../../src/domain/disclosure/retailer-links.ts';
import { checkPageHtml } from '../../src/domain/disclosure/page-check.ts';
import { renderDescriptionHtml, renderPostHtml, sanitizeDescription } from '../../src/server/html-sanitizer.ts';

const TAG = 'repwell-20';

describe('a post link to a known retailer becomes a tagged, sponsored buy link', () => {
  it('tags a bare Amazon product link like a buy button and makes it sponsored in a new tab', () => {
    const out = renderPostHtml('<p>Get <a href="https://www.amazon.com/Foam-Roller/dp/B0ABCDEFGH/ref=sr_1_3">this roller</a>.</p>', TAG);
    expect(out).toEqual({
      html: '<p>Get <a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20" rel="sponsored noopener" target="_blank">this roller</a>.</p>',
      sponsoredLinks: 1,
    });
  });

  it('replaces a stored rel and target and another site’s tag', () => {
    const out = renderPostHtml('<a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=thief-21" rel="opener" target="_self">x</a>', TAG);
    expect(out.html).toBe('<a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20" rel="sponsored noopener" target="_blank">x</a>');
  });

  it('makes other retailers and networks sponsored without an Amazon tag', () => {
    const out = renderPostHtml('<a href="https://www.walmart.com/ip/x/611114022">a</a> <a href="https://brand.sjv.io/c/1/2/3">b</a>', TAG);
    expect(out.html).toBe(
      '<a href="https://www.walmart.com/ip/x/611114022" rel="sponsored noopener" target="_blank">a</a> <a href="https://brand.sjv.io/c/1/2/3" rel="sponsored noopener" target="_blank">b</a>',
    );
    expect(out.sponsoredLinks).toBe(2);
  });

  it('leaves other links as the sanitizer makes them', () => {
    const out = renderPostHtml('<a href="https://en.wikipedia.org/wiki/Foam_roller" target="_blank">w</a> <a href="/guides/x">g</a>', TAG);
    expect(out).toEqual({ html: '<a href="https://en.wikipedia.org/wiki/Foam_roller" rel="nofollow noopener">w</a> <a href="/guides/x">g</a>', sponsoredLinks: 0 });
  });

  it('does not guess at a link recognised only by a sub-id parameter: the build check refuses it', () => {
    const out = renderPostHtml('<a href="https://shop.example/item?subId1=abc">x</a>', TAG);
    expect(out.sponsoredLinks).toBe(0);
    const page = `<main><p data-affiliate-disclosure="listing">We earn a commission.</p>${out.html}</main>`;
    expect(checkPageHtml(page).violations.map((violation) => violation.reason)).toEqual(['not-sponsored']);
  });

  it('still drops javascript: links', () => {
    expect(renderPostHtml('<a href="javascript:alert(1)">x</a>', TAG).html).toBe('<a>x</a>');
  });

  it('sponsoredRetailerHref answers null for anything that is not a listed retailer or network', () => {
    expect(sponsoredRetailerHref('https://amzn.to/3xYzAbC', TAG)).toBe('https://amzn.to/3xYzAbC');
    expect(sponsoredRetailerHref('https://shop.example/?tag=x', TAG)).toBeNull();
    expect(sponsoredRetailerHref('/products', TAG)).toBeNull();
    expect(sponsoredRetailerHref(undefined, TAG)).toBeNull();
  });
});

describe('a product description’s link to a known retailer becomes a buy link too', () => {
  it('tags and sponsors a retailer link, keeps every other link a nofollow new tab', () => {
    const html = '<p>Also at <a href="https://amazon.com/dp/B0ABCDEFGH" rel="nofollow">Amazon</a> and on <a href="https://en.wikipedia.org/wiki/Massage">Wikipedia</a>.</p>';
    expect(renderDescriptionHtml(html, TAG)).toBe(
      '<p>Also at <a href="https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20" rel="sponsored noopener" target="_blank">Amazon</a> and on <a href="https://en.wikipedia.org/wiki/Massage" rel="nofollow noopener" target="_blank">Wikipedia</a>.</p>',
    );
  });

  it('renders a description without retailer links as the write-time sanitizer stores it', () => {
    const html = '<h1>Big</h1><p>Roll <a href="/guides/recovery-routines">slowly</a>.</p><script>x</script>';
    expect(renderDescriptionHtml(html, TAG)).toBe(sanitizeDescription(html));
  });
});
