/**
 * The Creators API client against a fake Creators API on 127.0.0.1 (tests/helpers/fake-creators-api.ts): the token
 * fetched once and reused, refetched when it expires or the API refuses it, GetItems ten ASINs a request, the rate
 * limit and the back-off on 429 (Retry-After honoured), partial answers, and every failure named.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatorsConfig } from '../../src/server/amazon/config.ts';
import { CreatorsClient } from '../../src/server/amazon/creators-client.ts';
import { CreatorsApiError } from '../../src/server/amazon/errors.ts';
import { fetchAmazonItems } from '../../src/server/amazon/items.ts';
import { RequestPacer } from '../../src/server/amazon/pacer.ts';
import { TokenSource } from '../../src/server/amazon/token.ts';
import { fakeItem, startFakeCreators, type FakeCreators } from '../helpers/fake-creators-api.ts';

let fake: FakeCreators;

const asins = Array.from({ length: 25 }, (_, i) => `B0TEST${String(i).padStart(4, '0')}`);

function config(overrides: Partial<CreatorsConfig> = {}): CreatorsConfig {
  return {
    credentialId: fake.credentialId,
    credentialSecret: fake.credentialSecret,
    credentialVersion: '2.1',
    tokenStyle: 'cognito',
    tokenUrl: fake.tokenUrl,
    apiBase: fake.url,
    marketplace: 'www.amazon.com',
    partnerTag: 'repwell-20',
    requestsPerSecond: 50,
    ...overrides,
  };
}

/** A client with its own pacer, so one test's throttling never slows another. */
const client = (overrides: Partial<CreatorsConfig> = {}, options: ConstructorParameters<typeof CreatorsClient>[1] = {}) =>
  new CreatorsClient(config(overrides), { pacer: new RequestPacer(overrides.requestsPerSecond ?? 50), ...options });

async function failure(promise: Promise<unknown>): Promise<CreatorsApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CreatorsApiError) return error;
    throw error;
  }
  throw new Error('expected a CreatorsApiError');
}

beforeAll(async () => {
  fake = await startFakeCreators({
    items: [
      fakeItem({
        asin: 'B001ARYU58',
        title: 'Bowflex SelectTech 552 Adjustable Dumbbells',
        brand: 'BowFlex',
        price: 379,
        listPrice: 429,
        rating: 4.8,
        ratingCount: 21874,
        features: ['Adjusts from 5 to 52.5 lbs', 'Replaces 15 sets of weights'],
        images: ['https://m.media-amazon.com/images/I/main.jpg', 'https://m.media-amazon.com/images/I/side.jpg'],
      }),
      fakeItem({ asin: 'B0CRHF7D24', title: 'TheraGun Elite', brand: 'Therabody', price: 299, availability: 'OUT_OF_STOCK', rating: 4.6, ratingCount: 900 }),
      fakeItem({ asin: 'B0CRHF7D24', marketplace: 'www.amazon.co.uk', title: 'TheraGun Elite (UK)', price: 279, currency: 'GBP' }),
      fakeItem({ asin: 'B0NOOFFER1', title: 'A book with no offer' }),
      ...asins.map((asin, i) => fakeItem({ asin, title: `Item ${i}`, price: 10 + i })),
    ],
  });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.getItemsCalls.length = 0;
  fake.tokenCalls.length = 0;
});

describe('GetItems with OffersV2', () => {
  it('asks with the documented request and reads title, brand, images, price, saving, stock, rating and features', async () => {
    const results = await client().getItems(['B001ARYU58', 'b0crhf7d24', 'B0NOOFFER1']);
    expect(results.get('B001ARYU58')).toEqual({
      ok: true,
      item: {
        asin: 'B001ARYU58',
        title: 'Bowflex SelectTech 552 Adjustable Dumbbells',
        brand: 'BowFlex',
        images: ['https://m.media-amazon.com/images/I/main.jpg', 'https://m.media-amazon.com/images/I/side.jpg'],
        price: 429,
        salePrice: 379,
        currency: 'USD',
        inStock: true,
        rating: 4.8,
        ratingCount: 21874,
        features: ['Adjusts from 5 to 52.5 lbs', 'Replaces 15 sets of weights'],
        detailPageUrl: 'https://www.amazon.com/dp/B001ARYU58?tag=repwell-20&linkCode=ogi&th=1&psc=1',
      },
    });
    expect(results.get('B0CRHF7D24')).toMatchObject({ ok: true, item: { price: 299, salePrice: null, inStock: false } });
    expect(results.get('B0NOOFFER1')).toMatchObject({ ok: true, item: { price: null, salePrice: null, currency: null, inStock: false } });

    expect(fake.tokenCalls).toEqual([expect.objectContaining({ style: 'cognito', scope: 'creatorsapi/default' })]);
    const [call] = fake.getItemsCalls;
    expect(call).toMatchObject({ itemIds: ['B001ARYU58', 'B0CRHF7D24', 'B0NOOFFER1'], marketplace: 'www.amazon.com', headerMarketplace: 'www.amazon.com', partnerTag: 'repwell-20' });
    expect(call?.authorization).toMatch(/^Bearer fake-token-\d+, Version 2\.1$/);
    expect(call?.resources).toEqual(expect.arrayContaining(['offersV2.listings.price', 'offersV2.listings.availability', 'customerReviews.starRating', 'itemInfo.features']));
  });

  it('asks the marketplace the caller names', async () => {
    const results = await client().getItems(['B0CRHF7D24'], 'www.amazon.co.uk');
    expect(results.get('B0CRHF7D24')).toMatchObject({ ok: true, item: { title: 'TheraGun Elite (UK)', price: 279, currency: 'GBP' } });
    expect(fake.getItemsCalls[0]).toMatchObject({ marketplace: 'www.amazon.co.uk', headerMarketplace: 'www.amazon.co.uk' });
  });

  it('fetchAmazonItems asks 25 ASINs in batches of at most 10 with one token', async () => {
    const results = await fetchAmazonItems(asins, { client: client() });
    expect([...results.values()].every((result) => result.ok)).toBe(true);
    expect(results.get(asins[24]!)).toMatchObject({ ok: true, item: { title: 'Item 24', price: 34 } });
    expect(fake.getItemsCalls.map((call) => call.itemIds.length)).toEqual([10, 10, 5]);
    expect(fake.tokenCalls).toHaveLength(1);
  });

  it('a 3.x credential fetches its token with Login with Amazon’s JSON body and sends no version', async () => {
    await client({ credentialVersion: '3.1', tokenStyle: 'lwa' }).getItems(['B001ARYU58']);
    expect(fake.tokenCalls).toEqual([expect.objectContaining({ style: 'lwa', scope: 'creatorsapi::default' })]);
    expect(fake.getItemsCalls[0]?.authorization).toMatch(/^Bearer fake-token-\d+$/);
  });
});

describe('the token', () => {
  it('is reused until it nears its expiry, then fetched again', async () => {
    let clock = Date.now();
    const tokens = new TokenSource(config(), { now: () => clock });
    const api = client({}, { tokens });
    await api.getItems(['B001ARYU58']);
    await api.getItems(['B001ARYU58']);
    expect(tokens.fetched).toBe(1);
    clock += 3600 * 1000 - 30_000; // inside the last minute of the hour the fake grants
    await api.getItems(['B001ARYU58']);
    expect(tokens.fetched).toBe(2);
    expect(fake.tokenCalls).toHaveLength(2);
  });

  it('a token the API refuses (expired early) is replaced once and the request succeeds', async () => {
    const api = client();
    await api.getItems(['B001ARYU58']);
    fake.expireTokens();
    const results = await api.getItems(['B001ARYU58']);
    expect(results.get('B001ARYU58')?.ok).toBe(true);
    expect(fake.tokenCalls).toHaveLength(2);
    expect(fake.getItemsCalls).toHaveLength(3);
  });

  it('a wrong secret is bad-credentials, from either token service', async () => {
    for (const overrides of [{}, { credentialVersion: '3.1', tokenStyle: 'lwa' as const }]) {
      const error = await failure(client({ ...overrides, credentialSecret: 'wrong' }).getItems(['B001ARYU58']));
      expect(error.kind).toBe('bad-credentials');
      expect(error.message).toMatch(/invalid_client.*AMAZON_CREATORS_CREDENTIAL_SECRET/);
    }
    expect(fake.getItemsCalls).toHaveLength(0);
  });

  it('an API that refuses every new token too is bad-credentials, not a loop', async () => {
    fake.failNext({ status: 401, code: 'InvalidToken' }, { times: 2 });
    const error = await failure(client().getItems(['B001ARYU58']));
    expect(error).toMatchObject({ kind: 'bad-credentials', status: 401 });
    expect(fake.getItemsCalls).toHaveLength(2);
  });
});

describe('rate limit and throttling', () => {
  it('keeps one request a second', async () => {
    // When the pacer let each request go: arrival at the fake adds the machine's delays (the first request's token
    // fetch, a loaded CPU), which can bring two arrivals closer than the sends were.
    const pacer = new RequestPacer(1);
    const released: number[] = [];
    const take = pacer.take.bind(pacer);
    pacer.take = async (signal) => {
      await take(signal);
      released.push(Date.now());
    };
    const api = client({ requestsPerSecond: 1 }, { pacer });
    await api.getItems(['B001ARYU58']);
    await api.getItems(['B001ARYU58']);
    await api.getItems(['B001ARYU58']);
    const arrived = fake.getItemsCalls.map((call) => call.at);
    expect(released).toHaveLength(3);
    expect(arrived).toHaveLength(3);
    expect(released[1]! - released[0]!).toBeGreaterThanOrEqual(950);
    expect(released[2]! - released[1]!).toBeGreaterThanOrEqual(950);
    // Each request went out only once the pacer let it.
    arrived.forEach((at, index) => expect(at).toBeGreaterThanOrEqual(released[index]!));
  });

  it('backs off on 429 for as long as Retry-After says, then succeeds', async () => {
    fake.failNext({ status: 429, retryAfter: '1' });
    const results = await client().getItems(['B001ARYU58']);
    expect(results.get('B001ARYU58')?.ok).toBe(true);
    const [throttled, retried] = fake.getItemsCalls.map((call) => call.at);
    expect(retried! - throttled!).toBeGreaterThanOrEqual(950);
  });

  it('a 429 holds the other callers of the same pacer too', async () => {
    const pacer = new RequestPacer(50);
    const one = client({}, { pacer });
    const two = client({}, { pacer });
    fake.failNext({ status: 429, retryAfter: '1' });
    await one.getItems(['B001ARYU58']).then(() => undefined, () => undefined);
    const started = Date.now();
    await two.getItems(['B0CRHF7D24']);
    // `one` retried after its wait; `two` did not start before the hold ended either.
    expect(fake.getItemsCalls.at(-1)!.at - fake.getItemsCalls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('throttling that outlasts the wait an admin can be kept waiting is a named error with the time to wait', async () => {
    fake.failNext({ status: 429, retryAfter: '120' });
    const error = await failure(client().getItems(['B001ARYU58']));
    expect(error).toMatchObject({ kind: 'throttled', status: 429, retryAfterMs: 120_000 });
    expect(error.message).toMatch(/Try again in 120 s/);
    expect(fake.getItemsCalls).toHaveLength(1);
  });

  it('a 5xx is retried, then named unavailable', async () => {
    fake.failNext({ status: 503 });
    expect((await client().getItems(['B001ARYU58'])).get('B001ARYU58')?.ok).toBe(true);
    fake.failNext({ status: 500 }, { times: 3 });
    const error = await failure(client({}, { maxRetries: 2, sleep: async () => {} }).getItems(['B001ARYU58']));
    expect(error).toMatchObject({ kind: 'unavailable', status: 500 });
  });
});

describe('partial and broken answers', () => {
  it('names each ASIN Amazon could not serve, beside the ones it did', async () => {
    fake.unavailable.add('B0GONE0001');
    const results = await client().getItems(['B001ARYU58', 'B0GONE0001', 'B0NOSUCH01']);
    expect(results.get('B001ARYU58')?.ok).toBe(true);
    expect(results.get('B0GONE0001')).toEqual({
      ok: false,
      error: { asin: 'B0GONE0001', kind: 'not-available', message: expect.stringMatching(/does not make B0GONE0001 available/) },
    });
    expect(results.get('B0NOSUCH01')).toEqual({ ok: false, error: { asin: 'B0NOSUCH01', kind: 'invalid-asin', message: expect.stringMatching(/B0NOSUCH01 is not a product on www\.amazon\.com/) } });
  });

  it('a request whose every ASIN is refused (HTTP 400) still answers per ASIN', async () => {
    const results = await client().getItems(['B0NOSUCH01', 'B0NOSUCH02']);
    expect([...results.values()].map((result) => !result.ok && result.error.kind)).toEqual(['invalid-asin', 'invalid-asin']);
  });

  it('an answer that is not the documented JSON is malformed, never a half-read result', async () => {
    fake.failNext('malformed');
    expect(await failure(client().getItems(['B001ARYU58']))).toMatchObject({ kind: 'malformed' });
    fake.failNext('not-json');
    expect(await failure(client().getItems(['B001ARYU58']))).toMatchObject({ kind: 'malformed' });
  });

  it('an account not eligible yet is named so', async () => {
    fake.failNext({ status: 403, code: 'AssociateNotEligible' });
    const error = await failure(client().getItems(['B001ARYU58']));
    expect(error).toMatchObject({ kind: 'not-eligible', status: 403 });
    expect(error.message).toMatch(/not eligible/);
  });

  it('a partner tag Amazon does not know is bad-credentials naming the tag', async () => {
    fake.failNext({ status: 403, code: 'InvalidPartnerTag' });
    const error = await failure(client().getItems(['B001ARYU58']));
    expect(error).toMatchObject({ kind: 'bad-credentials' });
    expect(error.message).toMatch(/partner tag repwell-20/);
  });

  it('without a credential fetchAmazonItems says which variables to set', async () => {
    const error = await failure(fetchAmazonItems(['B001ARYU58']));
    expect(error.kind).toBe('not-configured');
    expect(error.message).toMatch(/AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET, AMAZON_CREATORS_CREDENTIAL_VERSION are not set/);
  });
});
