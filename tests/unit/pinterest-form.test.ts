/**
 * The Pinterest screen's form rules (issue 12, point 1): the messages under fields are the contract's, the publish
 * time typed in local time goes out as the same instant in UTC, the default link is left for the server to key, a
 * switch to the affiliate link brings the disclosure, and the counters speak only at thresholds.
 */
import { describe, expect, it } from 'vitest';
import { pinCreateRequestSchema, type PinDefaults } from '../../src/domain/admin/pinterest/api.ts';
import {
  counterAnnouncement,
  counterText,
  createRequest,
  fromLocalInput,
  linkDomain,
  pinFormSchema,
  switchLinkType,
  toLocalInput,
  valuesFromDefaults,
} from '../../src/islands/admin/pinterest/pin-form.ts';

const defaults: PinDefaults = {
  source: { type: 'product', id: 7, name: 'Foam Roller', slug: 'foam-roller' },
  title: 'Foam Roller',
  description: 'A firm roller for recovery.',
  descriptionForAffiliate: 'A firm roller for recovery. #ad',
  altText: 'A blue foam roller',
  pageLink: 'https://repwell.example/product/foam-roller?utm_source=pinterest&utm_medium=social&utm_campaign=product_pins',
  affiliateLink: 'https://www.amazon.com/dp/B000000001?tag=repwell-20',
  images: [{ url: '/images/foam-roller.jpg', label: 'Main image' }],
  imageUrl: '/images/foam-roller.jpg',
  existingPins: 0,
};

const messages = (values: unknown) => {
  const result = pinFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the pin form', () => {
  it('starts from the source defaults as a valid draft', () => {
    const values = valuesFromDefaults(defaults);
    expect(values).toMatchObject({ title: 'Foam Roller', linkType: 'page', imageUrl: '/images/foam-roller.jpg', publish: 'draft' });
    expect(messages(values)).toEqual([]);
  });

  it('names the field and the limit as the server does', () => {
    const values = valuesFromDefaults(defaults);
    expect(messages({ ...values, title: 'a'.repeat(101) })).toEqual(['Title must be at most 100 characters.']);
    expect(messages({ ...values, description: 'a'.repeat(801) })).toEqual(['Description must be at most 800 characters.']);
    expect(messages({ ...values, altText: 'a'.repeat(501) })).toEqual(['Alt text must be at most 500 characters.']);
    expect(messages({ ...values, link: `https://a.example/${'a'.repeat(2048)}` })).toEqual(['Destination link must be at most 2048 characters.']);
  });

  it('needs a board and a time to schedule', () => {
    const values = { ...valuesFromDefaults(defaults), publish: 'schedule' };
    // Under the board list and under the board name field, whichever the screen shows (never a silent submit).
    expect(messages(values)).toEqual(['Choose a publish time, or publish now.', 'Board is required to schedule or publish a pin.', 'Board is required to schedule or publish a pin.']);
    expect(pinFormSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['publishAtLocal', 'boardId', 'boardName']);
    expect(messages({ ...values, publishAtLocal: 'soon', boardId: '123' })).toEqual(['Publish time must be a date and time.']);
    expect(messages({ ...values, publishAtLocal: '2026-12-01T09:30', boardId: '123' })).toEqual([]);
  });

  it('schedules with a board named by text when no board can be listed (no token), and sends the name', () => {
    const values = { ...valuesFromDefaults(defaults), publish: 'schedule' as const, publishAtLocal: '2026-12-01T09:30', boardName: '  Home recovery ' };
    expect(messages(values)).toEqual([]);
    const request = createRequest({ type: 'product', id: 7 }, values, defaults, new Map());
    expect(request).toMatchObject({ boardId: null, boardName: 'Home recovery', publish: 'schedule', publishAt: new Date(2026, 11, 1, 9, 30).toISOString() });
    expect(pinCreateRequestSchema.safeParse(request).success).toBe(true);
    expect(messages({ ...values, boardName: '   ' })).toContain('Board is required to schedule or publish a pin.');
  });

  it('reads the publish time as local time and sends the same instant in UTC', () => {
    const instant = new Date(2026, 11, 1, 9, 30, 15);
    expect(toLocalInput(instant)).toBe('2026-12-01T09:30:15');
    expect(fromLocalInput('2026-12-01T09:30:15')?.toISOString()).toBe(instant.toISOString());
    expect(fromLocalInput('2026-12-01T09:30')?.getTime()).toBe(new Date(2026, 11, 1, 9, 30).getTime());
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('sends a request the contract accepts, leaving an unchanged default link to the server', () => {
    const values = { ...valuesFromDefaults(defaults), publish: 'schedule' as const, publishAtLocal: '2026-12-01T09:30', boardId: '123' };
    const body = createRequest({ type: 'product', id: 7 }, values, defaults, new Map([['123', 'Home gym']]));
    expect(body).not.toHaveProperty('link');
    expect(body).toMatchObject({ boardId: '123', boardName: 'Home gym', publish: 'schedule', publishAt: new Date(2026, 11, 1, 9, 30).toISOString() });
    expect(pinCreateRequestSchema.safeParse(body).success).toBe(true);
    const typed = createRequest({ type: 'product', id: 7 }, { ...values, link: 'https://repwell.example/deals' }, defaults, new Map());
    expect(typed.link).toBe('https://repwell.example/deals');
  });

  it('switches to the affiliate link with the #ad description, and back, unless the description was rewritten', () => {
    const values = valuesFromDefaults(defaults);
    expect(switchLinkType(values, defaults, 'affiliate')).toEqual({ link: defaults.affiliateLink, description: defaults.descriptionForAffiliate });
    expect(switchLinkType({ link: defaults.affiliateLink!, description: defaults.descriptionForAffiliate }, defaults, 'page')).toEqual({
      link: defaults.pageLink,
      description: defaults.description,
    });
    expect(switchLinkType({ ...values, description: 'My own words' }, defaults, 'affiliate').description).toBe('My own words');
  });

  it('counts characters left, and announces only at thresholds', () => {
    expect(counterText('a'.repeat(60), 100)).toBe('40 characters left');
    expect(counterText('a'.repeat(99), 100)).toBe('1 character left');
    expect(counterText('a'.repeat(103), 100)).toBe('3 characters over the limit of 100');
    expect(counterText('💪'.repeat(10), 100)).toBe('90 characters left');
    expect(counterAnnouncement('Title', 'a'.repeat(40), 100)).toBe('');
    expect(counterAnnouncement('Title', 'a'.repeat(51), 100)).toBe(counterAnnouncement('Title', 'a'.repeat(60), 100));
    expect(counterAnnouncement('Title', 'a'.repeat(95), 100)).toBe('Title: 10 or fewer characters left.');
    expect(counterAnnouncement('Title', 'a'.repeat(101), 100)).toBe('Title is over the limit of 100 characters.');
  });

  it('shows the link domain as Pinterest does', () => {
    expect(linkDomain('https://www.repwell.example/product/x?utm_source=pinterest')).toBe('repwell.example');
    expect(linkDomain('not a link')).toBe('');
  });
});
