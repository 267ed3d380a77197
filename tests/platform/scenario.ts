/**
 * The smoke scenario: what a shopper and an admin do, as requests, run the same way against a server. Each answer is
 * recorded as its status and its body made comparable (normalise.ts), so two servers that started from copies of one
 * database can be held to the same answers, step by step.
 */
import { Browser } from '../helpers/local-api.ts';
import { normaliseBody, type Recorded } from './normalise.ts';

export interface ScenarioTarget {
  /** http://localhost:{port} */
  url: string;
  /** Resolves once the click a beacon reported is stored (the beacon is answered before the write). */
  clickStored(clickId: string): Promise<void>;
}

export interface ScenarioFixtures {
  /** A retailer's product page on 127.0.0.1 that the outbound fetcher may reach (SCRAPE_ALLOWED_HOSTS). */
  productPageUrl: string;
  /** A product of the seeded catalogue (wishlist, beacon, postback). */
  productId: number;
  /** A path of the build's /_astro/ folder. */
  assetPath: string;
  admin: { email: string; password: string };
}

export const CLICK_ID = 'smoke-click-000000000A';
/** The CSV import's id: the Import tab makes one per file; fixed, so both servers store the same. */
const IMPORT_ID = '3f1c8a52-7d4e-4b1a-9c2e-5a6b7c8d9e0f';

/** Runs every step against `target` and returns the answers in order, each named by its step. */
export async function runScenario(target: ScenarioTarget, fixtures: ScenarioFixtures): Promise<Recorded[]> {
  const answers: Recorded[] = [];
  const record = async (step: string, response: Response, secrets: string[] = []): Promise<unknown> => {
    const text = await response.text();
    const recorded: Recorded = {
      step,
      status: response.status,
      contentType: contentType(response),
      body: normaliseBody(text, response.headers.get('content-type'), { origin: target.url, secrets }),
    };
    answers.push(recorded);
    return recorded.status === 204 || text === '' ? undefined : safeJson(text);
  };

  // A shopper: an account, a session, a wishlist, a click, a message.
  const shopper = new Browser(target.url);
  const account = { email: 'smoke-shopper@example.com', password: 'a smoke test password' };
  await record('session as a visitor', await shopper.fetch('/api/auth/session'));
  await record('sign-up', await shopper.fetch('/api/auth/sign-up', { method: 'POST', json: { ...account, displayName: 'Smoke' } }));
  await record('session after sign-up', await shopper.fetch('/api/auth/session'));
  await record('sign-out', await shopper.fetch('/api/auth/sign-out', { method: 'POST', json: {} }));
  await record('session after sign-out', await shopper.fetch('/api/auth/session'));
  await record('sign-in with a wrong password', await shopper.fetch('/api/auth/sign-in', { method: 'POST', json: { ...account, password: 'not the password' } }));
  await record('sign-in', await shopper.fetch('/api/auth/sign-in', { method: 'POST', json: account }));
  await record('session after sign-in', await shopper.fetch('/api/auth/session'));

  const { productId } = fixtures;
  await record('wishlist add', await shopper.fetch('/api/wishlist', { method: 'POST', json: { productId } }));
  await record('wishlist add again', await shopper.fetch('/api/wishlist', { method: 'POST', json: { productId } }));
  await record('wishlist list', await shopper.fetch('/api/wishlist'));
  await record('wishlist remove', await shopper.fetch(`/api/wishlist/${productId}`, { method: 'DELETE' }));
  await record('wishlist list after remove', await shopper.fetch('/api/wishlist'));

  const beacon = { productId, event: 'click', clickId: CLICK_ID, pagePath: '/product/smoke' };
  await record(
    'click beacon',
    await shopper.fetch('/api/track', {
      method: 'POST',
      body: JSON.stringify(beacon),
      // What navigator.sendBeacon sends for a string, from a browser.
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36' },
    }),
  );
  await target.clickStored(CLICK_ID);

  const message = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', subject: 'A smoke test', message: 'Does the contact form work?' };
  await record('contact message', await shopper.fetch('/api/contact', { method: 'POST', json: message }));

  // An admin: the Manual Form, a price edit, a CSV preview and import, a post, add by link, a postback.
  const admin = new Browser(target.url);
  await record('admin sign-in', await admin.fetch('/api/auth/sign-in', { method: 'POST', json: fixtures.admin }));

  const form = { name: 'Smoke Test Kettlebell', affiliateUrl: 'https://shop.example.com/kettlebell', price: '49.99', description: '<p>Cast iron.</p>', categoryId: null };
  const created = (await record('create a product (Manual Form)', await admin.fetch('/api/admin/products', { method: 'POST', json: form }))) as { product?: { id: number } } | undefined;
  const createdId = created?.product?.id ?? 0;
  await record('edit its price', await admin.fetch(`/api/admin/products/${createdId}`, { method: 'PUT', json: { ...form, price: '44.50', salePrice: '39.99' } }));
  await record('read it back', await admin.fetch(`/api/admin/products/${createdId}`));

  const rows = [
    { rowNumber: 2, values: { title: 'Smoke Foam Roller', affiliate_link: 'https://shop.example.com/foam-roller', price: '24.99', category: 'Recovery' } },
    { rowNumber: 3, values: { title: 'Smoke Resistance Band', affiliate_link: 'https://shop.example.com/band', price: '12.00', brand: 'Smokey' } },
  ];
  await record('CSV preview', await admin.fetch('/api/admin/products/import/preview', { method: 'POST', json: { rows } }));
  await record('CSV import batch', await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId: IMPORT_ID, batchIndex: 0, rows } }));
  await record('CSV import finish', await admin.fetch('/api/admin/products/import/finish', { method: 'POST', json: { importId: IMPORT_ID } }));

  const draft = { title: 'Smoke Testing a Kettlebell', excerpt: 'What a smoke test found.', content: '<p>It swings.</p>', imageUrl: '', published: false };
  const post = (await record('blog post draft', await admin.fetch('/api/admin/blog', { method: 'POST', json: draft }))) as { id?: number } | undefined;
  await record('publish the post', await admin.fetch(`/api/admin/blog/${post?.id ?? 0}/publish`, { method: 'POST', json: { published: true } }));

  const author = { name: 'Smoke Tester', role: 'Test editor', bio: 'Tests smoke.', photoUrl: '', areas: ['Kettlebells'] };
  const added = (await record('add an author', await admin.fetch('/api/admin/authors', { method: 'POST', json: author }))) as { id?: number } | undefined;
  await record('edit the author', await admin.fetch(`/api/admin/authors/${added?.id ?? 0}`, { method: 'PATCH', json: { ...author, role: 'Senior test editor' } }));
  await record('list the authors', await admin.fetch('/api/admin/authors'));

  await record('add by link', await admin.fetch('/api/admin/products/from-link', { method: 'POST', json: { url: fixtures.productPageUrl } }));

  // The token is new on each server: answers show it as <secret> (normalise.ts).
  const issued = (await record('postback token', await admin.fetch('/api/admin/revenue-networks/generic/token', { method: 'POST', json: {} }))) as { token?: string } | undefined;
  const token = issued?.token ?? 'none';
  const postback = `/api/conversions/generic/${token}?click_id=${CLICK_ID}&transaction_id=SMOKE-1&sale_amount=49.99&commission=4.99&currency=USD`;
  await record('conversion postback', await fetch(target.url + postback), [token]);
  await record('the same postback again', await fetch(target.url + postback), [token]);
  await record('conversion postback with a wrong token', await fetch(`${target.url}/api/conversions/generic/${'A'.repeat(43)}?click_id=${CLICK_ID}&transaction_id=SMOKE-2&commission=1.00`));

  // The site itself: a page, a section's missing page, a missing address, an asset.
  const visitor = new Browser(target.url);
  await record('a page', await visitor.fetch('/about'));
  await record('a missing product page', await visitor.fetch('/product/no-such-product'));
  await record('a missing address', await visitor.fetch('/no/such/page'));
  await record('an /api/ address no function serves', await visitor.fetch('/api/no-such-function'));
  await record('a fingerprinted asset', await visitor.fetch(fixtures.assetPath));
  return answers;
}

/**
 * The answer's content type. For JavaScript the CLI's static server says application/javascript and the local server
 * text/javascript (RFC 9239): one type under two names, browsers run both; recorded as the one.
 */
function contentType(response: Response): string | null {
  return response.headers.get('content-type')?.replace(/^application\/javascript\b/, 'text/javascript') ?? null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
