/**
 * `npm start` (scripts/start.ts) restarted as an operator restarts it, in its own process over a small seeded
 * catalogue: the last complete build is served within seconds, also after kill -9, even in the middle of a rebuild;
 * runtime state written in between needs no rebuild; changed content is rebuilt in the background while the previous
 * build is served. Every wait is for an outcome (an answer, a log line, a folder, a process gone), never a fixed time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { isCompleteBuild } from '../../src/server/local/build-record.ts';
import { projectRoot } from '../../src/server/local/builder.ts';
import { recordRun } from '../../src/server/pinterest/state.ts';
import { createUser } from '../../src/server/accounts.ts';
import { createSession } from '../../src/server/session.ts';
import { recordTrackEvent } from '../../src/server/tracking.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

/** What the issue asks of a restart, on a quiet machine. */
const FIRST_PAGE_WITHIN_MS = 5_000;
/**
 * The same promise on this machine now: a loaded machine stretches a process's start by about its load per core (at a
 * load of 20 on 2 cores the first page came after 6.1 s). The budget itself is the quiet figure.
 */
function firstPageLimitMs(): number {
  return FIRST_PAGE_WITHIN_MS * Math.max(1, loadavg()[0]! / availableParallelism());
}
/** A whole build of the small catalogue on a loaded machine (about 45 s with a load of 10 on 2 cores). */
const BUILD_MS = 200_000;

let temp: TempDatabase;
let work: string;
let port: number;
const started: Server[] = [];

interface Server {
  child: ChildProcess;
  spawnedAt: number;
  lines: string[];
  exited: Promise<number | null>;
}

function startServer(): Server {
  const child = spawn(
    process.execPath,
    ['scripts/start.ts', '--dist', join(work, 'dist'), '--builds', join(work, '.build'), '--cache-dir', join(work, 'astro-cache')],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: temp.url,
        PORT: String(port),
        SITE_URL: '',
        PINTEREST_SCHEDULER: 'off',
        LINK_HEALTH_SCHEDULER: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const server: Server = {
    child,
    spawnedAt: performance.now(),
    lines: [],
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => server.lines.push(...chunk.split('\n').filter(Boolean)));
  }
  started.push(server);
  return server;
}

async function kill(server: Server, signal: NodeJS.Signals): Promise<number | null> {
  server.child.kill(signal);
  return server.exited;
}

async function waitFor<T>(what: string, timeoutMs: number, check: () => T | undefined | Promise<T | undefined>, server?: Server): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}${server ? `; the server said:\n${server.lines.join('\n')}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function status(path: string): Promise<number | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined; // not listening yet
  }
}

/** Milliseconds from the server's spawn to its first 200 on /. */
async function firstPage(server: Server, timeoutMs = firstPageLimitMs() * 4): Promise<number> {
  return waitFor('a 200 on /', timeoutMs, async () => ((await status('/')) === 200 ? performance.now() - server.spawnedAt : undefined), server);
}

function logLine(server: Server, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  return waitFor(`a log line matching ${pattern}`, timeoutMs, () => server.lines.find((line) => pattern.test(line)), server);
}

/** The build being served, as the dist symlink names it. */
function servedFolder(): string {
  return realpathSync(join(work, 'dist'));
}

/** Processes whose command line names this test's folder (a server, or a build it started). */
function processesOfThisTest(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(work)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

beforeAll(async () => {
  temp = await createTempDatabase();
  await seedDemoContent(temp.database, { productCount: 12 });
  // Its real path: the builds are named by theirs, and processesOfThisTest() looks for it in command lines.
  work = realpathSync(mkdtempSync(join(tmpdir(), 'repwell-restart-')));
  port = await freePort();
});

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) await kill(server, 'SIGKILL');
  for (const pid of processesOfThisTest()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  temp?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm start after a restart', () => {
  let firstBuild: string;

  it('builds on the first start, pages answering 503 until the build is published', async () => {
    const server = startServer();
    await logLine(server, /Building the site \(first build\); pages answer 503/);
    expect(await status('/')).toBe(503);
    await firstPage(server, BUILD_MS);
    firstBuild = servedFolder();
    expect(isCompleteBuild(firstBuild)).toBe(true);
    await logLine(server, /Site built in .* and published/);
    expect(await kill(server, 'SIGKILL')).toBeNull();
  }, BUILD_MS + 30_000);

  it('serves the last build within 5 s of a restart after kill -9, and finds it up to date', async () => {
    const server = startServer();
    const ms = await firstPage(server);
    console.log(`restart after kill -9: first 200 on / after ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(firstPageLimitMs());
    await logLine(server, /^Serving the last complete build \(built .*\)/);
    await logLine(server, /^The site is up to date\.$/);
    await logLine(server, /^Repwell is running at/);
    expect(server.lines.filter((line) => /Building the site/.test(line))).toEqual([]);
    expect(await kill(server, 'SIGTERM'), server.lines.join('\n')).toBe(0);
  }, 120_000);

  it('needs no rebuild after runtime state changed: a timer run, a click, a session', async () => {
    const [product] = await temp.database.run((db) => db.select({ id: products.id }).from(products).limit(1));
    await recordRun(temp.database, { published: 0, failed: 0, left: 0, reconciled: 0, stoppedBecause: 'done', message: 'Nothing due.', results: [] }, new Date());
    expect(await recordTrackEvent(temp.database, { productId: product!.id, event: 'click', clientAddress: '198.51.100.4', userAgent: 'Mozilla/5.0' })).toBe('recorded');
    const user = await createUser(temp.database, { email: 'restart-shopper@example.com', password: 'a long enough password 2' });
    await createSession(temp.database, { id: user!.id, role: 'user' });

    const server = startServer();
    expect(await firstPage(server)).toBeLessThan(firstPageLimitMs());
    await logLine(server, /^The site is up to date\.$/);
    expect(server.lines.filter((line) => /Building the site/.test(line))).toEqual([]);
    expect(servedFolder()).toBe(firstBuild);
    expect(await kill(server, 'SIGKILL')).toBeNull();
  }, 120_000);

  let half: string;
  const slug = 'restart-test-kettlebell';

  it('serves the previous build while changed content is rebuilt, and a kill -9 mid-build leaves it served', async () => {
    const [category] = await temp.database.run((db) => db.select({ id: categories.id }).from(categories).limit(1));
    await temp.database.run((db) =>
      db.insert(products).values({ name: 'Restart Test Kettlebell', slug, description: '<p>Added while the server was down.</p>', price: 39.99, affiliateUrl: 'https://www.amazon.com/dp/B000000002', categoryId: category!.id }),
    );

    const server = startServer();
    expect(await firstPage(server)).toBeLessThan(firstPageLimitMs());
    await logLine(server, /^Serving the previous build \(built .*\) while the site rebuilds in the background: content changed since the last build\.$/);
    expect(await status(`/product/${slug}`)).toBe(404);

    // Killed once the new build has started writing its folder.
    half = await waitFor('the rebuild to write its folder', BUILD_MS, () => readdirSync(join(work, '.build')).map((name) => join(work, '.build', name)).find((path) => path !== firstBuild), server);
    expect(await kill(server, 'SIGKILL')).toBeNull();
    expect(isCompleteBuild(half)).toBe(false);
    expect(servedFolder()).toBe(firstBuild);
    // The orphaned build stops by itself rather than compete with the next server's.
    await waitFor('the orphaned build to stop', 60_000, () => processesOfThisTest().length === 0 || undefined);
  }, BUILD_MS + 90_000);

  it('serves the last complete build within 5 s after that kill, and publishes the rebuild', async () => {
    const server = startServer();
    const ms = await firstPage(server);
    console.log(`restart after kill -9 mid-build: first 200 on / after ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(firstPageLimitMs());
    expect(await status(`/product/${slug}`)).toBe(404);
    await logLine(server, /^Serving the previous build \(built .*\) while the site rebuilds in the background: content changed since the last build\.$/);
    // The half-written folder was never served, and is gone.
    expect(servedFolder()).toBe(firstBuild);
    expect(existsSync(half)).toBe(false);

    await waitFor(`/product/${slug}`, BUILD_MS, async () => (await status(`/product/${slug}`)) === 200 || undefined, server);
    expect(servedFolder()).not.toBe(firstBuild);
    expect(isCompleteBuild(servedFolder())).toBe(true);
    const [row] = await temp.database.run((db) => db.select({ name: products.name }).from(products).where(eq(products.slug, slug)));
    expect(row?.name).toBe('Restart Test Kettlebell');
    expect(await kill(server, 'SIGTERM'), server.lines.join('\n')).toBe(0);
  }, BUILD_MS + 60_000);
});
