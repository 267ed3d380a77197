/**
 * The shared guards of src/server/http.ts inside a function, over real HTTP
 * through the local server: what a browser's cross-site form post, a foreign
 * page's fetch, and a same-origin island each get. And the local server's own
 * guards: request targets a browser would never send, and Netlify's build files.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { fetchFrom } from '../helpers/local-api.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
let server: LocalServer;
let dir: string;

beforeAll(async () => {
  // The fixture site, with the two files Netlify reads from a build and never serves.
  dir = mkdtempSync(join(tmpdir(), 'repwell-guards-'));
  const site = join(dir, 'site');
  cpSync(join(fixtures, 'local-site'), site, { recursive: true });
  writeFileSync(join(site, '_redirects'), '/blog/*  /blog/  404\n');
  writeFileSync(join(site, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
  server = await startLocalServer({ port: 0, site, functionsDir: join(fixtures, 'local-functions'), logger: silentLogger });
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

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

/** Sends a request as written, over a plain socket (fetch and node:http would refuse or repair these), and reads the status. */
function rawStatus(request: string): Promise<{ status: number; response: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let response = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (response += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]), response }));
    socket.write(request);
  });
}

const host = () => `Host: localhost:${server.port}\r\nConnection: close\r\n\r\n`;

describe('request targets no browser sends', () => {
  it.each([
    ['OPTIONS * HTTP/1.1', 'asks about the server, not a resource'],
    ['GET * HTTP/1.1', 'names no resource'],
    ['GET http://[::1 HTTP/1.1', 'is not a URL'],
    ['GET http://evil.example/products HTTP/1.1', 'names another host: the server is no proxy'],
    ['POST http://evil.example/api/guarded HTTP/1.1', 'would reach a function for another host'],
    ['GET ftp://localhost/about HTTP/1.1', 'is not http'],
  ])('%s answers 400 (it %s), never 500', async (line) => {
    const { status, response } = await rawStatus(`${line}\r\n${host()}`);
    expect(status).toBe(400);
    expect(response).toContain('Bad Request');
  });

  it('an absolute target for this host is read as its path (RFC 9112 3.2.2)', async () => {
    const { status, response } = await rawStatus(`GET http://localhost:${server.port}/about HTTP/1.1\r\n${host()}`);
    expect(status).toBe(200);
    expect(response).toContain('About page');
  });
});

describe("Netlify's build files", () => {
  it.each(['/_redirects', '/_headers', '/_redirects/', '/%5Fheaders', '/.repwell-build.json'])('%s is not served (404)', async (path) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain('nosniff');
    expect(body).not.toContain('/blog/*');
  });
});
