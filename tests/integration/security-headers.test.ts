/**
 * The security headers over real HTTP from the local server (issue 8, point 4): a page, a function's
 * answer (GET /api/auth/session from the repository's functions), a 404, a section 404, a refused
 * method and a refused request target all carry them. The site folder is laid out as a build leaves
 * it, with the real public/_headers and public/_redirects copied in. A function's answer carries the
 * headers the function sets (src/server/http.ts) and none from _headers, as on Netlify.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecurityHeaders } from '../../src/server/http.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const repo = join(import.meta.dirname, '../..');
let dir: string;
let server: LocalServer;
let temp: TempDatabase;

beforeAll(async () => {
  temp = await createTempDatabase();
  process.env.DATABASE_URL = temp.url;
  dir = mkdtempSync(join(tmpdir(), 'repwell-headers-'));
  const site = join(dir, 'site');
  for (const [file, text] of Object.entries({
    'index.html': '<h1>Home</h1>',
    'about.html': '<h1>About</h1>',
    '404.html': '<h1>Site not found</h1>',
    'blog/not-found.html': '<h1>Post not found</h1>',
    '_astro/app.B1c2D3e4.js': 'export const x = 1;',
  })) {
    mkdirSync(dirname(join(site, file)), { recursive: true });
    writeFileSync(join(site, file), text);
  }
  copyFileSync(join(repo, 'public/_headers'), join(site, '_headers'));
  copyFileSync(join(repo, 'public/_redirects'), join(site, '_redirects'));
  server = await startLocalServer({ port: 0, site, functionsDir: join(repo, 'netlify/functions'), logger: silentLogger });
});

afterAll(async () => {
  await server?.close();
  temp?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The status and headers of a raw HTTP/1.1 request, for targets fetch() would never send. */
function raw(requestLine: string): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.write(`${requestLine}\r\nHost: localhost:${server.port}\r\nConnection: close\r\n\r\n`);
  });
}

function expectSecurityHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  // Plain http: a browser would ignore it, and Netlify only answers on https.
  expect(headers.get('strict-transport-security')).toBeNull();
}

/** What a function's answer carries on Netlify too, where _headers never applies to it. */
function expectFunctionSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(apiSecurityHeaders)) expect(headers.get(name), name).toBe(value);
  expect(headers.get('permissions-policy')).toBeNull();
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('every answer of the local server carries the security headers', () => {
  it('a page', async () => {
    const response = await fetch(`${server.url}/about`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    await response.text();
  });

  it('a function answer (GET /api/auth/session), which keeps its own Cache-Control', async () => {
    const response = await fetch(`${server.url}/api/auth/session`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectFunctionSecurityHeaders(response.headers);
    await response.text();
  });

  it('a function error (405)', async () => {
    const response = await fetch(`${server.url}/api/auth/session`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expectFunctionSecurityHeaders(response.headers);
    await response.text();
  });

  it('the site 404 and a section 404', async () => {
    for (const path of ['/no/such/page', '/blog/no-such-post']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expectSecurityHeaders(response.headers);
      await response.text();
    }
  });

  it('a refused method, a redirect and a 304', async () => {
    const post = await fetch(`${server.url}/about`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expectSecurityHeaders(post.headers);
    await post.text();

    const moved = await fetch(`${server.url}/about/`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expectSecurityHeaders(moved.headers);

    const first = await fetch(`${server.url}/about`);
    await first.text();
    const again = await fetch(`${server.url}/about`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again.headers);
  });

  it('a refused request target (400)', async () => {
    const { status, headers } = await raw('OPTIONS * HTTP/1.1');
    expect(status).toBe(400);
    expectSecurityHeaders(headers);
  });

  it("a fingerprinted asset, with the _headers file's cache rule", async () => {
    const response = await fetch(`${server.url}/_astro/app.B1c2D3e4.js`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response.headers);
    await response.text();
  });
});
