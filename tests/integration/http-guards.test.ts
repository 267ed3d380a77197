/**
 * The shared guards of src/server/http.ts inside a function, over real HTTP
 * through the local server: what a browser's cross-site form post, a foreign
 * page's fetch, and a same-origin island each get.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { fetchFrom } from '../helpers/local-api.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({
    port: 0,
    site: join(fixtures, 'local-site'),
    functionsDir: join(fixtures, 'local-functions'),
    logger: silentLogger,
  });
});

afterAll(() => server?.close());

const post = (headers: Record<string, string>, body = JSON.stringify({ name: 'Repwell' })) =>
  fetch(`${server.url}/api/guarded`, { method: 'POST', headers, body });

describe('a guarded JSON endpoint', () => {
  it('accepts a same-origin JSON request (the page is served from SITE_URL)', async () => {
    const response = await post({ 'content-type': 'application/json', origin: 'https://repwell.example', 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ hello: 'Repwell' });
  });

  it('refuses an Origin equal to the Host the request names, which the sender controls', async () => {
    const forged = await fetchFrom('127.0.0.1', `${server.url}/api/guarded`, {
      method: 'POST',
      headers: new Headers({ host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' }),
      body: JSON.stringify({ name: 'Repwell' }),
    });
    expect(forged.status).toBe(403);
    // The server's own address is not SITE_URL either.
    expect((await post({ 'content-type': 'application/json', origin: server.url })).status).toBe(403);
  });

  it('refuses a cross-site request with 403 and the error shape', async () => {
    const response = await post({ 'content-type': 'application/json', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { title: 'Forbidden', description: expect.any(String) } });
  });

  it('accepts the public site origin (SITE_URL)', async () => {
    const response = await post({ 'content-type': 'application/json', origin: 'https://repwell.example' });
    expect(response.status).toBe(201);
    await response.text();
  });

  it('refuses a form-encoded body with 415', async () => {
    const response = await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'name=Repwell');
    expect(response.status).toBe(415);
    await response.text();
  });

  it('answers 400 for broken JSON and 422 for a schema error', async () => {
    const broken = await post({ 'content-type': 'application/json' }, '{"name":');
    expect(broken.status).toBe(400);
    await broken.text();
    const invalid = await post({ 'content-type': 'application/json' }, JSON.stringify({ name: 'R' }));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.description).toBe('Name must be at least 2 characters');
  });

  it('answers 405 with Allow for GET', async () => {
    const response = await fetch(`${server.url}/api/guarded`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    await response.text();
  });
});
