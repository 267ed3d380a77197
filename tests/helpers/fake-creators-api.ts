/**
 * A fake Amazon Creators API for tests: a real HTTP server on 127.0.0.1 with the token endpoint (2.x credentials:
 * Cognito's form-encoded client credentials; 3.x: Login with Amazon's JSON body) and POST /catalog/v1/getItems,
 * shaped from Amazon's documentation (the sources are named in src/server/amazon/config.ts, creators-client.ts and
 * src/domain/amazon-item.ts). Point AMAZON_CREATORS_API_BASE at `fake.url` and AMAZON_CREATORS_TOKEN_URL at `fake.tokenUrl`.
 *
 *   const fake = await startFakeCreators({ items: [fakeItem({ asin: 'B001ARYU58', title: 'Dumbbells', price: 429 })] });
 *   fake.expireTokens();                                   // every token issued so far now answers 401
 *   fake.failNext({ status: 429, retryAfter: '1' });       // the next GetItems answers 429 TooManyRequests
 *   fake.failNext({ status: 403, code: 'AssociateNotEligible' });
 *   fake.failNext('malformed');                             // 200 with a body that is not the documented JSON
 *   fake.unavailable.add('B000000000');                     // ItemNotAccessible for that ASIN
 *   await fake.holdCall(3);                                 // resolves when the third GetItems arrives, never answered
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeItemSpec {
  asin: string;
  marketplace?: string;
  title?: string;
  brand?: string;
  /** What the item costs now. */
  price?: number;
  /** The struck-through list price (savingBasis) when on sale. */
  listPrice?: number;
  currency?: string;
  availability?: string;
  rating?: number;
  ratingCount?: number;
  features?: string[];
  images?: string[];
}

/** An item as GetItems answers it (camelCase, the resources the site asks for). */
export function fakeItem(spec: FakeItemSpec): Record<string, unknown> & { asin: string; marketplace: string } {
  const currency = spec.currency ?? 'USD';
  const money = (amount: number) => ({ amount, currency, displayAmount: `${currency} ${amount.toFixed(2)}` });
  const images = spec.images ?? [`https://m.media-amazon.com/images/I/${spec.asin}._SL500_.jpg`];
  return {
    asin: spec.asin,
    marketplace: spec.marketplace ?? 'www.amazon.com',
    detailPageURL: `https://${spec.marketplace ?? 'www.amazon.com'}/dp/${spec.asin}?tag=repwell-20&linkCode=ogi&th=1&psc=1`,
    itemInfo: {
      ...(spec.title === undefined ? {} : { title: { displayValue: spec.title, label: 'Title', locale: 'en_US' } }),
      ...(spec.brand === undefined ? {} : { byLineInfo: { brand: { displayValue: spec.brand, label: 'Brand', locale: 'en_US' } } }),
      ...(spec.features === undefined ? {} : { features: { displayValues: spec.features, label: 'Features', locale: 'en_US' } }),
    },
    images: {
      primary: { large: { url: images[0], width: 500, height: 500 } },
      variants: images.slice(1).map((url) => ({ large: { url, width: 500, height: 500 } })),
    },
    ...(spec.price === undefined
      ? {}
      : {
          offersV2: {
            listings: [
              {
                isBuyBoxWinner: true,
                availability: { type: spec.availability ?? 'IN_STOCK', message: 'In Stock', minOrderQuantity: 1, maxOrderQuantity: 30 },
                condition: { value: 'New' },
                price: {
                  money: money(spec.price),
                  ...(spec.listPrice === undefined
                    ? {}
                    : {
                        savingBasis: { money: money(spec.listPrice), savingBasisType: 'LIST_PRICE' },
                        savings: { money: money(Math.round((spec.listPrice - spec.price) * 100) / 100), percentage: Math.round((1 - spec.price / spec.listPrice) * 100) },
                      }),
                },
              },
            ],
          },
        }),
    ...(spec.rating === undefined ? {} : { customerReviews: { count: spec.ratingCount ?? 0, starRating: { value: spec.rating } } }),
  };
}

export type CreatorsFailure =
  | { status: 429; retryAfter?: string }
  | { status: 401 | 403 | 400 | 500 | 503; code?: string; message?: string }
  | 'malformed'
  | 'not-json';

export interface GetItemsCall {
  itemIds: string[];
  marketplace: string | undefined;
  headerMarketplace: string | undefined;
  partnerTag: string | undefined;
  resources: string[];
  authorization: string | undefined;
  at: number;
}

export interface FakeCreators {
  url: string;
  tokenUrl: string;
  credentialId: string;
  credentialSecret: string;
  /** ASINs Amazon knows but does not serve through the API (ItemNotAccessible). */
  unavailable: Set<string>;
  getItemsCalls: GetItemsCall[];
  tokenCalls: { style: 'cognito' | 'lwa'; scope: string | undefined; at: number }[];
  add(item: ReturnType<typeof fakeItem>): void;
  /** Every token issued so far is refused from now on (as if it had expired early). */
  expireTokens(): void;
  failNext(failure: CreatorsFailure, options?: { times?: number; route?: 'getItems' | 'token' }): void;
  /** Resolves when the nth GetItems request (counted from the start, 1-based) arrives; that request is never answered. */
  holdCall(n: number): Promise<void>;
  /** The nth GetItems request waits, once `arrived`, until `release()`; then it is answered as any other. */
  pauseCall(n: number): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startFakeCreators(options: { items?: ReturnType<typeof fakeItem>[]; credentialId?: string; credentialSecret?: string; tokenLifeSeconds?: number } = {}): Promise<FakeCreators> {
  const credentialId = options.credentialId ?? 'fake-credential-id';
  const credentialSecret = options.credentialSecret ?? 'fake-credential-secret';
  const catalogue = new Map<string, ReturnType<typeof fakeItem>>();
  const tokens = new Map<string, number>();
  let issued = 0;
  const failures: { failure: CreatorsFailure; route: 'getItems' | 'token'; times: number }[] = [];
  const state: Pick<FakeCreators, 'unavailable' | 'getItemsCalls' | 'tokenCalls'> = { unavailable: new Set(), getItemsCalls: [], tokenCalls: [] };
  const key = (marketplace: string, asin: string) => `${marketplace}|${asin}`;
  const holds = new Map<number, () => void>();
  const pauses = new Map<number, { arrived: () => void; released: Promise<void> }>();
  for (const item of options.items ?? []) catalogue.set(key(item.marketplace, item.asin), item);

  const takeFailure = (route: 'getItems' | 'token') => {
    const next = failures.find((entry) => entry.route === route);
    if (!next) return null;
    next.times -= 1;
    if (next.times <= 0) failures.splice(failures.indexOf(next), 1);
    return next.failure;
  };

  const answerFailure = (response: ServerResponse, failure: CreatorsFailure) => {
    if (failure === 'malformed') return send(response, 200, { itemsResult: { items: [{ asin: 42, offersV2: 'none' }] } });
    if (failure === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html><body>Service Unavailable</body></html>');
    }
    if (failure.status === 429) {
      return send(response, 429, { errors: [{ code: 'TooManyRequests', message: 'The request was denied due to request throttling.' }] }, failure.retryAfter ? { 'retry-after': failure.retryAfter } : {});
    }
    return send(response, failure.status, { errors: [{ code: failure.code ?? `Http${failure.status}`, message: failure.message ?? 'Failure requested by the test.' }] });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'POST' && url.pathname === '/oauth2/token') {
        const failure = takeFailure('token');
        if (failure) return answerFailure(response, failure);
        const json = (request.headers['content-type'] ?? '').includes('application/json');
        const fields: Record<string, string | undefined> = json ? (JSON.parse(text) as Record<string, string>) : Object.fromEntries(new URLSearchParams(text));
        state.tokenCalls.push({ style: json ? 'lwa' : 'cognito', scope: fields.scope, at: Date.now() });
        const scopeOk = json ? fields.scope === 'creatorsapi::default' : fields.scope === 'creatorsapi/default';
        if (fields.grant_type !== 'client_credentials' || !scopeOk) return send(response, 400, { error: 'invalid_request' });
        if (fields.client_id !== credentialId || fields.client_secret !== credentialSecret) return send(response, json ? 401 : 400, { error: 'invalid_client' });
        issued += 1;
        const token = `fake-token-${issued}`;
        const life = options.tokenLifeSeconds ?? 3600;
        tokens.set(token, Date.now() + life * 1000);
        return send(response, 200, { access_token: token, token_type: 'bearer', expires_in: life });
      }
      if (request.method === 'POST' && url.pathname === '/catalog/v1/getItems') {
        const authorization = request.headers.authorization;
        const token = /^Bearer ([^,\s]+)(?:, Version \d+\.\d+)?$/.exec(authorization ?? '')?.[1];
        const expiry = token ? tokens.get(token) : undefined;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return send(response, 400, { errors: [{ code: 'InvalidRequest', message: 'The body is not JSON.' }] });
        }
        const itemIds = Array.isArray(body.itemIds) ? (body.itemIds as string[]) : [];
        const marketplace = typeof body.marketplace === 'string' ? body.marketplace : undefined;
        state.getItemsCalls.push({
          itemIds,
          marketplace,
          headerMarketplace: request.headers['x-marketplace'] as string | undefined,
          partnerTag: body.partnerTag as string | undefined,
          resources: (body.resources as string[] | undefined) ?? [],
          authorization,
          at: Date.now(),
        });
        const held = holds.get(state.getItemsCalls.length);
        if (held) {
          holds.delete(state.getItemsCalls.length);
          return held();
        }
        const paused = pauses.get(state.getItemsCalls.length);
        if (paused) {
          pauses.delete(state.getItemsCalls.length);
          paused.arrived();
          await paused.released;
        }
        if (expiry === undefined || Date.now() > expiry) return send(response, 401, { errors: [{ code: 'Unauthorized', message: 'The access token is missing, invalid or expired.' }] });
        const failure = takeFailure('getItems');
        if (failure) return answerFailure(response, failure);
        if (itemIds.length === 0 || itemIds.length > 10 || body.itemIdType !== 'ASIN' || !marketplace || marketplace !== request.headers['x-marketplace'] || !body.partnerTag) {
          return send(response, 400, { errors: [{ code: 'InvalidParameterValue', message: 'The request is missing or has invalid parameters.' }] });
        }
        const items: unknown[] = [];
        const errors: { code: string; message: string }[] = [];
        for (const id of itemIds) {
          const item = catalogue.get(key(marketplace, id));
          if (state.unavailable.has(id)) errors.push({ code: 'ItemNotAccessible', message: `The ItemId ${id} is not accessible through the Creators API.` });
          else if (item) {
            const { marketplace: _m, ...rest } = item;
            items.push(rest);
          } else errors.push({ code: 'InvalidParameterValue', message: `The ItemId ${id} provided in the request is invalid.` });
        }
        if (items.length === 0) return send(response, 400, { errors });
        return send(response, 200, { itemsResult: { items }, ...(errors.length > 0 ? { errors } : {}) });
      }
      send(response, 404, { errors: [{ code: 'NotFound', message: 'No such operation.' }] });
    })().catch((error: unknown) => {
      send(response, 500, { errors: [{ code: 'InternalFailure', message: String(error) }] });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    tokenUrl: `${base}/oauth2/token`,
    credentialId,
    credentialSecret,
    ...state,
    add: (item) => catalogue.set(key(item.marketplace, item.asin), item),
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    failNext: (failure, opts = {}) => failures.push({ failure, route: opts.route ?? 'getItems', times: opts.times ?? 1 }),
    holdCall: (n) => new Promise<void>((resolve) => holds.set(n, resolve)),
    pauseCall: (n) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => pauses.set(n, { arrived: resolve, released }));
      return { arrived, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
