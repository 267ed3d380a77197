/**
 * Issue 8, point 2, over HTTP against a real libSQL file: the sign-in throttle holds under a parallel
 * burst, a stranger's guesses do not lock the owner out of their own browser, and one address cannot
 * create accounts or check passwords without limit. Each simulated client has its own loopback address.
 */
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAttempts, users } from '../../db/schema.ts';
import { rateLimits, windowStartOf } from '../../src/domain/rate-limit.ts';
import { FAILURE_WINDOW_MS, FREE_FAILURES } from '../../src/domain/sign-in-throttle.ts';
import { passwordVerificationCount } from '../../src/server/password.ts';
import { reserveSignInAttempt } from '../../src/server/sign-in-throttle.ts';
import { Browser, freshLoopbackAddress, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());

const PASSWORD = 'owner password that is long';
const browser = (address = freshLoopbackAddress()) => new Browser(api.server.url, { address });
const signInAs = (client: Browser, email: string, password: string) => client.fetch('/api/auth/sign-in', { method: 'POST', json: { email, password } });

let people = 0;
async function owner() {
  const email = `owner${++people}@example.com`;
  const client = browser();
  expect((await client.fetch('/api/auth/sign-up', { method: 'POST', json: { email, password: PASSWORD } })).status).toBe(201);
  return { email, client };
}

describe('the sign-in throttle under a parallel burst', () => {
  it('checks at most the free tries when 100 wrong passwords arrive at once (it was 24 before)', async () => {
    const { email } = await owner();
    const before = passwordVerificationCount();
    // From 100 addresses, so the per-address limit is not what stops them: only the account's count does.
    const answers = await Promise.all(Array.from({ length: 100 }, () => signInAs(browser(), email, 'wrong password')));
    const checks = passwordVerificationCount() - before;
    expect(checks).toBeLessThanOrEqual(FREE_FAILURES);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(checks);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - checks);
    const locked = answers.find((answer) => answer.status === 429)!;
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await locked.json()).error).toEqual({ title: 'Authentication failed', description: expect.stringMatching(/^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/) });
  });

  it('lets the owner in from their own browser during an attack from another address', async () => {
    const { email, client: ownBrowser } = await owner();
    expect(ownBrowser.cookies.get('device')).toMatch(/^device=[\w-]{22}\.[\w-]{43}$/);

    const attacker = freshLoopbackAddress();
    for (let i = 0; i < FREE_FAILURES + 3; i++) await signInAs(browser(attacker), email, `guess ${i}`);
    // Every client without a device cookie for the account shares the lock, the right password included.
    expect((await signInAs(browser(), email, PASSWORD)).status).toBe(429);

    const before = passwordVerificationCount();
    const own = await signInAs(ownBrowser, email, PASSWORD);
    expect(own.status).toBe(200);
    expect(passwordVerificationCount() - before).toBe(1);
    // The owner's success does not lift the strangers' lock.
    expect((await signInAs(browser(attacker), email, 'guess again')).status).toBe(429);
  });

  it('gives a known browser its own count: its own wrong tries lock only itself', async () => {
    const { email, client: ownBrowser } = await owner();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await signInAs(ownBrowser, email, `typo ${i}`)).status).toBe(401);
    expect((await signInAs(ownBrowser, email, PASSWORD)).status).toBe(429);
    expect((await signInAs(browser(), email, PASSWORD)).status).toBe(200);
  });

  it('does not honour a device cookie issued for another account, or a forged one', async () => {
    const { email: victim } = await owner();
    const { client: otherOwner } = await owner();
    for (let i = 0; i < FREE_FAILURES; i++) await signInAs(browser(), victim, `guess ${i}`);
    expect((await signInAs(otherOwner, victim, PASSWORD)).status).toBe(429);
    const forged = browser();
    forged.cookie = `device=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    expect((await signInAs(forged, victim, PASSWORD)).status).toBe(429);
  });

  it('purges the tries of e-mails without an account once their window has passed', async () => {
    const start = new Date('2031-01-01T00:00:00Z');
    await reserveSignInAttempt(api.temp.database, 'account:nobody-here@example.com', start);
    const later = new Date(start.getTime() + FAILURE_WINDOW_MS + 1000);
    await reserveSignInAttempt(api.temp.database, 'account:someone-else@example.com', later);
    const rows = await api.temp.database.run((db) => db.select().from(signInAttempts).where(like(signInAttempts.key, '%nobody-here%')));
    expect(rows).toEqual([]);
  });
});

describe('per-address limits on sign-up and sign-in', () => {
  it('caps the accounts one address can create (717 were made from one address in 5 s)', async () => {
    const address = freshLoopbackAddress();
    const { max, windowMs } = rateLimits.signUp;
    const firstWindow = windowStartOf(Date.now(), windowMs);
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        browser(address).fetch('/api/auth/sign-up', { method: 'POST', json: { email: `burst${i}@example.com`, password: PASSWORD } }),
      ),
    );
    const windows = windowStartOf(Date.now(), windowMs) === firstWindow ? 1 : 2;
    const created = answers.filter((answer) => answer.status === 201).length;
    expect(created).toBeLessThanOrEqual(windows * max);
    const [stored] = await api.temp.database.run((db) => db.select({ total: count() }).from(users).where(like(users.email, 'burst%')));
    expect(stored!.total).toBe(created);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toEqual({ title: 'Sign up failed', description: expect.stringMatching(/^Too many accounts were created from your network\./) });
  });

  it('caps the password checks one address can cause across many accounts (1,325 ran in 12 s)', async () => {
    const address = freshLoopbackAddress();
    const { max, windowMs } = rateLimits.signIn;
    const firstWindow = windowStartOf(Date.now(), windowMs);
    const before = passwordVerificationCount();
    const answers = await Promise.all(Array.from({ length: max + 20 }, (_, i) => signInAs(browser(address), `stuffed${i}@example.com`, 'wrong password')));
    const windows = windowStartOf(Date.now(), windowMs) === firstWindow ? 1 : 2;
    expect(passwordVerificationCount() - before).toBeLessThanOrEqual(windows * max);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toEqual({ title: 'Authentication failed', description: expect.stringMatching(/^Too many sign-in attempts from your network\./) });
  });

  it('keeps the cap per address: another address signs in meanwhile', async () => {
    const { email } = await owner();
    const crowded = freshLoopbackAddress();
    await Promise.all(Array.from({ length: rateLimits.signIn.max + 1 }, () => signInAs(browser(crowded), 'x@example.com', 'wrong password')));
    expect((await signInAs(browser(crowded), email, PASSWORD)).status).toBe(429);
    expect((await signInAs(browser(), email, PASSWORD)).status).toBe(200);
  });

  it('does not store the address in the clear', async () => {
    const rows = await api.temp.database.run((db) => db.select().from(signInAttempts).where(eq(signInAttempts.key, 'x')));
    expect(rows).toEqual([]);
    const all = await api.temp.database.client().then((client) => client.execute('select key from rate_limits'));
    for (const row of all.rows) expect(String(row.key)).not.toMatch(/127\.\d+\.\d+\.\d+/);
  });
});
