/**
 * POST /api/contact over real HTTP, with the real function, a real database file and
 * a tiny SMTP receiver on node:net (tests/helpers/smtp-receiver.ts), so the e-mail that leaves is checked
 * line by line (envelope and headers), without any network beyond localhost.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { contactMessageSchema } from '../../src/domain/contact.ts';
import { hashClientAddress, submitContactMessage } from '../../src/server/contact.ts';
import { createTempDatabase } from '../helpers/temp-db.ts';
import { Browser, startLocalApi, type LocalApi } from '../helpers/local-api.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'Please review the Theragun Mini',
  message: 'I would love a review.\n.\nA line with only a dot above.',
};

let api: LocalApi;
let browser: Browser;
const smtp = new SmtpReceiver();

const rows = () => api.temp.database.run((db) => db.select().from(contactMessages).all());
const send = (json: unknown, init: RequestInit = {}) => browser.fetch('/api/contact', { method: 'POST', json, ...init });

beforeAll(async () => {
  const port = await smtp.start();
  // Read once by env() on the first request, so they must be in place before the server starts.
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_SECURE: 'false',
    CONTACT_TO: 'team@repwell.example',
    CONTACT_FROM: 'site@repwell.example',
  });
  api = await startLocalApi();
  browser = new Browser(api.server.url);
});

afterAll(async () => {
  await smtp.stop().catch(() => undefined);
  await api.close();
});

beforeEach(async () => {
  // Each test starts as a fresh client: forget who sent what (the flood window).
  await api.temp.database.run((db) => db.delete(contactMessages));
  smtp.mails.length = 0;
  smtp.beforeAccept = undefined;
});

describe('POST /api/contact with SMTP configured', () => {
  it('stores the message, e-mails it with safe headers and answers 201', async () => {
    let storedBeforeSend: { emailStatus: string }[] = [];
    smtp.beforeAccept = async () => {
      storedBeforeSend = await rows();
    };

    const response = await send(valid);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 'received' });

    // The row existed, still pending, while the e-mail was being accepted: storage comes first.
    expect(storedBeforeSend).toHaveLength(1);
    expect(storedBeforeSend[0]!.emailStatus).toBe('pending');

    const [row] = await rows();
    expect(row).toMatchObject({ ...valid, emailStatus: 'sent' });

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.mailFrom).toBe('site@repwell.example');
    expect(mail.rcptTo).toEqual(['team@repwell.example']);
    expect(mail.headers.get('from')).toEqual(['Repwell contact form <site@repwell.example>']);
    expect(mail.headers.get('to')).toEqual(['team@repwell.example']);
    expect(mail.headers.get('reply-to')).toEqual(['Ada Lovelace <ada@example.com>']);
    expect(mail.headers.get('subject')).toEqual(['[Repwell contact] Please review the Theragun Mini']);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.has('cc')).toBe(false);
    expect(mail.body).toContain('A line with only a dot above.');
  });

  it('keeps address-like text in a name inside the Reply-To display name', async () => {
    const response = await send({ ...valid, firstName: 'Mallory,', lastName: '<bcc@evil.example>, "x" <y@evil.example>' });
    expect(response.status).toBe(201);
    const mail = smtp.mails[0]!;
    expect(mail.rcptTo).toEqual(['team@repwell.example']);
    // One quoted display name (inner quotes escaped), one address: the visitor's.
    expect(mail.headers.get('reply-to')).toEqual(['"Mallory, <bcc@evil.example>, \\"x\\" <y@evil.example>" <ada@example.com>']);
  });

  it('refuses a line break in a header field with 422 and keeps nothing (header injection)', async () => {
    for (const field of ['firstName', 'lastName', 'subject', 'email'] as const) {
      const response = await send({ ...valid, [field]: `${valid[field]}\r\nBcc: victim@example.org` });
      expect(response.status, field).toBe(422);
      const body = (await response.json()) as { error: { title: string; description: string } };
      expect(body.error.title).toBe('Failed to send message');
      expect(body.error.description).toMatch(/must be on a single line\.$/);
    }
    expect(await rows()).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it('answers a filled honeypot exactly like a success, and keeps and sends nothing', async () => {
    const real = await send(valid);
    await api.temp.database.run((db) => db.delete(contactMessages));
    smtp.mails.length = 0;

    const bot = await send({ ...valid, website: 'https://cheap-pills.example' });
    expect(bot.status).toBe(real.status);
    expect(await bot.json()).toEqual(await real.json());
    expect(await rows()).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  it('limits one client to 5 messages in 10 minutes with a clear 429', async () => {
    for (let i = 0; i < 5; i++) expect((await send({ ...valid, subject: `Message ${i}` })).status).toBe(201);
    const refused = await send({ ...valid, subject: 'Message 6' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    const body = (await refused.json()) as { error: { title: string; description: string } };
    expect(body.error).toEqual({
      title: 'Too many messages',
      description: 'You have sent several messages in a short time. Please wait 10 minutes and try again.',
    });
    expect(await rows()).toHaveLength(5);
  });

  it('holds the limit when a flood arrives all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send({ ...valid, subject: `Burst ${i}` })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await rows()).toHaveLength(5);
  });

  it('keeps only a hash of the address, never the address itself', async () => {
    await send(valid);
    const [row] = await rows();
    expect(row!.clientHash).toBe(hashClientAddress('127.0.0.1'));
    const dump = JSON.stringify(await rows());
    expect(dump).not.toContain('127.0.0.1');
  });
});

describe('POST /api/contact refuses bad input without a 500', () => {
  const cases: [string, RequestInit & { json?: unknown }, number][] = [
    ['a missing field', { json: { ...valid, message: undefined } }, 422],
    ['blank fields', { json: { firstName: ' ', lastName: ' ', email: ' ', subject: ' ', message: ' ' } }, 422],
    ['an invalid address', { json: { ...valid, email: 'ada@localhost' } }, 422],
    ['a too long message', { json: { ...valid, message: 'x'.repeat(5001) } }, 422],
    ['numbers instead of text', { json: { ...valid, firstName: 42 } }, 422],
    ['a JSON array', { json: [valid] }, 422],
    ['JSON null', { json: null }, 422],
    ['a body that is not JSON', { body: '{"firstName":', headers: { 'content-type': 'application/json' } }, 400],
    ['a form post', { body: 'firstName=Ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415],
    ['a cross-site request', { json: valid, headers: { 'sec-fetch-site': 'cross-site' } }, 403],
    ['a foreign origin', { json: valid, headers: { origin: 'https://evil.example' } }, 403],
  ];

  it.each(cases)('%s', async (_name, init, status) => {
    const response = await browser.fetch('/api/contact', { method: 'POST', ...init });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error?: { title: string; description: string } };
    expect(body.error?.description).toBeTruthy();
    expect(await rows()).toHaveLength(0);
  });

  it('answers 405 to GET', async () => {
    const response = await browser.fetch('/api/contact');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('the contact service', () => {
  it('forgets address hashes once the flood window has passed', async () => {
    const input = contactMessageSchema.parse(valid);
    const eleven = new Date(Date.now() - 11 * 60_000);
    await submitContactMessage(api.temp.database, input, { clientAddress: '203.0.113.9', now: eleven });
    expect((await rows())[0]!.clientHash).not.toBeNull();
    await submitContactMessage(api.temp.database, input, { clientAddress: '198.51.100.1' });
    const old = await api.temp.database.run((db) => db.select().from(contactMessages).where(eq(contactMessages.createdAt, eleven)).get());
    expect(old!.clientHash).toBeNull();
  });

  it('stores a message with status not_configured when there is no mailer', async () => {
    const temp = await createTempDatabase();
    try {
      const outcome = await submitContactMessage(temp.database, contactMessageSchema.parse(valid), { clientAddress: '203.0.113.9' });
      expect(outcome).toMatchObject({ kind: 'stored', emailStatus: 'not_configured' });
      const stored = await temp.database.run((db) => db.select({ n: sql<number>`count(*)` }).from(contactMessages).get());
      expect(stored!.n).toBe(1);
    } finally {
      temp.cleanup();
    }
  });
});

// Last: the receiver goes away for good.
describe('POST /api/contact when the SMTP server is down', () => {
  it('still stores the message, marks the e-mail failed and answers 201', async () => {
    await smtp.stop();
    const response = await send({ ...valid, subject: 'Sent while mail is down' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 'received' });
    const [row] = await rows();
    expect(row).toMatchObject({ subject: 'Sent while mail is down', emailStatus: 'failed' });
  });
});
