/**
 * The real runtime: Netlify's CLI builds the site and bundles the functions as Netlify Build does, then serves them
 * (netlify-cli.ts), and every step of the smoke scenario (scenario.ts) must answer the same status and body there as
 * on the local server behind `npm start`, which serves the same build from a copy of the same database. Where the CLI
 * answers otherwise than Netlify itself, the difference is pinned here and explained in docs/operations.md ("Netlify's
 * CLI and the platform"), so a CLI upgrade that changes it fails this test rather than going unnoticed.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { clicks, products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { createUser } from '../../src/server/accounts.ts';
import { errorMessage, type Logger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { seedAdminAccount } from '../../src/server/seed-admin.ts';
import { startLibsqlHttpServer, type LibsqlHttpServer } from '../helpers/libsql-http-server.ts';
import { Browser } from '../helpers/local-api.ts';
import { startScrapeFixtures, type ScrapeFixtures } from '../helpers/scrape-fixtures.ts';
import { describeFunctionBundles } from './function-bundles.ts';
import { copyProject, freePort, repoRoot, runNetlifyBuild, startNetlifyServe, withoutFunctions, type NetlifyServe } from './netlify-cli.ts';
import type { Recorded } from './normalise.ts';
import { runScenario, type ScenarioFixtures, type ScenarioTarget } from './scenario.ts';

const admin = { email: 'admin@example.com', password: 'smoke admin password' };
const reader = { email: 'reader@example.com', password: 'smoke reader password' };
/** Enough for every kind of page; a small catalogue keeps the CLI's build short. */
const PRODUCTS = 24;
/** Shared by both servers, so keys made from it (device cookies, client hashes) behave alike. */
const AUTH_SECRET = 'smoke-test-auth-secret-0123456789abcdef';

/** The CLI's output, the local server's log and both servers' answers, kept after the run (test-results/ is not committed). */
const logs = join(repoRoot, 'test-results/platform');
const localLog = join(logs, 'local-server.log');
const fileLogger: Logger = {
  info: (message) => appendFileSync(localLog, `${message}\n`),
  warn: (message) => appendFileSync(localLog, `${message}\n`),
  error: (message, error) => appendFileSync(localLog, `${message}${error instanceof Error ? `\n${error.stack ?? errorMessage(error)}` : ''}\n`),
};

let work: string;
let shop: ScrapeFixtures;
let cli: NetlifyServe | undefined;
let cliEnv: Record<string, string>;
/** The CLI's build and functions reach their database over HTTP, as Netlify's reach Turso (no native driver is deployed). */
let remote: LibsqlHttpServer | undefined;
const REMOTE_TOKEN = 'smoke-remote-database-token';
let local: LocalServer | undefined;
let fixtures: ScenarioFixtures;
/** The copy of the project the CLI builds and serves. */
let project: string;
const databases: { cli?: Database; local?: Database } = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'repwell-platform-'));
  mkdirSync(logs, { recursive: true });
  writeFileSync(localLog, '');
  shop = await startScrapeFixtures();
  // The local server's functions run in this process and read their environment once, on first use: set it first.
  const localPort = await freePort();
  Object.assign(process.env, {
    DATABASE_URL: `file:${join(work, 'local.db')}`,
    SITE_URL: `http://localhost:${localPort}`,
    AUTH_SECRET,
    SCRAPE_ALLOWED_HOSTS: shop.hostPort,
  });

  const seeded = new Database({ url: `file:${join(work, 'seed.db')}` });
  await applyMigrations(seeded);
  await seedDemoContent(seeded, { productCount: PRODUCTS, admin: await seedAdminAccount(admin) });
  await createUser(seeded, { ...reader, role: 'user' });
  // Each server gets a copy, so both start from one state. VACUUM INTO writes a whole database, the part still in the
  // write-ahead log included (a copy of the file alone would miss it).
  const client = await seeded.client();
  for (const copy of ['cli.db', 'local.db']) await client.execute({ sql: 'VACUUM INTO ?', args: [join(work, copy)] });
  seeded.close();

  project = join(work, 'project');
  copyProject(project);
  const port = await freePort();
  remote = await startLibsqlHttpServer({ file: join(work, 'cli.db'), authToken: REMOTE_TOKEN });
  cliEnv = { DATABASE_URL: remote.url, DATABASE_AUTH_TOKEN: REMOTE_TOKEN, SITE_URL: `http://localhost:${port}`, AUTH_SECRET, SCRAPE_ALLOWED_HOSTS: shop.hostPort };
  cli = await startNetlifyServe({
    cwd: project,
    port,
    env: cliEnv,
    timeoutMs: 10 * 60_000,
    logFile: join(logs, 'netlify-serve.log'),
  });
  // The very build the CLI serves, with the same function files, as `npm start` serves them.
  local = await startLocalServer({ port: localPort, site: join(project, 'dist'), functionsDir: join(repoRoot, 'netlify/functions'), logger: fileLogger });

  databases.cli = new Database({ url: `file:${join(work, 'cli.db')}` });
  databases.local = new Database({ url: `file:${join(work, 'local.db')}` });
  const [asset] = readdirSync(join(project, 'dist/_astro')).filter((file) => file.endsWith('.js'));
  fixtures = { productPageUrl: `${shop.base}/pages/jsonld-product.html`, productId: 1, assetPath: `/_astro/${asset}`, admin };
}, 12 * 60_000);

afterAll(async () => {
  await local?.close();
  await cli?.stop();
  await remote?.close();
  databases.cli?.close();
  databases.local?.close();
  await shop?.close();
  if (work && existsSync(work)) rmSync(work, { recursive: true, force: true });
});

/** Polls the server's database until the beacon's click is there: both answer before they write. */
async function waitForClick(database: Database, clickId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await database.run((db) => db.select({ clickId: clicks.clickId }).from(clicks).where(eq(clicks.clickId, clickId)).get());
    if (row) return;
    if (Date.now() > deadline) throw new Error(`click ${clickId} was never stored`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cliTarget = (): ScenarioTarget => ({ url: cli!.url, clickStored: (id) => waitForClick(databases.cli!, id) });
const localTarget = (): ScenarioTarget => ({
  url: local!.url,
  clickStored: async (id) => {
    await local!.settled();
    await waitForClick(databases.local!, id);
  },
});

/** What each step answers on Netlify (and so on the local server): the comparison alone would pass two broken servers. */
const EXPECTED_STATUS: Record<string, number> = {
  'session as a visitor': 200,
  'sign-up': 201,
  'session after sign-up': 200,
  'sign-out': 204,
  'session after sign-out': 200,
  'sign-in with a wrong password': 401,
  'sign-in': 200,
  'session after sign-in': 200,
  'wishlist add': 201,
  'wishlist add again': 409,
  'wishlist list': 200,
  'wishlist remove': 200,
  'wishlist list after remove': 200,
  'click beacon': 204,
  'contact message': 201,
  'admin sign-in': 200,
  'create a product (Manual Form)': 201,
  'edit its price': 200,
  'read it back': 200,
  'CSV preview': 200,
  'CSV import batch': 200,
  'CSV import finish': 200,
  'blog post draft': 201,
  'publish the post': 200,
  'add an author': 201,
  'edit the author': 200,
  'list the authors': 200,
  'add by link': 201,
  'postback token': 200,
  'conversion postback': 200,
  'the same postback again': 200,
  'conversion postback with a wrong token': 404,
  'a page': 200,
  'a missing product page': 404,
  'a missing address': 404,
  'an /api/ address no function serves': 404,
  'a fingerprinted asset': 200,
};

describe('the built site and its bundled functions under Netlify CLI', () => {
  let onCli: Recorded[];
  let onLocal: Recorded[];

  it('answers every step of the scenario', async () => {
    // Each server has its own database: the two runs are independent.
    [onCli, onLocal] = await Promise.all([runScenario(cliTarget(), fixtures), runScenario(localTarget(), fixtures)]);
    writeFileSync(join(logs, 'answers.json'), `${JSON.stringify({ cli: onCli, local: onLocal }, null, 2)}\n`);
    expect(Object.fromEntries(onLocal.map((answer) => [answer.step, answer.status]))).toEqual(EXPECTED_STATUS);
    // The CLI loads a function's bundle afresh for every request: about 40 cold starts, slow on a busy machine.
  }, 8 * 60_000);

  it('with the same status, type and body as the local server', () => {
    expect(onCli).toEqual(onLocal);
  });
});

describe("where Netlify's CLI answers otherwise than Netlify (docs/operations.md)", () => {
  it("retries a function's 404 with .html appended, so DELETE /api/wishlist/{id} of a product not in the wishlist is 400 there, 404 on Netlify", async () => {
    const answers = [];
    for (const url of [cli!.url, local!.url]) {
      const browser = new Browser(url);
      expect((await browser.fetch('/api/auth/sign-in', { method: 'POST', json: reader })).status, `sign-in on ${url}`).toBe(200);
      const response = await browser.fetch(`/api/wishlist/${fixtures.productId + 1}`, { method: 'DELETE' });
      answers.push({ status: response.status, body: (await response.json()) as unknown });
    }
    expect(answers[1]!.status).toBe(404);
    expect(answers[0]).toEqual({ status: 400, body: { error: { title: 'Error', description: 'The id in the address must be a positive whole number.' } } });
  });

  it('serves /about/ (built as about.html) with 200 where Netlify redirects it to /about', async () => {
    const [onCli, onLocal] = await Promise.all([cli!.url, local!.url].map((url) => fetch(`${url}/about/`, { redirect: 'manual' })));
    expect([onLocal!.status, onLocal!.headers.get('location')]).toEqual([301, '/about']);
    expect(onCli!.status).toBe(200);
    await Promise.all([onCli!.arrayBuffer(), onLocal!.arrayBuffer()]);
  });

  it("replaces the immutable cache rule of _headers with its static server's max-age=0", async () => {
    const [onCli, onLocal] = await Promise.all([cli!.url, local!.url].map((url) => fetch(url + fixtures.assetPath)));
    expect(onLocal!.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(onCli!.headers.get('cache-control')).toBe('public, max-age=0');
    // The other rules of the same file do reach it: the CLI reads the rules, then lets the static server's header win.
    expect(onCli!.headers.get('x-frame-options')).toBe('DENY');
    await Promise.all([onCli!.arrayBuffer(), onLocal!.arrayBuffer()]);
  });

  it("serves the menus' data at its one address on both, asked again before any reuse", async () => {
    // No page names the file (src/components/header/header-data.ts), so a cache that kept it would show an older
    // build's posts: _headers says no-cache, and the CLI's static server, which puts its own rule first, says max-age=0.
    const [onCli, onLocal] = await Promise.all([cli!.url, local!.url].map((url) => fetch(`${url}/header-data.json`)));
    expect([onCli!.status, onLocal!.status]).toEqual([200, 200]);
    expect(onLocal!.headers.get('cache-control')).toBe('no-cache');
    expect(onCli!.headers.get('cache-control')).toMatch(/^(no-cache|public, max-age=0)$/);
    const [cliBody, localBody] = await Promise.all([onCli!.text(), onLocal!.text()]);
    expect(cliBody).toBe(localBody);
    expect((JSON.parse(cliBody) as { p: unknown[] }).p.length).toBeGreaterThan(0);
  });

  it("adds the _headers rules to a function's answer, which Netlify never does", async () => {
    const [onCli, onLocal] = await Promise.all([cli!.url, local!.url].map((url) => fetch(`${url}/api/auth/session`)));
    expect(onLocal!.headers.get('permissions-policy')).toBeNull();
    expect(onCli!.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    // What the function sets itself is the same on both.
    for (const name of ['content-security-policy', 'x-content-type-options', 'cache-control']) expect(onCli!.headers.get(name), name).toBe(onLocal!.headers.get(name));
    await Promise.all([onCli!.arrayBuffer(), onLocal!.arrayBuffer()]);
  });
});

// The zip files Netlify Build made, as a deploy uploads them.
describeFunctionBundles(() => join(project, '.netlify/functions'));

describe('where the CLI, Netlify and the local server agree', () => {
  it('answers a Background Function 202 with no body at once, whatever the function then does', async () => {
    for (const url of [cli!.url, local!.url]) {
      const response = await fetch(`${url}/api/jobs/link-health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([url, response.status, await response.text()]).toEqual([url, 202, '']);
    }
    await local!.settled();
  });

  it('routes a function path with a trailing slash to the function', async () => {
    for (const url of [cli!.url, local!.url]) {
      const response = await fetch(`${url}/api/auth/session/`);
      expect([url, response.status, await response.json()]).toEqual([url, 200, { user: null }]);
    }
  });
});

// Last: it stops the CLI and replaces the build it served.
describe("Netlify's next build", () => {
  it('restores the last build and its renderer from the build cache and publishes an edit partially', { timeout: 15 * 60_000 }, async () => {
    await cli?.stop();
    project = join(work, 'project');
    // What these builds test is the publish folder and the renderer the cache restores; the functions were bundled,
    // served and checked from the first build above.
    withoutFunctions(project);
    const env = { cwd: project, env: cliEnv, timeoutMs: 8 * 60_000 };
    // The scenario's edits since the served build (products, an import, a published post, an author) change no setting
    // every page shows: that build renders the pages they are on, from the renderer the cache restored
    // (publish-plan.ts), and keeps the rest of the restored build. It starts from the cache.
    const caughtUp = await runNetlifyBuild({ ...env, logFile: join(logs, 'netlify-build-2.log') });
    expect(caughtUp.code, caughtUp.output.slice(-3000)).toBe(0);
    expect(caughtUp.output).toContain('Restored the last build into');
    const rendered = /Partial build with the kept renderer: (\d+) pages rendered/.exec(caughtUp.output);
    expect(rendered, caughtUp.output.slice(-3000)).not.toBeNull();
    // Not every page: the product pages the edits left alone were kept.
    const pages = readdirSync(join(project, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(Number(rendered![1])).toBeLessThan(pages.length);

    const product = await databases.cli!.run((db) => db.select({ id: products.id, slug: products.slug }).from(products).where(ne(products.status, 'draft')).get());
    const name = 'Partial Build Check Resistance Band';
    await databases.cli!.run((db) => db.update(products).set({ name }).where(eq(products.id, product!.id)));
    const edited = await runNetlifyBuild({ ...env, logFile: join(logs, 'netlify-build-3.log') });
    expect(edited.code, edited.output.slice(-3000)).toBe(0);
    expect(edited.output).toContain('Restored the last build into');
    expect(edited.output).toMatch(/Partial build with the kept renderer: \d+ pages rendered/);
    expect(readFileSync(join(project, 'dist/product', `${product!.slug}.html`), 'utf8')).toContain(name);
  });
});
