/**
 * Limits keyed by client address, through the real functions as Netlify calls them (the platform hands each one the
 * client's address as context.ip) against a real libSQL file: the three spellings of one IPv4 address are one client,
 * and one IPv6 /64 is one client, for sign-up, sign-in, contact, tracking and postbacks. Every burst is sent all at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { CONTACT_RATE_LIMIT } from '../../src/domain/contact.ts';
import { rateLimits } from '../../src/domain/rate-limit.ts';
import { POSTBACK_RATE_LIMIT } from '../../src/domain/revenue/postback-request.ts';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import { recordTrackEvents } from '../../src/server/tracking.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

type Handler = (request: Request, context?: { ip?: string; params?: Record<string, string | undefined> }) => Promise<Response>;

let temp: TempDatabase;
let signUp: Handler;
let signIn: Handler;
let contact: Handler;
let conversions: Handler;

beforeAll(async () => {
  temp = await createTempDatabase();
  process.env.DATABASE_URL = temp.url;
  process.env.SITE_URL ??= 'http://localhost:4321';
  signUp = (await import('../../netlify/functions/auth-sign-up.ts')).default;
  signIn = (await import('../../netlify/functions/auth-sign-in.ts')).default;
  contact = (await import('../../netlify/functions/contact.ts')).default;
  conversions = (await import('../../netlify/functions/conversions.ts')).default;
});
afterAll(() => temp.cleanup());

const post = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Sends `count` requests at once, the i-th from addresses[i % addresses.length]; answers each status. */
async function burst(handler: Handler, request: () => Request, addresses: readonly string[], count: number, params?: Record<string, string>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => handler(request(), { ip: addresses[index % addresses.length], params })));
  return answers.map((answer) => answer.status);
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** Addresses of one /64, each different in its lower 64 bits, as a host may pick them at will. */
const sixtyFour = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}:${(index + 1).toString(16)}:${((index * 7919 + 3) % 0x10000).toString(16)}:0:1`);

describe('the three spellings of one IPv4 address are one client', () => {
  it('sign-up: 40 requests at once spread over 127.0.0.1, ::ffff:127.0.0.1 and ::ffff:7f00:1 get exactly the limit through', async () => {
    // An empty body: the limit is counted before the body is read, so what passes answers 422 without a password hash.
    const statuses = await burst(signUp, () => post('/api/auth/sign-up', {}), ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1'], 40);
    expect(tally(statuses)).toEqual({ 422: rateLimits.signUp.max, 429: 40 - rateLimits.signUp.max });
  });

  it('contact: the flood limit counts the spellings together', async () => {
    const message = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', subject: 'Hello', message: 'A question about foam rollers.' };
    const statuses = await burst(contact, () => post('/api/contact', message), ['10.1.2.3', '::ffff:10.1.2.3', '::ffff:a01:203'], 12);
    expect(tally(statuses)).toEqual({ 201: CONTACT_RATE_LIMIT.max, 429: 12 - CONTACT_RATE_LIMIT.max });
  });
});

describe('one IPv6 /64 is one client', () => {
  it('sign-in: 40 addresses of one /64 at once get the limit through, and the next /64 is a client of its own', async () => {
    const statuses = await burst(signIn, () => post('/api/auth/sign-in', {}), sixtyFour('2001:db8:aa:1', 40), 40);
    expect(tally(statuses)).toEqual({ 422: rateLimits.signIn.max, 429: 40 - rateLimits.signIn.max });
    expect(await burst(signIn, () => post('/api/auth/sign-in', {}), ['2001:db8:aa:2::1'], 1)).toEqual([422]);
  });

  it('sign-up: the same, with the /64 written in full and compressed forms', async () => {
    const addresses = [...sixtyFour('2001:db8:bb:1', 20), ...sixtyFour('2001:0DB8:00BB:0001', 20)];
    const statuses = await burst(signUp, () => post('/api/auth/sign-up', {}), addresses, 40);
    expect(tally(statuses)).toEqual({ 422: rateLimits.signUp.max, 429: 40 - rateLimits.signUp.max });
  });

  it('contact: a /64 cannot send more than the flood limit by changing address', async () => {
    const message = { firstName: 'Bo', lastName: 'Ng', email: 'bo@example.com', subject: 'Hi', message: 'Another question.' };
    const statuses = await burst(contact, () => post('/api/contact', message), sixtyFour('2001:db8:cc:1', 12), 12);
    expect(tally(statuses)).toEqual({ 201: CONTACT_RATE_LIMIT.max, 429: 12 - CONTACT_RATE_LIMIT.max });
  });

  it('tracking: clicks from 150 addresses of one /64, in parallel batches, store at most the limit', async () => {
    const [product] = await temp.database.run((db) =>
      db.insert(products).values({ name: 'Tracked', slug: 'tracked', price: 10, affiliateUrl: 'https://example.com/tracked' }).returning({ id: products.id }),
    );
    const addresses = [...sixtyFour('2001:db8:ee:1', 75), ...['198.51.100.20', '::ffff:198.51.100.20', '::ffff:c633:6414']];
    const events = Array.from({ length: 150 }, (_, index) => ({
      productId: product!.id,
      event: 'click' as const,
      clickId: newClickId(),
      pagePath: '/products',
      clientAddress: addresses[index % 75]!,
      userAgent: 'Mozilla/5.0',
    }));
    // Batches of 10 written at once, as the tracking writer's batches of one burst.
    const batches = Array.from({ length: 15 }, (_, index) => events.slice(index * 10, index * 10 + 10));
    const outcomes = (await Promise.all(batches.map((batch) => recordTrackEvents(temp.database, batch, { rateLimit: rateLimits.track })))).flat();
    // Past the limit an event is 'limited'; within it, 'recorded' or a 'repeat' of the same click by the same address.
    expect(outcomes.filter((outcome) => outcome !== 'limited')).toHaveLength(rateLimits.track.max);
    const spelled = Array.from({ length: 90 }, (_, index) => ({ ...events[0]!, clickId: newClickId(), clientAddress: addresses[75 + (index % 3)]! }));
    const spelledOutcomes = (await Promise.all([0, 1, 2].map((part) => recordTrackEvents(temp.database, spelled.slice(part * 30, part * 30 + 30), { rateLimit: rateLimits.track })))).flat();
    expect(spelledOutcomes.filter((outcome) => outcome !== 'limited')).toHaveLength(rateLimits.track.max);
  });

  it('postbacks: a /64 probing tokens is cut off like one address', async () => {
    const token = 'A'.repeat(43);
    const request = () => new Request(`http://localhost/api/conversions/generic/${token}?transaction_id=P-1&commission=1`);
    const count = POSTBACK_RATE_LIMIT.max + 50;
    const statuses = await burst(conversions, request, sixtyFour('2001:db8:dd:1', count), count, { network: 'generic', token });
    // An unconfigured network: 404 while under the limit, 429 past it.
    expect(tally(statuses)).toEqual({ 404: POSTBACK_RATE_LIMIT.max, 429: 50 });
  });
});
