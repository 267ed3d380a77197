/**
 * The local server over real HTTP: static files as Netlify serves them, and
 * Netlify Functions v2 modules called with a web Request and their Response
 * written back.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { schedulingPolicy } from '../../src/server/local/scheduling.ts';
import type { Logger } from '../../src/server/local/logger.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
/** Before any server started: whatever the test runner was started with. */
const policyAtStart = schedulingPolicy();
const repoFunctions = join(import.meta.dirname, '../../netlify/functions');

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(message),
    warn: (message) => lines.push(message),
    error: (message) => lines.push(message),
  };
}

let server: LocalServer;
let realFunctions: LocalServer;
let temp: TempDatabase;
const logger = recordingLogger();

beforeAll(async () => {
  // The repository's functions read the database through env(), parsed on first use: point it at a fresh file.
  temp = await createTempDatabase();
  process.env.DATABASE_URL = temp.url;
  server = await startLocalServer({
    port: 0,
    site: join(fixtures, 'local-site'),
    functionsDir: join(fixtures, 'local-functions'),
    siteUrl: 'https://repwell.example',
    logger,
  });
  realFunctions = await startLocalServer({ port: 0, site: join(fixtures, 'local-site'), functionsDir: repoFunctions, logger });
});

afterAll(async () => {
  await server?.close();
  await realFunctions?.close();
  temp?.cleanup();
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

describe('static files', () => {
  it('serves index.html for / with HTML revalidation headers', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^W\/"/);
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(await response.text()).toContain('<h1>Fixture home</h1>');
  });

  it('serves a folder index at its trailing-slash URL', async () => {
    const response = await get('/blog/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Fixture blog');
  });

  it('redirects a folder URL without the slash, keeping the query', async () => {
    const response = await get('/product/sample-item?ref=card');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/product/sample-item/?ref=card');
  });

  it('serves page.html for /page (pretty URLs)', async () => {
    const response = await get('/about');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('About page');
  });

  it('moves /page/ to /page when the page is built as page.html', async () => {
    const response = await get('/about/?ref=menu');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about?ref=menu');
  });

  it.each([
    ['/logo.svg', 'image/svg+xml'],
    ['/sitemap-index.xml', 'application/xml; charset=utf-8'],
    ['/pagefind/wasm.en.pagefind', 'application/octet-stream'],
    ['/pagefind/pagefind.js', 'text/javascript; charset=utf-8'],
  ])('serves %s as %s', async (path, type) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    await response.arrayBuffer();
  });

  it('caches hashed /_astro/ assets for good, and compresses them', async () => {
    const response = await get('/_astro/app.B1c2D3e4.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('export const hello');
  });

  it('prefers brotli when the client accepts it', async () => {
    const response = await get('/_astro/app.B1c2D3e4.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(response.headers.get('content-length'))).toBeLessThan(3000);
    expect(await response.text()).toContain('export const hello');
  });

  it('answers a conditional request with 304', async () => {
    const first = await get('/');
    await first.text();
    const etag = first.headers.get('etag')!;
    const again = await get('/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const byDate = await get('/', { headers: { 'if-modified-since': first.headers.get('last-modified')! } });
    expect(byDate.status).toBe(304);
  });

  it('answers HEAD with headers only', async () => {
    const response = await get('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('refuses other methods on static paths', async () => {
    const response = await get('/', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers an unknown path with the 404 page, status 404, and logs it', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
    expect(logger.lines).toContain('404 /no/such/page');
  });

  it('never serves dotfiles such as the build fingerprint', async () => {
    const response = await get('/.repwell-build.json');
    expect(response.status).toBe(404);
    await response.text();
  });

  // The fixture site is tests/fixtures/local-site, so ../../../package.json is the repository's.
  it.each(['/../../../package.json', '/%2e%2e/%2e%2e/%2e%2e/package.json', '/blog/..%2f..%2f..%2f..%2fpackage.json', '/..%5c..%5c..%5cpackage.json', '/%c0%ae%c0%ae/package.json'])(
    'blocks path traversal: %s',
    async (path) => {
      // fetch normalises dot segments, so send the raw path with node:http.
      const { status, body } = await rawGet(server.url, path);
      expect(status).toBe(404);
      expect(body).not.toContain('"name"');
    },
  );
});

describe('before the first build', () => {
  it('answers pages with 503 and Retry-After, and functions as usual', async () => {
    const waiting = await startLocalServer({ port: 0, site: { current: () => undefined }, functionsDir: join(fixtures, 'local-functions'), logger });
    try {
      const page = await fetch(`${waiting.url}/`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      await page.text();
      expect((await fetch(`${waiting.url}/.netlify/functions/default-path`)).status).toBe(200);
    } finally {
      await waiting.close();
    }
  });
});

describe('functions', () => {
  it('routes config.path with parameters and passes a full web Request', async () => {
    const response = await fetch(`${server.url}/api/echo/42?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=abc' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(200);
    const echoed = await response.json();
    expect(echoed).toMatchObject({
      method: 'POST',
      url: `${server.url}/api/echo/42?x=1`,
      params: { id: '42' },
      siteUrl: 'https://repwell.example',
      cookie: 'session=abc',
      contentType: 'application/json',
      body: '{"hello":"world"}',
    });
    expect(echoed.ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it("gives the context's URL and request id, one id per request, and the client's address header Netlify sets", async () => {
    const echo = async () => (await (await fetch(`${server.url}/api/echo/5?y=2`, { headers: { 'x-nf-client-connection-ip': '203.0.113.9' } })).json()) as Record<string, unknown>;
    const [first, second] = [await echo(), await echo()];
    expect(first.contextUrl).toBe(`${server.url}/api/echo/5?y=2`);
    const ids = first.requestIds as string[];
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
    expect((second.requestIds as string[])[0]).not.toBe(ids[0]);
    // What the client claims is replaced by the address the connection came from.
    expect(first.clientAddressHeader).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });

  it('matches every path of an array, with or without a trailing slash', async () => {
    expect((await (await fetch(`${server.url}/api/echo-alias/7/`)).json()).params).toEqual({ id: '7' });
  });

  it('keeps multiple Set-Cookie headers apart', async () => {
    const response = await fetch(`${server.url}/api/echo/1`);
    expect(response.headers.getSetCookie()).toEqual(['first=1; Path=/; HttpOnly', 'second=2; Path=/; Expires=Wed, 21 Oct 2099 07:28:00 GMT']);
    expect(response.headers.get('x-echo')).toBe('yes');
    await response.text();
  });

  it('streams a body', async () => {
    const response = await fetch(`${server.url}/api/stream`);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('chunk0;chunk1;chunk2;');
  });

  it('answers a JSON 500 when a function throws, and logs it', async () => {
    const response = await fetch(`${server.url}/api/throws`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { title: 'Error', description: 'Something went wrong.' } });
    expect(logger.lines.some((line) => line.includes('throws') && line.includes('fixture failure'))).toBe(true);
  });

  it('honours config.method: other methods fall through to the site', async () => {
    const posted = await fetch(`${server.url}/api/post-only`, { method: 'POST' });
    expect(await posted.json()).toEqual({ posted: true });
    const got = await fetch(`${server.url}/api/post-only`);
    expect(got.status).toBe(404);
    await got.text();
  });

  it('serves a function without config.path at /.netlify/functions/<name>', async () => {
    expect(await (await fetch(`${server.url}/.netlify/functions/default-path`)).text()).toBe('default path');
  });

  it('hands a function the whole body when it arrives in pieces after the headers', async () => {
    const body = JSON.stringify({ pieces: 'x'.repeat(3000) });
    const sent = httpRequest(`${server.url}/api/echo/3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = once(sent, 'response') as Promise<[IncomingMessage]>;
    // The headers go with the first piece; each later piece after the server has had a turn to read what came before
    // it, so the function starts with part of the body buffered and the rest still to come.
    sent.write(body.slice(0, 10));
    for (const piece of [body.slice(10, 2000), body.slice(2000)]) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent.write(piece);
    }
    sent.end();
    const [response] = await answered;
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(await text(response)).body).toBe(body);
  });

  it('answers 400 to a streamed body with a Host that makes no URL, and the connection serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = new URL(server.url);
    const send = (init: { method: string; path: string; host: string; body?: string }) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const sent = httpRequest({ host: '127.0.0.1', port, agent, method: init.method, path: init.path, headers: { host: init.host } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: sent.reusedSocket }));
        });
        sent.on('error', reject);
        // No length given: the body goes chunked, so the bridge streams it to the function; at 512 KB it is more than
        // the sockets hold, so unless the bridge drops what no function reads, the connection waits for ever.
        if (init.body !== undefined) sent.write(init.body);
        sent.end();
      });
    try {
      expect(await send({ method: 'POST', path: '/api/echo/1', host: 'not a host', body: 'x'.repeat(512 * 1024) })).toEqual({ status: 400, reused: false });
      expect(await send({ method: 'GET', path: '/api/echo/2', host: `localhost:${port}` })).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('refuses a body over 6 MB with 413', async () => {
    const response = await fetch(`${server.url}/api/echo/1`, { method: 'POST', body: new Uint8Array(6 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    await response.text();
  });
});

describe('the repository functions', () => {
  it('GET /api/auth/session answers {"user":null}, uncached', async () => {
    const response = await fetch(`${realFunctions.url}/api/auth/session`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('{"user":null}');
  });

  it('GET /api/auth/session with an unknown session cookie is still null', async () => {
    const response = await fetch(`${realFunctions.url}/api/auth/session`, { headers: { cookie: 'session=unknown.token' } });
    expect(await response.json()).toEqual({ user: null });
  });

  it('POST /api/auth/session is 405', async () => {
    const response = await fetch(`${realFunctions.url}/api/auth/session`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    await response.text();
  });
});

describe('scheduling', () => {
  /** Every thread's policy; a thread that ended between the listing and the read is left out. */
  const policies = () =>
    readdirSync('/proc/self/task')
      .map((thread) => schedulingPolicy(Number(thread)))
      .filter((policy) => policy !== undefined);
  const hasChrt = process.platform === 'linux' && spawnSync('chrt', ['--version'], { stdio: 'ignore' }).status === 0;

  it.skipIf(policyAtStart !== 'normal')('says so once in its log, and serves, when the batch policy cannot be set (no chrt)', async () => {
    const own = recordingLogger();
    const path = process.env.PATH;
    process.env.PATH = '';
    let server: LocalServer | undefined;
    try {
      server = await startLocalServer({ port: 0, site: join(fixtures, 'local-site'), functionsDir: join(fixtures, 'local-functions'), logger: own, batchScheduling: true });
    } finally {
      process.env.PATH = path;
    }
    try {
      expect(own.lines.filter((line) => line.includes('scheduling policy'))).toEqual([
        'The server runs under the normal scheduling policy, not the batch one (docs/operations.md).',
      ]);
      expect(new Set(policies())).toEqual(new Set(['normal']));
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  // Its threads stop preempting one another at every wakeup under a burst (scheduling.ts; the track bench's budget).
  it.skipIf(!hasChrt || policyAtStart !== 'normal')(
    "puts the server's process in SCHED_BATCH when asked, as npm start does: every thread, and those it starts later",
    async () => {
      // The servers above were not asked, and left it as it was: a test runner's browsers must not inherit the policy.
      expect(new Set(policies())).toEqual(new Set(['normal']));
      const batch = await startLocalServer({ port: 0, site: join(fixtures, 'local-site'), functionsDir: join(fixtures, 'local-functions'), logger, batchScheduling: true });
      const before = new Set(readdirSync('/proc/self/task'));
      // A thread started afterwards, as the tracking writer's is on the first beacon.
      const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
      try {
        await once(worker, 'online');
        expect(new Set(policies())).toEqual(new Set(['batch']));
        const started = readdirSync('/proc/self/task').filter((thread) => !before.has(thread));
        expect(started.length).toBeGreaterThan(0);
        expect(started.map((thread) => schedulingPolicy(Number(thread)))).toEqual(started.map(() => 'batch'));
        expect((await fetch(`${batch.url}/`)).status).toBe(200);
      } finally {
        await worker.terminate();
        await batch.close();
        // The rest of this file runs as it began.
        spawnSync('chrt', ['--other', '--all-tasks', '--pid', '0', String(process.pid)]);
      }
    },
  );
});

describe('keep-alive', () => {
  it('keeps idle connections well past a test’s pauses', async () => {
    const own = await startLocalServer({ port: 0, site: join(fixtures, 'local-site'), functionsDir: join(fixtures, 'local-functions'), logger });
    // A client that honours the server's Keep-Alive hint (Node's agent, so Playwright's request context) and a server
    // closing at that same moment race on a reused socket: the hint must be far above a test's idle gaps.
    const agent = new Agent({ keepAlive: true });
    const hint = await new Promise<string | undefined>((resolve, reject) => {
      httpRequest(`${own.url}/`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers['keep-alive']?.toString()));
      })
        .on('error', reject)
        .end();
    });
    expect(Number(/timeout=(\d+)/.exec(hint ?? '')?.[1])).toBeGreaterThanOrEqual(60);
    agent.destroy();
    await own.close();
  });
});

describe('functions loaded after the server listens (npm start)', () => {
  it('serves pages at once, and a function request waits for the functions instead of missing them', async () => {
    const ready = Promise.withResolvers<void>();
    const own = await startLocalServer({ port: 0, site: join(fixtures, 'local-site'), functionsDir: join(fixtures, 'local-functions'), functionsAfter: ready.promise, logger });
    expect(own.routes).toEqual([]);
    let echoed = false;
    const echo = fetch(`${own.url}/api/echo/7`).finally(() => (echoed = true));
    // Asked for after it, a page is answered while the function request waits (the site would have answered it 404).
    const page = await fetch(`${own.url}/`);
    expect(page.status).toBe(200);
    await page.text();
    await own.yieldToRequests();
    expect(echoed).toBe(false);
    ready.resolve();
    const answer = await echo;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ params: { id: '7' } });
    expect((await own.functionsLoaded).length).toBeGreaterThan(0);
    await own.close();
  });
});

function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port: url.port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
