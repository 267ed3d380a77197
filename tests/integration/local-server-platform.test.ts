/**
 * Where the local server follows Netlify rather than Netlify's CLI (docs/operations.md, "Netlify's CLI and the
 * platform"): trailing slashes as Netlify's CDN answers them, `_headers` on what the site serves but never on a
 * function's answer, a function's 404 answered as it is (the CLI retries it with `.html` appended), and a Background
 * Function answered 202 at once while it runs afterwards. tests/platform/ holds the same answers against the CLI.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/local/function-bridge.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';

const repo = join(import.meta.dirname, '../..');
let dir: string;
let server: LocalServer;

interface FixtureGlobals {
  jobGate?: Promise<void>;
  jobRuns?: { method: string; kind: string | undefined; body: string }[];
  notFoundCalls?: string[];
}
const globals = globalThis as FixtureGlobals;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'repwell-platform-rules-'));
  const site = join(dir, 'site');
  // The layout of github.com/slorber/trailing-slash-guide, whose table records what Netlify answers for each URL.
  for (const file of ['file.html', 'folder/index.html', 'both.html', 'both/index.html', 'index.html', '404.html', '_astro/app.B1c2D3e4.js']) {
    mkdirSync(dirname(join(site, file)), { recursive: true });
    writeFileSync(join(site, file), `<h1>${file}</h1>`);
  }
  copyFileSync(join(repo, 'public/_headers'), join(site, '_headers'));
  server = await startLocalServer({ port: 0, site, functionsDir: join(repo, 'tests/fixtures/local-functions'), logger: silentLogger });
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

describe('trailing slashes, as Netlify answers them with its default (Pretty URLs) settings', () => {
  it.each([
    ['/file', 200, undefined],
    ['/file/', 301, '/file'],
    ['/file.html', 200, undefined],
    ['/folder', 301, '/folder/'],
    ['/folder/', 200, undefined],
    ['/folder/index.html', 200, undefined],
    ['/both', 200, undefined],
    ['/both/', 301, '/both'],
    ['/both.html', 200, undefined],
    ['/both/index.html', 200, undefined],
  ])('%s answers %i', async (path, status, location) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('location') ?? undefined).toBe(location);
    await response.arrayBuffer();
  });

  it('serves /both from both.html, not the folder', async () => {
    expect(await (await get('/both')).text()).toBe('<h1>both.html</h1>');
  });
});

describe('header rules', () => {
  it('apply to the files the site serves, the immutable cache rule included', async () => {
    const asset = await get('/_astro/app.B1c2D3e4.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    await asset.text();
  });

  it("never apply to a function's answer, which carries only the headers the function set", async () => {
    const response = await get('/api/echo/1');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-echo')).toBe('yes');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy']) expect(response.headers.get(name), name).toBeNull();
    await response.text();
  });
});

describe("a function's 404", () => {
  it('is the answer, with its body, and the function is called once (no retry with .html appended)', async () => {
    globals.notFoundCalls = [];
    const response = await fetch(`${server.url}/api/things/16`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { title: 'Not found', description: 'No such thing.' } });
    expect(globals.notFoundCalls).toEqual(['/api/things/16']);
  });
});

describe('a Background Function', () => {
  it('answers 202 with no body before it runs, then runs with the request, and settled() waits for it', async () => {
    let release!: () => void;
    globals.jobGate = new Promise<void>((resolve) => (release = resolve));
    globals.jobRuns = [];
    const response = await fetch(`${server.url}/api/job/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"runId":7}' });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(globals.jobRuns).toEqual([]);
    release();
    await server.settled();
    expect(globals.jobRuns).toEqual([{ method: 'POST', kind: 'links', body: '{"runId":7}' }]);
  });

  it('answers 202 whatever the function will answer (its 405 goes nowhere)', async () => {
    globals.jobGate = undefined;
    globals.jobRuns = [];
    const response = await get('/api/job/other');
    expect(response.status).toBe(202);
    await response.text();
    await server.settled();
    expect(globals.jobRuns).toEqual([{ method: 'GET', kind: 'other', body: '' }]);
  });

  it('refuses a body past the request limit with 413 and never runs the function on part of it', async () => {
    globals.jobGate = undefined;
    globals.jobRuns = [];
    const response = await fetch(`${server.url}/api/job/big`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(response.status).toBe(413);
    await response.text();
    await server.settled();
    expect(globals.jobRuns).toEqual([]);
  });
});
