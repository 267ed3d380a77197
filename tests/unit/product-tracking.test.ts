import { describe, expect, it } from 'vitest';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import { isLikelyBot, isPrefetchRequest, MAX_PAGE_PATH_LENGTH, productPagePath, saltDay, trackedPagePath, trackRequestSchema } from '../../src/domain/tracking.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('obvious bots are not counted', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'curl/8.5.0',
    'python-requests/2.32.3',
    'Wget/1.21.4',
    '',
  ])('%s', (userAgent) => {
    expect(isLikelyBot(userAgent)).toBe(true);
  });

  it('counts browsers', () => {
    expect(isLikelyBot(CHROME)).toBe(false);
    expect(isLikelyBot(SAFARI_IPHONE)).toBe(false);
  });

  it('treats a missing User-Agent as a bot', () => {
    expect(isLikelyBot(null)).toBe(true);
    expect(isLikelyBot(undefined)).toBe(true);
  });
});

describe('the tracking request', () => {
  it('accepts a view or a click of a product id', () => {
    expect(trackRequestSchema.parse({ productId: 3, event: 'view' })).toEqual({ productId: 3, event: 'view' });
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'click' }).success).toBe(true);
  });

  it('refuses other events and ids', () => {
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'conversion' }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: 0, event: 'view' }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: '3', event: 'view' }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: 1.5, event: 'view' }).success).toBe(false);
  });
});

describe('a click with its click id', () => {
  const clickId = newClickId();

  it('accepts a click id with the page path and the network the page read', () => {
    const body = { productId: 3, event: 'click', clickId, pagePath: '/product/foam-roller', network: 'impact' };
    expect(trackRequestSchema.parse(body)).toEqual(body);
    expect(trackRequestSchema.safeParse({ ...body, network: null }).success).toBe(true);
  });

  it('refuses a click id the site could not have made, a click id on a view, and a click id without its page', () => {
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'click', clickId: 'abc', pagePath: '/' }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'click', clickId: `${clickId.slice(0, 21)}B`, pagePath: '/' }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'view', clickId, pagePath: '/' }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'click', clickId }).success).toBe(false);
    expect(trackRequestSchema.safeParse({ productId: 3, event: 'click', clickId, pagePath: '/', network: 'shareasale' }).success).toBe(false);
  });
});

describe('the page path stored with an event', () => {
  it('keeps a site path as pages are served, without query or fragment', () => {
    expect(trackedPagePath('/product/foam-roller')).toBe('/product/foam-roller');
    expect(trackedPagePath('/products?search=roller&email=a@b.c')).toBe('/products');
    expect(trackedPagePath('/blog/best-rollers#deals')).toBe('/blog/best-rollers');
    expect(trackedPagePath('/about.html')).toBe('/about');
    expect(trackedPagePath('/products/category/recovery/')).toBe('/products/category/recovery');
    expect(trackedPagePath('/')).toBe('/');
    expect(trackedPagePath('/index.html')).toBe('/');
    expect(trackedPagePath('/product/caf%C3%A9-roller')).toBe('/product/caf%C3%A9-roller');
  });

  it('refuses what is not a path of this site', () => {
    for (const value of ['', 'product/x', 'https://evil.example/x', '//evil.example/x', '/\\evil.example', '/a b', '/caf\u00e9', '/x\u0000y', '/a/../admin', '/./x', '?q=1']) {
      expect(trackedPagePath(value), value).toBeNull();
    }
  });

  it('caps the length', () => {
    expect(trackedPagePath(`/${'a'.repeat(MAX_PAGE_PATH_LENGTH - 1)}`)).toHaveLength(MAX_PAGE_PATH_LENGTH);
    expect(trackedPagePath(`/${'a'.repeat(MAX_PAGE_PATH_LENGTH)}`)).toBeNull();
  });

  it('names a product page by its slug', () => {
    expect(productPagePath('foam-roller')).toBe('/product/foam-roller');
  });
});

describe('prefetch and prerender requests are not counted', () => {
  it.each([
    ['sec-purpose', 'prefetch'],
    ['sec-purpose', 'prefetch;prerender'],
    ['sec-purpose', 'Prefetch; anonymous-client-ip'],
    ['purpose', 'prefetch'],
    ['x-purpose', 'preview'],
    ['x-purpose', 'prefetch'],
    ['x-moz', 'prefetch'],
  ])('%s: %s', (name, value) => {
    expect(isPrefetchRequest(new Headers({ [name]: value }))).toBe(true);
  });

  it('counts ordinary requests', () => {
    expect(isPrefetchRequest(new Headers())).toBe(false);
    expect(isPrefetchRequest(new Headers({ 'sec-purpose': 'other', purpose: 'navigate', 'x-moz': 'nothing', 'x-purpose': 'instant' }))).toBe(false);
    expect(isPrefetchRequest(new Headers({ 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'no-cors' }))).toBe(false);
  });
});

describe('the client key changes every UTC day', () => {
  it('names the day', () => {
    expect(saltDay(Date.parse('2026-06-01T23:59:59Z'))).toBe('2026-06-01');
    expect(saltDay(Date.parse('2026-06-02T00:00:00Z'))).toBe('2026-06-02');
  });
});
