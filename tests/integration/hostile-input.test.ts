/**
 * Issue 8, points 3 and 5, over HTTP against a real libSQL file: input a person could not type is
 * refused with a message naming the field, ids must be canonical, and bodies are read only as far as
 * an endpoint needs (the requests that showed each problem are kept here).
 */
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, products, users } from '../../db/schema.ts';
import { Browser, freshLoopbackAddress, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let productId: number;
beforeAll(async () => {
  api = await startLocalApi();
  const [row] = await api.temp.database.run((db) =>
    db.insert(products).values({ name: 'Massage Gun', slug: 'massage-gun', price: 99, affiliateUrl: 'https://www.amazon.com/dp/B000000001' }).returning(),
  );
  productId = row!.id;
});
afterAll(() => api.close());

const browser = () => new Browser(api.server.url, { address: freshLoopbackAddress() });
let people = 0;
const freshEmail = () => `reader${++people}@example.com`;

async function refusal(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: { title: string; description: string } }).error };
}

function signUp(body: Record<string, unknown>) {
  return browser().fetch('/api/auth/sign-up', { method: 'POST', json: { email: freshEmail(), password: 'a long password', ...body } });
}

describe('sign-up refuses what a person could not have typed', () => {
  it.each([
    ['a NUL (it was stored and read back empty)', 'Sam\u0000', 'Display name contains invisible control characters. Please remove them.'],
    ['a bidi override', 'Sam\u202Egnp.exe', 'Display name contains invisible text-direction characters. Please remove them.'],
    ['a bidi isolate', 'Sam\u2066x', 'Display name contains invisible text-direction characters. Please remove them.'],
    ['a lone surrogate', 'Sam\uD800', 'Display name contains a broken character (an unpaired surrogate). Please type it again.'],
    ['a line break', 'Sam\nLee', 'Display name must be on a single line.'],
  ])('a display name with %s', async (_, displayName, description) => {
    expect(await refusal(await signUp({ displayName }))).toEqual({ status: 422, title: 'Sign up failed', description });
  });

  it('stores a display name normalised to NFC and trimmed', async () => {
    const email = freshEmail();
    const response = await browser().fetch('/api/auth/sign-up', { method: 'POST', json: { email, password: 'a long password', displayName: '  Zoe\u0301 ' } });
    expect(response.status).toBe(201);
    expect((await response.json()).user.displayName).toBe('Zo\u00e9');
  });

  it.each([
    ['a 65-character local part', `${'a'.repeat(65)}@example.com`, 'The part of the email address before the @ must be at most 64 characters.'],
    ['a 255-character address', `${'a'.repeat(59)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`, 'Email address must be at most 254 characters.'],
  ])('an e-mail with %s', async (_, email, description) => {
    if (description.includes('254')) expect(email).toHaveLength(255);
    expect(await refusal(await signUp({ email }))).toEqual({ status: 422, title: 'Sign up failed', description });
  });

  it.each([
    ['a common password', { password: 'iloveyou123' }, 'Password is one of the most common passwords and easy to guess. Please choose another.'],
    ['a common password in capitals', { password: 'PASSWORD1' }, 'Password is one of the most common passwords and easy to guess. Please choose another.'],
    ['the e-mail as password', { email: 'kim.lee@example.com', password: 'Kim.Lee@Example.com' }, 'Password must not be your email address or the part of it before the @.'],
    ['the local part as password', { email: 'kimberley.lee@example.com', password: 'kimberley.lee' }, 'Password must not be your email address or the part of it before the @.'],
    ['spaces only', { password: '            ' }, 'Password must contain more than spaces.'],
  ])('%s', async (_, body, description) => {
    const response = await signUp(body);
    expect(await refusal(response)).toEqual({ status: 422, title: 'Sign up failed', description });
  });

  it('creates no account for any refused sign-up', async () => {
    const stored = await api.temp.database.run((db) => db.select({ email: users.email, displayName: users.displayName }).from(users));
    expect(stored.filter((user) => /\p{Cc}|[\u202E\u2066]/u.test(user.displayName ?? ''))).toEqual([]);
    expect(stored.filter((user) => user.email === 'kim.lee@example.com')).toEqual([]);
  });
});

describe('the contact form refuses hidden characters', () => {
  const message = { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', subject: 'Hello', message: 'Line one\r\nLine two\twith a tab' };
  const send = (body: Record<string, unknown>) => browser().fetch('/api/contact', { method: 'POST', json: { ...message, ...body } });

  it.each([
    ['subject', { subject: 'Invoice\u202Efdp.exe' }, 'Subject contains invisible text-direction characters. Please remove them.'],
    ['subject', { subject: 'Hi\u0007' }, 'Subject contains invisible control characters. Please remove them.'],
    ['message', { message: 'Hello\u0000there' }, 'Message contains invisible control characters. Please remove them.'],
    ['message', { message: 'Hello \uDC00 there' }, 'Message contains a broken character (an unpaired surrogate). Please type it again.'],
    ['first name', { firstName: 'Sam\u2067' }, 'First name contains invisible text-direction characters. Please remove them.'],
    ['e-mail', { email: `${'a'.repeat(65)}@example.com` }, 'The part of the email address before the @ must be at most 64 characters.'],
  ])('%s: %j', async (_, body, description) => {
    expect(await refusal(await send(body))).toEqual({ status: 422, title: 'Failed to send message', description });
  });

  it('keeps line breaks (as LF) and tabs in a message', async () => {
    expect((await send({ subject: 'Line breaks kept' })).status).toBe(201);
    const row = await api.temp.database.run((db) => db.select().from(contactMessages).where(eq(contactMessages.subject, 'Line breaks kept')).get());
    expect(row!.message).toBe('Line one\nLine two\twith a tab');
  });
});

describe('ids are positive integers in canonical form', () => {
  let signedIn: Browser;
  beforeAll(async () => {
    signedIn = browser();
    expect((await signedIn.fetch('/api/auth/sign-up', { method: 'POST', json: { email: freshEmail(), password: 'a long password' } })).status).toBe(201);
  });

  it.each([['0x5'], ['1e1'], [[3]], [true], ['05'], [' 5'], ['5.0'], [0], [-1], [1.5], ['']])('refuses the body id %j with 422', async (id) => {
    const answer = await refusal(await signedIn.fetch('/api/wishlist', { method: 'POST', json: { productId: id } }));
    expect(answer).toEqual({ status: 422, title: 'Error', description: 'Please choose a product to save.' });
    const bookmark = await refusal(await signedIn.fetch('/api/bookmarks', { method: 'POST', json: { postId: id } }));
    expect(bookmark).toEqual({ status: 422, title: 'Error', description: 'Please choose a post to bookmark.' });
  });

  it.each(['0x5', '1e1', '05', '%205', '5.0', '0', '-1', '99999999999999999999'])('refuses the path id %s with 400', async (id) => {
    const answer = await refusal(await signedIn.fetch(`/api/wishlist/${id}`, { method: 'DELETE' }));
    expect(answer).toEqual({ status: 400, title: 'Error', description: 'The id in the address must be a positive whole number.' });
    expect((await signedIn.fetch(`/api/bookmarks/${id}`, { method: 'DELETE' })).status).toBe(400);
  });

  it('accepts the canonical id as a number or a decimal string', async () => {
    expect((await signedIn.fetch('/api/wishlist', { method: 'POST', json: { productId } })).status).toBe(201);
    expect((await signedIn.fetch(`/api/wishlist/${productId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await signedIn.fetch('/api/wishlist', { method: 'POST', json: { productId: String(productId) } })).status).toBe(201);
  });

  it.each([['5'], [true], [[3]], [1.5]])('refuses the tracked product id %j with 422', async (id) => {
    const response = await browser().fetch('/api/track', { method: 'POST', json: { productId: id, event: 'view' }, headers: { 'user-agent': 'Mozilla/5.0 Test' } });
    expect(response.status).toBe(422);
  });
});

describe('bodies are read only as far as the endpoint needs', () => {
  it('refuses a chunked 5 MB tracking body without Content-Length after reading at most 1 KB of it', async () => {
    let produced = 0;
    const fiveMegabytes = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= 5 * 1024 * 1024) return controller.close();
        produced += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      body: fiveMegabytes,
      duplex: 'half',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: api.server.url, 'user-agent': 'Mozilla/5.0 Test' },
    };
    const response = await fetch(`${api.server.url}/api/track`, init);
    expect(await refusal(response)).toEqual({ status: 413, title: 'Invalid tracking event', description: 'The request body is too large: it must be at most 1 KB.' });
  });

  it('answers the refusal while the client is still sending (the bridge no longer waits for the whole body)', async () => {
    const url = new URL(`${api.server.url}/api/track`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: api.server.url, 'user-agent': 'Mozilla/5.0 Test', 'transfer-encoding': 'chunked' },
      });
      outgoing.on('response', (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => {
          resolve({ status: incoming.statusCode ?? 0, body });
          outgoing.destroy();
        });
      });
      outgoing.on('error', (error) => reject(error));
      // 256 KB and no end: before the fix the server buffered up to 6 MB and never answered this.
      for (let i = 0; i < 16; i++) outgoing.write(Buffer.alloc(16 * 1024, 0x20));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.description).toBe('The request body is too large: it must be at most 1 KB.');
  });

  it('keeps sign-in and sign-up bodies to a few KB', async () => {
    const padded = await browser().fetch('/api/auth/sign-in', { method: 'POST', json: { email: 'a@example.com', password: 'x', pad: 'x'.repeat(20_000) } });
    expect(await refusal(padded)).toEqual({ status: 413, title: 'Authentication failed', description: 'The request body is too large: it must be at most 8 KB.' });
  });

  it('still refuses a declared body over 6 MB at the bridge', async () => {
    const response = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(`${api.server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(7 * 1024 * 1024) } });
      outgoing.on('response', (incoming) => {
        incoming.resume();
        resolve(incoming.statusCode ?? 0);
        outgoing.destroy();
      });
      outgoing.on('error', reject);
      outgoing.write('{');
    });
    expect(response).toBe(413);
  });
});
