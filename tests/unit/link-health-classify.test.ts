/**
 * The link classifier on recorded responses of each class (issue 13, points 1 and 5): statuses, final URLs after
 * redirects, headers and the start of the page, as the checker records them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFailure, classifyResponse, retryAfterMs, type RecordedResponse } from '../../src/domain/admin/link-health/classify.ts';
import { classSeverity, compareWorstFirst, linkHealthClasses } from '../../src/domain/admin/link-health/classes.ts';

const page = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/link-health', name), 'utf8');
const scrapePage = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/scrape-pages', name), 'utf8');
const now = new Date('2026-11-23T10:00:00Z');
const AMAZON = 'https://www.amazon.com/dp/B0TEST0001?tag=repwell-20';

function get(requestedUrl: string, extra: Partial<RecordedResponse> = {}): RecordedResponse {
  return { method: 'GET', requestedUrl, status: 200, finalUrl: requestedUrl, hops: [], headers: {}, body: '', ...extra };
}
function redirected(requestedUrl: string, finalUrl: string, extra: Partial<RecordedResponse> = {}): RecordedResponse {
  return get(requestedUrl, { finalUrl, hops: [{ url: requestedUrl, status: 301, location: finalUrl }], ...extra });
}
const classOf = (recorded: RecordedResponse) => classifyResponse(recorded, now)?.class;

describe('ok', () => {
  it('a product page in stock (JSON-LD InStock) is ok, and so is the Amazon page with its tag', () => {
    expect(classOf(get('https://shop.example/p/roller', { body: scrapePage('jsonld-product.html') }))).toBe('ok');
    expect(classOf(get(AMAZON, { body: scrapePage('amazon-product.html') }))).toBe('ok');
  });

  it('schema.org InStock wins over a variant that says sold out in the text', () => {
    expect(classOf(get('https://shop.example/p/mat', { body: page('in-stock-with-wording.html') }))).toBe('ok');
  });

  it('http to https, www and a trailing slash are not worth reporting as redirects; neither is Amazon adding the title to /dp/', () => {
    expect(classOf(redirected('http://shop.example/p/roller', 'https://www.shop.example/p/roller/'))).toBe('ok');
    expect(classOf(redirected(AMAZON, 'https://www.amazon.com/Foam-Roller/dp/B0TEST0001?tag=repwell-20'))).toBe('ok');
  });
});

describe('redirected', () => {
  it('another page or another site, with the final URL', () => {
    const result = classifyResponse(redirected('https://shop.example/p/roller', 'https://shop.example/p/roller-v2'), now);
    expect(result).toMatchObject({ class: 'redirected', finalUrl: 'https://shop.example/p/roller-v2', statusCode: 200 });
    expect(classOf(redirected('https://shop.example/p/roller', 'https://other.example/roller'))).toBe('redirected');
  });
});

describe('tag lost', () => {
  it('an Amazon final URL without the associate tag', () => {
    const result = classifyResponse(redirected(AMAZON, 'https://www.amazon.com/dp/B0TEST0001'), now);
    expect(result?.class).toBe('tag-lost');
    expect(result?.detail).toContain('tag=repwell-20');
  });

  it('a tag replaced by another, and on a HEAD answer too (no page needed)', () => {
    expect(classOf(redirected(AMAZON, 'https://www.amazon.com/dp/B0TEST0001?tag=someone-else-20'))).toBe('tag-lost');
    expect(classOf({ ...redirected(AMAZON, 'https://www.amazon.co.uk/dp/B0TEST0001'), method: 'HEAD' })).toBe('tag-lost');
  });

  it("a network's parameter that disappeared on the same retailer", () => {
    expect(classOf(redirected('https://www.ebay.com/itm/123?campid=5338&customid=rw', 'https://www.ebay.com/itm/123'))).toBe('tag-lost');
  });

  it('a network link that hands over to the merchant is not a lost tag', () => {
    expect(classOf(redirected('https://click.linksynergy.com/deeplink?id=abc&u1=rw&murl=x', 'https://shop.example/p/roller'))).toBe('redirected');
  });
});

describe('not found', () => {
  it('404 and 410, to HEAD or GET', () => {
    expect(classOf(get('https://shop.example/p/gone', { status: 404 }))).toBe('not-found');
    expect(classOf({ ...get('https://shop.example/p/gone', { status: 410 }), method: 'HEAD' })).toBe('not-found');
  });

  it("a discontinued Amazon product, redirected to Amazon's home page", () => {
    const result = classifyResponse(redirected(AMAZON, 'https://www.amazon.com/ref=cs_503_logo'), now);
    expect(result?.class).toBe('not-found');
    expect(classOf(redirected(AMAZON, 'https://www.amazon.com/'))).toBe('not-found');
  });
});

describe('soft not found', () => {
  it('a redirect to a search page', () => {
    expect(classOf(redirected(AMAZON, 'https://www.amazon.com/s?k=foam+roller&tag=repwell-20'))).toBe('soft-not-found');
    expect(classOf(redirected('https://shop.example/p/roller', 'https://shop.example/search?q=roller'))).toBe('soft-not-found');
  });

  it("a redirect to a retailer's home page", () => {
    expect(classOf(redirected('https://shop.example/p/roller', 'https://shop.example/'))).toBe('soft-not-found');
  });

  it("a 200 page that says the product is no longer available, or whose title says not found", () => {
    expect(classOf(get('https://shop.example/p/mini', { body: page('no-longer-available.html') }))).toBe('soft-not-found');
    expect(classOf(get('https://shop.example/p/x', { body: '<html><head><title>Page Not Found | Shop</title></head><body>Sorry</body></html>' }))).toBe('soft-not-found');
  });
});

describe('out of stock', () => {
  it('schema.org OutOfStock in microdata and SoldOut in JSON-LD', () => {
    expect(classOf(get('https://shop.example/p/band', { body: scrapePage('microdata-product.html') }))).toBe('out-of-stock');
    expect(classOf(get('https://shop.example/p/db', { body: page('jsonld-sold-out.html') }))).toBe('out-of-stock');
  });

  it("Amazon's 'Currently unavailable'", () => {
    expect(classOf(get(AMAZON, { body: page('amazon-unavailable.html') }))).toBe('out-of-stock');
  });

  it("the retailer's wording on a page without availability markup", () => {
    expect(classOf(get('https://shop.example/p/x', { body: '<html><body><h1>Kettlebell 16 kg</h1><p class="stock">Out of stock</p></body></html>' }))).toBe('out-of-stock');
    expect(classOf(get('https://shop.example/p/x', { body: '<html><body><h1>Kettlebell 16 kg</h1><span>Sold Out</span></body></html>' }))).toBe('out-of-stock');
  });

  it('availability markup cut off at the read limit is still read from the raw JSON', () => {
    const cut = `<html><head><script type="application/ld+json">{"@type":"Product","offers":{"availability":"https://schema.org/OutOfStock"`;
    expect(classOf(get('https://shop.example/p/x', { body: cut }))).toBe('out-of-stock');
  });
});

describe('blocked: could not check, never broken', () => {
  it('403, 429 and 503 to a GET; 429 and 503 already to a HEAD', () => {
    for (const status of [403, 429, 503]) expect(classOf(get('https://shop.example/p/x', { status }))).toBe('blocked');
    expect(classOf({ ...get('https://shop.example/p/x', { status: 429 }), method: 'HEAD' })).toBe('blocked');
    expect(classOf({ ...get('https://shop.example/p/x', { status: 503 }), method: 'HEAD' })).toBe('blocked');
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(classifyResponse(get('https://shop.example/p/x', { status: 429, headers: { 'retry-after': '120' } }), now)?.retryAfterMs).toBe(120_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it("Amazon's 200 captcha page, by its words and by /errors/validateCaptcha", () => {
    expect(classOf(get(AMAZON, { body: page('amazon-captcha.html') }))).toBe('blocked');
    expect(classOf(redirected(AMAZON, 'https://www.amazon.com/errors/validateCaptcha?amzn=x'))).toBe('blocked');
  });
});

describe('error', () => {
  it('DNS, TLS, timeouts and refusals of the fetcher', () => {
    expect(classifyFailure({ requestedUrl: 'https://nowhere.example/', code: 'network', message: 'getaddrinfo ENOTFOUND nowhere.example' })).toMatchObject({
      class: 'error',
      statusCode: null,
    });
    expect(classifyFailure({ requestedUrl: 'https://slow.example/', code: 'timeout', message: 'took longer' }).detail).toMatch(/^Timed out/);
    expect(classifyFailure({ requestedUrl: 'http://10.0.0.1/', code: 'blocked-address', message: 'private' }).detail).toMatch(/Refused by the fetcher/);
  });

  it('another 5xx to a GET', () => {
    expect(classOf(get('https://shop.example/p/x', { status: 500 }))).toBe('error');
  });
});

describe('HEAD first', () => {
  it('a HEAD that is refused or says nothing about stock asks for a GET (null)', () => {
    for (const status of [200, 403, 405, 501, 400, 500]) {
      expect(classifyResponse({ ...get('https://shop.example/p/x', { status }), method: 'HEAD' }, now)).toBeNull();
    }
  });
});

describe('worst first', () => {
  it('orders dead links before lost tags, stock, could-not-check and redirects, then by product id', () => {
    const rows = linkHealthClasses.map((lastClass, index) => ({ lastClass, productId: 100 - index }));
    expect(rows.sort(compareWorstFirst).map((row) => row.lastClass)).toEqual(['not-found', 'soft-not-found', 'tag-lost', 'out-of-stock', 'error', 'blocked', 'redirected', 'ok']);
    expect(classSeverity.blocked).toBeLessThan(classSeverity['out-of-stock']);
  });
});
