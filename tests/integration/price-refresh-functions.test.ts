/**
 * The price refresh's Background Function over HTTP through the real local server and a real libSQL file: only a
 * caller with the job key starts a run (anyone else could spend the account's request rate), and with it one run
 * refreshes the Amazon products against the fake Creators API. A Background Function answers 202 to everyone, as on
 * Netlify, so what is checked is what each call did once the server's background work has settled; the function's
 * own 403 for a caller without the key is checked on its bundle in tests/platform/function-bundles.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { PRICE_REFRESH_KEY_HEADER, priceRefreshKey } from '../../src/server/jobs/price-refresh-handoff.ts';
import { fakeItem, startFakeCreators, type FakeCreators } from '../helpers/fake-creators-api.ts';
import { startLocalApi, type LocalApi } from '../helpers/local-api.ts';

const ENV = ['AMAZON_CREATORS_CREDENTIAL_ID', 'AMAZON_CREATORS_CREDENTIAL_SECRET', 'AMAZON_CREATORS_CREDENTIAL_VERSION', 'AMAZON_CREATORS_API_BASE', 'AMAZON_CREATORS_TOKEN_URL', 'AMAZON_CREATORS_REQUESTS_PER_SECOND'];
let fake: FakeCreators;
let api: LocalApi;

const post = (headers: Record<string, string> = {}) =>
  fetch(`${api.server.url}/api/jobs/price-refresh`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

beforeAll(async () => {
  fake = await startFakeCreators({ items: [fakeItem({ asin: 'B0FUNC0001', title: 'Kettlebell', price: 41 })] });
  Object.assign(process.env, {
    AMAZON_CREATORS_CREDENTIAL_ID: fake.credentialId,
    AMAZON_CREATORS_CREDENTIAL_SECRET: fake.credentialSecret,
    AMAZON_CREATORS_CREDENTIAL_VERSION: '2.1',
    AMAZON_CREATORS_API_BASE: fake.url,
    AMAZON_CREATORS_TOKEN_URL: fake.tokenUrl,
    AMAZON_CREATORS_REQUESTS_PER_SECOND: '20',
  });
  api = await startLocalApi();
  await api.temp.database.run((db) =>
    db.insert(products).values({ name: 'Kettlebell', slug: 'kettlebell', price: 30, affiliateUrl: 'https://www.amazon.com/dp/B0FUNC0001', attributes: { asin: 'B0FUNC0001', marketplace: 'www.amazon.com' } }),
  );
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
  for (const name of ENV) delete process.env[name];
});

describe('price-refresh-background', () => {
  it('does nothing for callers without the job key, or with another method, and asks Amazon nothing', async () => {
    expect((await post()).status).toBe(202);
    expect((await post({ [PRICE_REFRESH_KEY_HEADER]: 'not-the-key' })).status).toBe(202);
    expect((await post({ [PRICE_REFRESH_KEY_HEADER]: '0'.repeat(64) })).status).toBe(202);
    expect((await fetch(`${api.server.url}/api/jobs/price-refresh`)).status).toBe(202);
    await api.server.settled();
    expect(fake.tokenCalls).toHaveLength(0);
    expect(fake.getItemsCalls).toHaveLength(0);
    const row = await api.temp.database.run((db) => db.select().from(products).where(eq(products.slug, 'kettlebell')).get());
    expect(row).toMatchObject({ price: 30, priceCheckedAt: null });
  });

  it('with the job key runs one refresh', async () => {
    const response = await post({ [PRICE_REFRESH_KEY_HEADER]: await priceRefreshKey(api.temp.database) });
    expect(response.status).toBe(202);
    await api.server.settled();
    expect(fake.getItemsCalls.map((call) => call.itemIds)).toEqual([['B0FUNC0001']]);
    const row = await api.temp.database.run((db) => db.select().from(products).where(eq(products.slug, 'kettlebell')).get());
    expect(row).toMatchObject({ price: 41, priceSource: 'creators-api' });
  });
});
