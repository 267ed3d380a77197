/**
 * The Pinterest publisher's rules (issue 12, points 1, 4 and 6): field limits and their messages, counters, default
 * texts with the affiliate disclosure, UTM links carrying the pin key, image warnings and the publisher's pace.
 */
import { describe, expect, it } from 'vitest';
import { pinStatuses as dbPinStatuses, pinSourceTypes as dbSourceTypes } from '../../db/schema.ts';
import { parsePinListQuery, pinBulkRequestSchema, pinCreateRequestSchema, pinUpdateRequestSchema } from '../../src/domain/admin/pinterest/api.ts';
import { defaultPostPinTexts, defaultProductPinTexts, hasDisclosure, withDisclosure } from '../../src/domain/admin/pinterest/default-texts.ts';
import { imageWarnings, productImageChoices } from '../../src/domain/admin/pinterest/images.ts';
import { charactersLeft, PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, truncateText } from '../../src/domain/admin/pinterest/limits.ts';
import { affiliatePinLink, isAffiliateLink, isPinKey, pinKeyOfLink, pinPageLink } from '../../src/domain/admin/pinterest/links.ts';
import { maySendNow, nextSendTime, spacingMs, spreadSchedule } from '../../src/domain/admin/pinterest/spacing.ts';
import { pinSourceTypes, pinStatuses } from '../../src/domain/admin/pinterest/texts.ts';
import { rateLimitWaitMs } from '../../src/server/pinterest/client.ts';

const SITE = 'https://repwell.example';
const KEY = 'pin_abcdefghijklmnopqrst';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('pin limits and their messages', () => {
  const base = { source: { type: 'product', id: 1 } } as const;

  it('keeps the statuses and source types equal to the database enums', () => {
    expect([...pinStatuses]).toEqual([...dbPinStatuses]);
    expect([...pinSourceTypes]).toEqual([...dbSourceTypes]);
  });

  it('accepts a title of 100 characters and names the field and the limit at 101', () => {
    expect(pinCreateRequestSchema.safeParse({ ...base, title: 'a'.repeat(PIN_TITLE_MAX) }).success).toBe(true);
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, title: 'a'.repeat(101) }))).toBe('Title must be at most 100 characters.');
  });

  it('counts an emoji as one character, as Pinterest does', () => {
    expect(pinCreateRequestSchema.safeParse({ ...base, title: '💪'.repeat(100) }).success).toBe(true);
    expect(charactersLeft('💪💪', 100)).toBe(98);
  });

  it('limits the description to 800, the link to 2048 and the alt text to 500 characters', () => {
    expect(pinCreateRequestSchema.safeParse({ ...base, description: 'd'.repeat(PIN_DESCRIPTION_MAX) }).success).toBe(true);
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, description: 'd'.repeat(801) }))).toBe('Description must be at most 800 characters.');
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, link: `https://a.example/${'x'.repeat(2048)}` }))).toBe(
      'Destination link must be at most 2048 characters.',
    );
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, altText: 'a'.repeat(501) }))).toBe('Alt text must be at most 500 characters.');
  });

  it('refuses a link that is not http(s) and an empty title', () => {
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, link: 'javascript:alert(1)' }))).toBe(
      'Destination link must be a web address starting with https:// or http://.',
    );
    expect(firstIssue(pinUpdateRequestSchema.safeParse({ title: '   ' }))).toBe('Title is required.');
  });

  it('needs a board to publish or schedule, and a time to schedule', () => {
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, publish: 'now' }))).toBe('Board is required to schedule or publish a pin.');
    expect(firstIssue(pinCreateRequestSchema.safeParse({ ...base, publish: 'schedule', boardId: '123' }))).toBe('Choose a publish time, or publish now.');
    expect(pinCreateRequestSchema.safeParse({ ...base, publish: 'schedule', boardId: '123', publishAt: '2026-12-01T09:00:00Z' }).success).toBe(true);
  });

  it('shows characters left, negative when over', () => {
    expect(charactersLeft('', 100)).toBe(100);
    expect(charactersLeft('a'.repeat(105), 100)).toBe(-5);
    expect(charactersLeft(null, 500)).toBe(500);
  });

  it('cuts long text on a word with an ellipsis within the limit', () => {
    const cut = truncateText('word '.repeat(40), 50);
    expect([...cut].length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('reads the list query and names a wrong parameter', () => {
    expect(parsePinListQuery(new URLSearchParams('status=failed&board=42&page=2&pageSize=50'))).toEqual({
      ok: true,
      value: { status: 'failed', board: '42', page: 2, pageSize: 50 },
    });
    expect(parsePinListQuery(new URLSearchParams('status=gone'))).toEqual({ ok: false, message: 'status must be one of draft, scheduled, publishing, published, failed.' });
    expect(parsePinListQuery(new URLSearchParams('pageSize=7'))).toEqual({ ok: false, message: 'pageSize must be one of 25, 50, 100.' });
  });

  it('parses the bulk actions', () => {
    expect(pinBulkRequestSchema.safeParse({ action: 'create-drafts', scope: { type: 'without-pin' } }).success).toBe(true);
    expect(pinBulkRequestSchema.parse({ action: 'reschedule', ids: [3, 3, 4], publishAt: '2026-12-01T09:00:00Z' })).toMatchObject({ ids: [3, 4], everyMinutes: 0 });
    expect(firstIssue(pinBulkRequestSchema.safeParse({ action: 'delete', ids: [] }))).toBe('Select at least one pin (at most 500).');
  });
});

describe('default texts', () => {
  const product = {
    name: 'Foam Roller Pro',
    price: 40,
    salePrice: 34.99,
    description: '<p>High-density foam for <strong>deep</strong> recovery.</p>',
    attributes: { product_num_ratings: 2500, is_prime: true, brand: 'Repwell' },
    specifications: { size: '33 × 15 cm', material: 'EVA foam', product_url: 'https://x.example' },
  };

  it('writes a product pin from its name, highlights and specifications, and never its price, which a pin cannot keep true', () => {
    const texts = defaultProductPinTexts(product, false);
    expect(texts.title).toBe('Foam Roller Pro');
    expect(texts.description).toBe(
      'Foam Roller Pro. Trusted by 2.5K+ customers · Prime eligible. size: 33 × 15 cm; material: EVA foam. High-density foam for deep recovery.',
    );
    expect(texts.description).not.toMatch(/\$\d/);
    expect(hasDisclosure(texts.description)).toBe(false);
    expect(texts.altText).toBe('Foam Roller Pro by Repwell');
  });

  it('adds #ad when the destination is an affiliate link, and keeps it when the text is cut', () => {
    expect(defaultProductPinTexts(product, true).description.endsWith(' #ad')).toBe(true);
    const long = withDisclosure('word '.repeat(400), true, 800);
    expect([...long].length).toBeLessThanOrEqual(800);
    expect(long.endsWith('… #ad')).toBe(true);
    const alreadyTagged = withDisclosure(`${'word '.repeat(200)}#ad`, true, 500);
    expect([...alreadyTagged].length).toBeLessThanOrEqual(500);
    expect(alreadyTagged.endsWith(' #ad')).toBe(true);
    expect(withDisclosure('Great roller #ad', true)).toBe('Great roller #ad');
    expect(withDisclosure('Great roller', false)).toBe('Great roller');
  });

  it('writes a post pin from its excerpt, or its content when the excerpt is empty', () => {
    expect(defaultPostPinTexts({ title: 'Foam Rolling 101', excerpt: 'Start here.', content: '' })).toEqual({
      title: 'Foam Rolling 101',
      description: 'Start here.',
      altText: 'Foam Rolling 101',
    });
    expect(defaultPostPinTexts({ title: 'T', excerpt: ' ', content: '<p>Body text</p>' }).description).toBe('Body text');
  });

  it('cuts a long product name to the title limit', () => {
    expect([...defaultProductPinTexts({ ...product, name: 'N'.repeat(150) }, false).title].length).toBeLessThanOrEqual(PIN_TITLE_MAX);
  });
});

describe('destination links', () => {
  it('links our product or post page with UTM parameters and the pin key in utm_content', () => {
    expect(pinPageLink(SITE, { type: 'product', slug: 'foam-roller-pro' }, KEY)).toBe(
      `${SITE}/product/foam-roller-pro?utm_source=pinterest&utm_medium=social&utm_campaign=product_pins&utm_content=${KEY}`,
    );
    expect(pinPageLink(SITE, { type: 'post', slug: 'foam-rolling-101' }, KEY)).toContain('/blog/foam-rolling-101?utm_source=pinterest&utm_medium=social&utm_campaign=blog_pins');
    expect(pinKeyOfLink(pinPageLink(SITE, { type: 'post', slug: 's' }, KEY))).toBe(KEY);
    expect(pinKeyOfLink('https://www.amazon.com/dp/B000000001?tag=repwell-20')).toBeNull();
    expect(isPinKey(KEY)).toBe(true);
    expect(isPinKey('pin_short')).toBe(false);
  });

  it('tells an affiliate destination from our own page', () => {
    const options = { siteUrl: SITE, productAffiliateUrl: 'https://shop.example/roller', amazonTag: 'repwell-20' };
    expect(isAffiliateLink(`${SITE}/product/x?utm_source=pinterest`, options)).toBe(false);
    expect(isAffiliateLink('https://shop.example/roller', options)).toBe(true);
    expect(isAffiliateLink('https://www.amazon.com/dp/B0FOAM0001?tag=repwell-20', options)).toBe(true);
    expect(isAffiliateLink('https://www.ebay.com/itm/123456789012', options)).toBe(true);
    expect(isAffiliateLink('https://blog.example/article', options)).toBe(false);
  });

  it('links the affiliate URL as the buy button does: Amazon tagged', () => {
    expect(affiliatePinLink('https://www.amazon.com/Foam-Roller/dp/B0FOAM0001/ref=x', 'repwell-20')).toBe('https://www.amazon.com/dp/B0FOAM0001?tag=repwell-20');
  });
});

describe('image warnings', () => {
  it('offers the main image first, then the gallery without repeats', () => {
    expect(productImageChoices({ imageUrl: '/images/a.png', attributes: { gallery_image_urls: ['/images/a.png', 'https://cdn.example/b.jpg', 'javascript:x'] } })).toEqual([
      { url: '/images/a.png', label: 'Main image' },
      { url: 'https://cdn.example/b.jpg', label: 'Gallery image 1' },
    ]);
  });

  it('says nothing for a 2:3 JPEG', () => {
    expect(imageWarnings({ url: 'https://cdn.example/pin.jpg', width: 1000, height: 1500 })).toEqual([]);
  });

  it('warns that Pinterest crops an image taller than 1:2.1', () => {
    expect(imageWarnings({ url: 'https://cdn.example/pin.jpg', width: 1000, height: 2200 }).map((w) => [w.code, w.severity])).toEqual([['too-tall', 'crop']]);
    expect(imageWarnings({ url: 'https://cdn.example/pin.jpg', width: 1000, height: 2100 }).map((w) => w.code)).toEqual(['not-recommended-ratio']);
  });

  it('warns of images Pinterest refuses: too small or of a type it does not take', () => {
    expect(imageWarnings({ url: 'https://cdn.example/pin.png', width: 150, height: 225 }).map((w) => w.code)).toEqual(['too-small']);
    expect(imageWarnings({ url: '/images/product.svg' }).map((w) => [w.code, w.severity])).toEqual([['unsupported-type', 'refuse']]);
    expect(imageWarnings({ url: '/images/p.png', siteUrl: 'http://localhost:8888' }).map((w) => w.code)).toEqual(['not-public']);
  });

  it('recommends 2:3 for a square image', () => {
    const [warning] = imageWarnings({ url: 'https://cdn.example/pin.webp', width: 1000, height: 1000 });
    expect(warning?.severity).toBe('advice');
    expect(warning?.message).toContain('2:3');
  });
});

describe('the publisher pace', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('spaces scheduled pins 60/perHour minutes apart', () => {
    expect(spacingMs(10)).toBe(6 * 60_000);
    expect(maySendNow({ recent: [], perHour: 10, now, spaced: true })).toBe(true);
    expect(nextSendTime({ recent: [minutesAgo(2)], perHour: 10, now, spaced: true })).toEqual(new Date(now.getTime() + 4 * 60_000));
    expect(maySendNow({ recent: [minutesAgo(6)], perHour: 10, now, spaced: true })).toBe(true);
  });

  it('never lets more than perHour go out in a rolling hour, even for publish now', () => {
    const ten = Array.from({ length: 10 }, (_, index) => minutesAgo(50 - index));
    expect(maySendNow({ recent: ten, perHour: 10, now, spaced: false })).toBe(false);
    expect(nextSendTime({ recent: ten, perHour: 10, now, spaced: false })).toEqual(new Date(now.getTime() + 10 * 60_000));
    expect(maySendNow({ recent: ten.slice(1), perHour: 10, now, spaced: false })).toBe(true);
    // Sends older than an hour no longer count.
    expect(maySendNow({ recent: [minutesAgo(61), minutesAgo(70)], perHour: 2, now, spaced: true })).toBe(true);
  });

  it('spreads a bulk reschedule from its first time', () => {
    expect(spreadSchedule(3, now, 30).map((date) => date.toISOString())).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T10:30:00.000Z', '2026-11-23T11:00:00.000Z']);
  });
});

describe('how long a 429 asks us to wait', () => {
  const now = Date.UTC(2026, 10, 23, 10, 0, 0);
  it('reads Retry-After in seconds or as a date, else x-ratelimit-reset, else a minute', () => {
    expect(rateLimitWaitMs(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(rateLimitWaitMs(new Headers({ 'retry-after': new Date(now + 30_000).toUTCString() }), now)).toBe(30_000);
    expect(rateLimitWaitMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 90) }), now)).toBe(90_000);
    expect(rateLimitWaitMs(new Headers({ 'x-ratelimit-reset': '45' }), now)).toBe(45_000);
    expect(rateLimitWaitMs(new Headers(), now)).toBe(60_000);
  });
});
