import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../db/client.ts';
import { blogPosts, categories, products, sessions, signInAttempts } from '../../db/schema.ts';
import { FREE_FAILURES } from '../../src/domain/sign-in-throttle.ts';
import { createUser, signIn } from '../../src/server/accounts.ts';
import { Browser, freshLoopbackAddress, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let productId: number;
let postId: number;

beforeAll(async () => {
  api = await startLocalApi();
  await api.temp.database.run(async (db) => {
    const [category] = await db.insert(categories).values({ name: 'Recovery', slug: 'recovery' }).returning();
    const rows = await db
      .insert(products)
      .values([
        { name: 'Massage Gun', slug: 'massage-gun', price: 99, affiliateUrl: 'https://www.amazon.com/dp/B000000001', categoryId: category!.id },
        { name: 'Foam Roller', slug: 'foam-roller', price: 25, affiliateUrl: 'https://www.amazon.com/dp/B000000002', categoryId: category!.id },
      ])
      .returning();
    productId = rows[0]!.id;
    const [post] = await db
      .insert(blogPosts)
      .values({ title: 'Foam rolling 101', slug: 'foam-rolling-101', published: true, publishedAt: new Date() })
      .returning();
    postId = post!.id;
  });
});
afterAll(() => api.close());

/** Each simulated person comes from their own address, as people do; the per-address limits have their own tests. */
const newBrowser = () => new Browser(api.server.url, { address: freshLoopbackAddress() });
let counter = 0;
async function signedUp(browser = newBrowser()) {
  const email = `person${++counter}@example.com`;
  const response = await browser.fetch('/api/auth/sign-up', { method: 'POST', json: { email, password: 'correct horse battery' } });
  expect(response.status).toBe(201);
  return { browser, email };
}

describe('sign-up, sessions and sign-out', () => {
  it('creates an account with the display-name fallback and signs it in with a safe cookie', async () => {
    const browser = newBrowser();
    const response = await browser.fetch('/api/auth/sign-up', { method: 'POST', json: { email: 'Sam.Lee@Example.com', password: 'long enough' } });
    expect(response.status).toBe(201);
    expect((await response.json()).user).toMatchObject({ email: 'sam.lee@example.com', displayName: 'sam.lee', role: 'user' });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='))!;
    expect(cookie).toMatch(/^session=[a-z2-7]+\.[a-z2-7]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // plain-http loopback only
    const session = await (await browser.fetch('/api/auth/session')).json();
    expect(session.user.email).toBe('sam.lee@example.com');
  });

  it('stores only a hash of the session secret', async () => {
    const { browser } = await signedUp();
    const [id, secret] = browser.cookies.get('session')!.slice('session='.length).split('.');
    const row = await api.temp.database.run((db) => db.select().from(sessions).where(eq(sessions.id, id!)).get());
    expect(row).toBeDefined();
    expect(row!.secretHash).not.toContain(secret!);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a taken e-mail with 409 and a weak password with 422', async () => {
    const { email } = await signedUp();
    const taken = await newBrowser().fetch('/api/auth/sign-up', { method: 'POST', json: { email, password: 'another password' } });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.description).toMatch(/already exists/);
    const weak = await newBrowser().fetch('/api/auth/sign-up', { method: 'POST', json: { email: 'new@example.com', password: 'short' } });
    expect(weak.status).toBe(422);
    expect((await weak.json()).error.description).toBe('Password must be at least 8 characters.');
  });

  it('deletes the session at sign-out, so a replayed cookie gets 401', async () => {
    const { browser } = await signedUp();
    const stolen = browser.cookies.get('session')!;
    expect((await browser.fetch('/api/auth/sign-out', { method: 'POST' })).status).toBe(204);
    expect(browser.cookies.has('session')).toBe(false);
    const replay = await newBrowser().fetch('/api/wishlist', { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    expect((await (await newBrowser().fetch('/api/auth/session', { headers: { cookie: stolen } })).json()).user).toBeNull();
  });

  it('starts a new session at each sign-in', async () => {
    const { browser, email } = await signedUp();
    const first = browser.cookies.get('session');
    const again = await browser.fetch('/api/auth/sign-in', { method: 'POST', json: { email, password: 'correct horse battery' } });
    expect(again.status).toBe(200);
    expect(browser.cookies.get('session')).not.toBe(first);
  });
});

describe('request guards', () => {
  it('refuses cross-site and foreign-origin writes with 403', async () => {
    const { browser } = await signedUp();
    const crossSite = await browser.fetch('/api/wishlist', { method: 'POST', json: { productId }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const foreign = await browser.fetch('/api/wishlist', { method: 'POST', json: { productId }, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('refuses a non-JSON body with 415', async () => {
    const response = await newBrowser().fetch('/api/auth/sign-in', {
      method: 'POST',
      body: 'email=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});

describe('sign-in failures', () => {
  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { email } = await signedUp();
    const wrong = await newBrowser().fetch('/api/auth/sign-in', { method: 'POST', json: { email, password: 'not the password' } });
    const unknown = await newBrowser().fetch('/api/auth/sign-in', { method: 'POST', json: { email: 'nobody@example.com', password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('throttles repeated failures in the database, seen by a second client, and a success resets it', async () => {
    const { email } = await signedUp();
    for (let i = 0; i < FREE_FAILURES; i++) {
      const response = await newBrowser().fetch('/api/auth/sign-in', { method: 'POST', json: { email, password: 'wrong password' } });
      expect(response.status).toBe(401);
    }
    const locked = await newBrowser().fetch('/api/auth/sign-in', { method: 'POST', json: { email, password: 'correct horse battery' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

    // A second client on the same file (another process or function instance) sees the same lock.
    const other = new Database({ url: api.temp.url });
    try {
      expect(await signIn(other, { email, password: 'correct horse battery' })).toMatchObject({ ok: false, reason: 'throttled' });
      const later = new Date(Date.now() + 10 * 60_000);
      expect(await signIn(other, { email, password: 'correct horse battery' }, { now: later })).toMatchObject({ ok: true });
      const attempts = await other.run((db) => db.select().from(signInAttempts).where(eq(signInAttempts.key, `account:${email}`)).all());
      expect(attempts).toHaveLength(0);
    } finally {
      other.close();
    }
  });
});

describe('wishlist and bookmarks', () => {
  it('keeps each person to their own list', async () => {
    const a = await signedUp();
    const b = await signedUp();
    expect((await a.browser.fetch('/api/wishlist', { method: 'POST', json: { productId } })).status).toBe(201);
    expect((await a.browser.fetch('/api/bookmarks', { method: 'POST', json: { postId } })).status).toBe(201);

    expect((await (await b.browser.fetch('/api/wishlist')).json()).items).toEqual([]);
    expect((await (await b.browser.fetch('/api/bookmarks')).json()).items).toEqual([]);
    expect((await b.browser.fetch(`/api/wishlist/${productId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await b.browser.fetch(`/api/bookmarks/${postId}`, { method: 'DELETE' })).status).toBe(404);

    const mine = (await (await a.browser.fetch('/api/wishlist')).json()).items;
    expect(mine).toHaveLength(1);
    expect(mine[0].product).toMatchObject({ id: productId, slug: 'massage-gun', price: 99, inStock: true });
    expect((await (await a.browser.fetch('/api/bookmarks')).json()).items[0].post).toMatchObject({ id: postId, slug: 'foam-rolling-101' });
  });

  it("gives each saved price its age: when it was checked, when it stops being shown, and what replaces it", async () => {
    const { browser } = await signedUp();
    const checkedAt = new Date(Date.now() - 3 * 3_600_000);
    await api.temp.database.run((db) => db.update(products).set({ priceCheckedAt: checkedAt, priceSource: 'creators-api' }).where(eq(products.id, productId)));
    await browser.fetch('/api/wishlist', { method: 'POST', json: { productId } });
    const [item] = (await (await browser.fetch('/api/wishlist')).json()).items;
    // The default stale limit is 24 hours.
    expect(item.product).toMatchObject({
      priceCheckedAt: checkedAt.getTime(),
      priceStaleAt: checkedAt.getTime() + 24 * 3_600_000,
      stalePriceLabel: 'Check price on Amazon',
      amazonSite: 'Amazon.com',
    });
    // A price never checked is never shown as current.
    await api.temp.database.run((db) => db.update(products).set({ priceCheckedAt: null, priceSource: null }).where(eq(products.id, productId)));
    const [unchecked] = (await (await browser.fetch('/api/wishlist')).json()).items;
    expect(unchecked.product).toMatchObject({ priceCheckedAt: null, priceStaleAt: null });
  });

  it('refuses a duplicate with the spec message', async () => {
    const { browser } = await signedUp();
    await browser.fetch('/api/wishlist', { method: 'POST', json: { productId } });
    const duplicate = await browser.fetch('/api/wishlist', { method: 'POST', json: { productId } });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toEqual({ title: 'Already in wishlist', description: 'This item is already in your wishlist.' });
    await browser.fetch('/api/bookmarks', { method: 'POST', json: { postId } });
    const again = await browser.fetch('/api/bookmarks', { method: 'POST', json: { postId } });
    expect(again.status).toBe(409);
    expect((await again.json()).error.title).toBe('Already bookmarked');
  });

  it('asks visitors to sign in', async () => {
    const response = await newBrowser().fetch('/api/wishlist', { method: 'POST', json: { productId } });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toEqual({ title: 'Authentication required', description: 'Please log in to add items to your wishlist.' });
    const bookmark = await newBrowser().fetch('/api/bookmarks', { method: 'POST', json: { postId } });
    expect((await bookmark.json()).error.description).toBe('Please log in to bookmark posts.');
  });

  it('answers 404, not 500, for a deleted product or post', async () => {
    const { browser } = await signedUp();
    const [gone] = await api.temp.database.run((db) =>
      db.insert(products).values({ name: 'Gone', slug: 'gone', affiliateUrl: 'https://example.com/gone' }).returning(),
    );
    await api.temp.database.run((db) => db.delete(products).where(eq(products.id, gone!.id)));
    expect((await browser.fetch('/api/wishlist', { method: 'POST', json: { productId: gone!.id } })).status).toBe(404);
    expect((await browser.fetch('/api/bookmarks', { method: 'POST', json: { postId: 999_999 } })).status).toBe(404);
    expect((await browser.fetch('/api/wishlist', { method: 'POST', json: { productId: 'abc' } })).status).toBe(422);
  });
});

describe('admin overview', () => {
  it('answers 401 to visitors, 403 to plain users and the figures to admins', async () => {
    expect((await newBrowser().fetch('/api/admin/overview')).status).toBe(401);
    const { browser } = await signedUp();
    const refused = await browser.fetch('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.title).toBe('Access Denied');

    const admin = newBrowser();
    await createUser(api.temp.database, { email: 'boss@example.com', password: 'boss password', role: 'admin' });
    expect((await admin.fetch('/api/auth/sign-in', { method: 'POST', json: { email: 'boss@example.com', password: 'boss password' } })).status).toBe(200);
    const overview = await admin.fetch('/api/admin/overview');
    expect(overview.status).toBe(200);
    const figures = await overview.json();
    expect(figures.products.total).toBeGreaterThanOrEqual(2);
    expect(figures.posts.published).toBe(1);
    expect(figures.builds).toMatchObject({ active: false });
  });
});
