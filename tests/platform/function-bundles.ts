/**
 * Every function loads and answers under the platform's rules, not only in the local server: the zip files
 * `netlify build` made (Netlify's own bundler with netlify.toml's settings, the files a deploy uploads) are unpacked,
 * and each bundle is loaded in a fresh Node process with the options AWS Lambda sets (require() of ES modules off),
 * away from the repository, and answers one request from a visitor who is not signed in, against a remote libSQL
 * database, as in production. A dependency that only loads under plain Node, a file missing from a bundle or a native
 * binary a function needs fail here rather than in a deploy.
 *
 * Registered by smoke.test.ts, whose Netlify build made the bundles: bundling every function takes a minute or two of
 * CPU, so the platform layer does it once.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_DRIVER_MISSING } from '../../db/client.ts';
import { findFunctionFiles, loadFunctions } from '../../src/server/local/functions.ts';
import { builtBundles, folderSize, handlerFile, invokeBundle, netlifyFunctionsConfig, MEAN_ZIP_BUDGET, meanZipBytes, zipBudget, type Bundle, type Probe } from '../helpers/function-bundles.ts';
import { startLibsqlHttpServer } from '../helpers/libsql-http-server.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const SITE_URL = 'https://repwell.example';
const expected = findFunctionFiles(netlifyFunctionsConfig().source)
  .map((entry) => entry.name)
  .sort();

/** What a visitor without a session may send: same-origin, JSON, and a session cookie the database does not know. */
const sameOrigin = { origin: SITE_URL, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie: 'session=unknown.unknown' };
const probe = (method: string, path: string, body?: unknown, params?: Record<string, string>): Probe => ({
  method,
  path,
  params,
  headers: sameOrigin,
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** Admin functions whose config names no method: the one they take first. */
const adminMethods: Record<string, string> = { 'admin-author': 'PATCH', 'admin-blog-publish': 'POST', 'admin-categories-order': 'PUT', 'admin-category': 'PUT', 'admin-media-upload': 'POST' };

/**
 * Each function's request and the status its header documents for a visitor who is not signed in. Admin functions
 * are not listed: each answers 401 to the first method its config allows (adminMethods where it names none).
 */
const publicProbes: Record<string, { request: Probe; status: number }> = {
  'auth-session': { request: probe('GET', '/api/auth/session'), status: 200 },
  'auth-sign-in': { request: probe('POST', '/api/auth/sign-in', { email: 'nobody@example.com', password: 'not the password 1' }), status: 401 },
  'auth-sign-up': { request: probe('POST', '/api/auth/sign-up', { email: 'new', password: '' }), status: 422 },
  'auth-sign-out': { request: probe('POST', '/api/auth/sign-out'), status: 204 },
  bookmarks: { request: probe('GET', '/api/bookmarks'), status: 401 },
  'bookmark-item': { request: probe('DELETE', '/api/bookmarks/1', undefined, { postId: '1' }), status: 401 },
  wishlist: { request: probe('GET', '/api/wishlist'), status: 401 },
  'wishlist-item': { request: probe('DELETE', '/api/wishlist/1', undefined, { productId: '1' }), status: 401 },
  contact: { request: probe('POST', '/api/contact', { firstName: '' }), status: 422 },
  conversions: { request: probe('GET', '/api/conversions/nonet/notoken', undefined, { network: 'nonet', token: 'notoken' }), status: 404 },
  track: { request: probe('POST', '/api/track', { productId: 1, event: 'view', pagePath: '/products' }), status: 204 },
  'link-health-background': { request: probe('POST', '/api/jobs/link-health', {}), status: 403 },
  'link-health-scheduled': { request: probe('POST', '/.netlify/functions/link-health-scheduled', { next_run: '2026-11-27T15:00:00Z' }), status: 204 },
  'price-refresh-background': { request: probe('POST', '/api/jobs/price-refresh', {}), status: 403 },
  // Without the Creators API's credentials the refresh does nothing, and says so in the log.
  'price-refresh-scheduled': { request: probe('POST', '/.netlify/functions/price-refresh-scheduled', { next_run: '2026-11-27T15:00:00Z' }), status: 204 },
  'pinterest-scheduled': { request: probe('POST', '/.netlify/functions/pinterest-scheduled', { next_run: '2026-11-27T15:05:00Z' }), status: 200 },
  'product-trash-purge-scheduled': { request: probe('POST', '/.netlify/functions/product-trash-purge-scheduled', { next_run: '2026-11-27T15:00:00Z' }), status: 200 },
  // A name the store never gives out: answered before any store is opened (a deployed function has Netlify Blobs).
  media: { request: probe('GET', '/media/not-an-upload.png', undefined, { file: 'not-an-upload.png' }), status: 404 },
};

async function adminProbes(): Promise<Record<string, { request: Probe; status: number }>> {
  const routes = await loadFunctions(netlifyFunctionsConfig().source);
  const probes: Record<string, { request: Probe; status: number }> = {};
  for (const route of routes.filter((item) => item.name.startsWith('admin-'))) {
    const pattern = route.patterns[0]!.pathname;
    const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, '1']));
    const path = pattern.replace(/:(\w+)/g, '1');
    const method = adminMethods[route.name] ?? (route.methods ? [...route.methods][0]! : 'GET');
    probes[route.name] = { request: probe(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, params), status: 401 };
  }
  return probes;
}

const SHARP_NATIVE = 'node_modules/@img/sharp-linux-x64';

/** The checks on the bundles in `functionsDist` (a built project's .netlify/functions), known once the build has run. */
export function describeFunctionBundles(functionsDist: () => string): void {
  describe('functions as Netlify bundles them', () => {
    let outDir: string;
    let bundles: Bundle[];
    let temp: TempDatabase;
    let databaseServer: { url: string; close(): Promise<void> };

    beforeAll(async () => {
      outDir = mkdtempSync(join(tmpdir(), 'repwell-functions-'));
      bundles = builtBundles(functionsDist(), outDir);
      temp = await createTempDatabase('repwell-bundles-');
      databaseServer = await startLibsqlHttpServer({ file: temp.url.slice('file:'.length), authToken: 'bundle-test-token' });
    });

    afterAll(async () => {
      await databaseServer?.close();
      temp?.cleanup();
      if (outDir) rmSync(outDir, { recursive: true, force: true });
    });

    it('bundles every function in netlify/functions as a v2 function', () => {
      expect(expected).toContain('auth-session');
      expect(bundles.map((bundle) => bundle.name).sort()).toEqual(expected);
      for (const bundle of bundles) expect(bundle.runtimeAPIVersion, `${bundle.name} is not a v2 function`).toBe(2);
    });

    // The functions reach Netlify's bundler already bundled (netlify/plugins/functions-bundle), so what it reads from
    // each config export must still be what the source says: routes, methods, exclusions, schedule, background.
    it('gives Netlify the same routes, methods, schedules and background functions the local server uses', async () => {
      const local = await loadFunctions(netlifyFunctionsConfig().source);
      for (const route of local) {
        const bundled = bundles.find((bundle) => bundle.name === route.name)!;
        const { config } = (await import(route.file)) as { config?: { schedule?: string } };
        expect(
          { routes: bundled.routes, methods: bundled.methods, excluded: bundled.excludedRoutes, schedule: bundled.schedule, background: bundled.invocationMode === 'background' },
          route.name,
        ).toEqual({
          routes: route.patterns.map((pattern) => pattern.pathname),
          methods: route.patterns.map(() => (route.methods ? [...route.methods] : [])),
          excluded: route.excluded.map((pattern) => pattern.pathname),
          schedule: config?.schedule,
          background: route.background,
        });
      }
      // Not vacuous: the checks above met each kind.
      expect(bundles.filter((bundle) => bundle.schedule).length).toBeGreaterThan(0);
      expect(bundles.filter((bundle) => bundle.invocationMode === 'background').length).toBeGreaterThan(0);
      expect(bundles.filter((bundle) => bundle.excludedRoutes.length > 0).length).toBeGreaterThan(0);
    });

    it('carries no native libSQL binary and no drizzle-orm package, each zip at most 2 MB and 1 MB on average (the upload 12 MB on its own)', () => {
      for (const bundle of bundles) {
        const libsql = join(bundle.folder, 'node_modules/@libsql');
        const natives = existsSync(libsql) ? readdirSync(libsql).filter((name) => /^(linux|darwin|win32)-/.test(name)) : [];
        expect(natives, bundle.name).toEqual([]);
        expect(bundle.zipBytes, `${bundle.name}: ${folderSize(bundle.folder)} bytes unzipped`).toBeLessThanOrEqual(zipBudget(bundle.name));
        // sharp's native image library only where it is used, and never the Node binary the project's tools run on.
        expect(existsSync(join(bundle.folder, SHARP_NATIVE)), `${bundle.name} carries sharp`).toBe(bundle.name === 'admin-media-upload');
        expect(existsSync(join(bundle.folder, 'node_modules/node')), `${bundle.name} carries the node package`).toBe(false);
        // drizzle-orm is inside the function's module (netlify/plugins/functions-bundle): loaded from node_modules, its
        // 130 KB exports map is parsed again for each of its modules, two thirds of a cold start.
        expect(existsSync(join(bundle.folder, 'node_modules/drizzle-orm')), `${bundle.name} loads drizzle-orm from node_modules`).toBe(false);
      }
      expect(meanZipBytes(bundles.map((bundle) => ({ name: bundle.name, bytes: bundle.zipBytes })))).toBeLessThanOrEqual(MEAN_ZIP_BUDGET);
    });

    it('loads each bundle with Lambda’s Node options and answers a visitor without a session as documented', async () => {
      const probes = { ...(await adminProbes()), ...publicProbes };
      expect(Object.keys(probes).sort()).toEqual(expected);
      const env = { DATABASE_URL: databaseServer.url, DATABASE_AUTH_TOKEN: 'bundle-test-token', SITE_URL, AUTH_SECRET: 'a'.repeat(40), NODE_ENV: 'production' };
      const answers: Record<string, string> = {};
      const wanted: Record<string, string> = {};
      // Two at a time: one fresh process per bundle, on a two-core machine.
      const queue = [...bundles];
      const worker = async () => {
        for (let bundle = queue.shift(); bundle; bundle = queue.shift()) {
          const { request, status } = probes[bundle.name]!;
          wanted[bundle.name] = `${status}, nothing on stderr`;
          try {
            const answer = await invokeBundle(handlerFile(bundle), request, { cwd: outDir, env });
            answers[bundle.name] = `${answer.status}, ${answer.stderr.trim() ? `stderr: ${answer.stderr.trim().slice(0, 300)}` : 'nothing on stderr'}`;
            if (answer.status === 500) answers[bundle.name] += ` body: ${answer.body.slice(0, 300)}`;
          } catch (error) {
            answers[bundle.name] = `failed: ${String((error as { stderr?: string }).stderr || error).slice(0, 500)}`;
          }
        }
      };
      await Promise.all([worker(), worker()]);
      expect(answers).toEqual(wanted);
    }, 300_000);

    it('says what to set when a function is given an embedded database, whose native driver is not deployed', async () => {
      const bundle = bundles.find((item) => item.name === 'auth-session')!;
      const env = { DATABASE_URL: `file:${join(outDir, 'nowhere.db')}`, SITE_URL, AUTH_SECRET: 'a'.repeat(40), NODE_ENV: 'production' };
      const failure = await invokeBundle(handlerFile(bundle), probe('GET', '/api/auth/session'), { cwd: outDir, env }).then(
        (answer) => `answered ${answer.status}`,
        (error: { stderr?: string }) => error.stderr ?? String(error),
      );
      expect(failure).toContain(EMBEDDED_DRIVER_MISSING);
    });
  });
}
