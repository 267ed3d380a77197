/**
 * GET and PUT /api/admin/settings/hero over HTTP against a real libSQL file (issue 10, points 7 and 8): who may call
 * it, the guards every admin write passes, the spec's messages for bad input, the stored record and the rebuild it
 * requests.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, siteBuilds } from '../../db/schema.ts';
import { heroTexts } from '../../src/domain/admin/hero.ts';
import { HERO_SETTING_ID } from '../../src/domain/hero.ts';
import { createUser } from '../../src/server/accounts.ts';
import { Browser, startLocalApi, type LocalApi } from '../helpers/local-api.ts';

const PATH = '/api/admin/settings/hero';
let api: LocalApi;
let admin: Browser;
let reader: Browser;

async function signedIn(email: string, password: string, role: 'admin' | 'user'): Promise<Browser> {
  await createUser(api.temp.database, { email, password, role });
  const browser = new Browser(api.server.url);
  expect((await browser.fetch('/api/auth/sign-in', { method: 'POST', json: { email, password } })).status).toBe(200);
  return browser;
}

const storedValue = () =>
  api.temp.database.run((db) => db.select({ value: settings.value }).from(settings).where(eq(settings.id, HERO_SETTING_ID)).get());
const heroBuildRequests = () =>
  api.temp.database.run((db) => db.select().from(siteBuilds).where(eq(siteBuilds.reason, 'hero image changed')).orderBy(desc(siteBuilds.id)));

/** The rebuild request is written beside the answer (waitUntil), so the test waits for it rather than assuming it. */
async function waitForBuildRequests(count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await heroBuildRequests()).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} hero rebuild requests`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const put = (browser: Browser, json: unknown, headers: Record<string, string> = {}) => browser.fetch(PATH, { method: 'PUT', json, headers });

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedIn('hero-admin@example.com', 'hero admin password', 'admin');
  reader = await signedIn('hero-reader@example.com', 'hero reader password', 'user');
});
afterAll(() => api.close());

describe('who may read and change the hero', () => {
  it('answers 401 to a visitor and 403 Access Denied to a plain user, for GET and PUT', async () => {
    const visitor = new Browser(api.server.url);
    expect((await visitor.fetch(PATH)).status).toBe(401);
    expect((await put(visitor, { type: 'none' })).status).toBe(401);
    for (const response of [await reader.fetch(PATH), await put(reader, { type: 'color', color: '#000000' })]) {
      expect(response.status).toBe(403);
      expect((await response.json()).error).toEqual({ title: 'Access Denied', description: "You don't have permission to access this page." });
    }
    expect(await storedValue()).toBeUndefined();
  });

  it('answers an admin with the stored hero, none at first', async () => {
    const response = await admin.fetch(PATH);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hero: { type: 'none' }, updatedAt: null });
  });

  it('refuses other methods with 405 and the Allow header', async () => {
    const response = await admin.fetch(PATH, { method: 'POST', json: { type: 'none' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PUT');
  });
});

describe('saving the hero', () => {
  it('upserts a colour, answers the saved value and requests a rebuild', async () => {
    const before = (await heroBuildRequests()).length;
    const response = await put(admin, { type: 'color', color: '#1E3A5F' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.hero).toEqual({ type: 'color', color: '#1e3a5f' });
    expect(Date.parse(body.updatedAt)).not.toBeNaN();
    expect((await storedValue())?.value).toEqual({ type: 'color', color: '#1e3a5f' });
    await waitForBuildRequests(before + 1);
    expect((await heroBuildRequests())[0]).toMatchObject({ status: 'queued', target: 'local' });

    // A second save replaces the one record.
    expect((await put(admin, { type: 'image', url: 'https://cdn.example.com/gym.jpg', alt: 'A bright home gym' })).status).toBe(200);
    expect((await storedValue())?.value).toEqual({ type: 'image', url: 'https://cdn.example.com/gym.jpg', alt: 'A bright home gym' });
    const rows = await api.temp.database.run((db) => db.select().from(settings).where(eq(settings.id, HERO_SETTING_ID)));
    expect(rows).toHaveLength(1);
    expect(await (await admin.fetch(PATH)).json()).toMatchObject({ hero: { type: 'image', url: 'https://cdn.example.com/gym.jpg', alt: 'A bright home gym' } });
    await waitForBuildRequests(before + 2);
  });

  it('deletes the record for none, which the public hero shows as the muted background', async () => {
    expect((await put(admin, { type: 'image', url: '/images/hero.svg', alt: 'Artwork' })).status).toBe(200);
    const response = await put(admin, { type: 'none' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hero: { type: 'none' }, updatedAt: null });
    expect(await storedValue()).toBeUndefined();
  });
});

describe('bad requests change nothing', () => {
  it('refuses a cross-site request (403) before anything else', async () => {
    expect((await put(admin, { type: 'color', color: '#ffffff' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(admin, { type: 'color', color: '#ffffff' }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(await storedValue()).toBeUndefined();
  });

  it('refuses a body that is not declared as JSON (415) or is not JSON (400)', async () => {
    const form = await admin.fetch(PATH, { method: 'PUT', body: 'type=none', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const broken = await admin.fetch(PATH, { method: 'PUT', body: '{"type":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.title).toBe(heroTexts.saveFailed);
  });

  it.each([
    [{ type: 'image', url: 'javascript:alert(1)', alt: 'x' }, heroTexts.urlInvalid],
    [{ type: 'image', url: '//evil.example/x.jpg', alt: 'x' }, heroTexts.urlInvalid],
    [{ type: 'image', url: '/images/hero.svg', alt: ' ' }, heroTexts.altRequired],
    [{ type: 'image', url: '/images/hero.svg', alt: 'a'.repeat(201) }, heroTexts.altTooLong],
    [{ type: 'color', color: 'red' }, heroTexts.colorInvalid],
    [{ type: 'color', color: '#fff' }, heroTexts.colorInvalid],
    [{ type: 'video', url: '/v.mp4' }, heroTexts.typeInvalid],
    [[], heroTexts.typeInvalid],
  ])('answers 422 with the rule it broke: %j', async (body, message) => {
    const response = await put(admin, body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title: heroTexts.saveFailed, description: message } });
    expect(await storedValue()).toBeUndefined();
  });
});
