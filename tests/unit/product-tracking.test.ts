import { describe, expect, it } from 'vitest';
import { isLikelyBot, saltDay, trackRequestSchema } from '../../src/domain/tracking.ts';

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

describe('the client key changes every UTC day', () => {
  it('names the day', () => {
    expect(saltDay(Date.parse('2026-06-01T23:59:59Z'))).toBe('2026-06-01');
    expect(saltDay(Date.parse('2026-06-02T00:00:00Z'))).toBe('2026-06-02');
  });
});
