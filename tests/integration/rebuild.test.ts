/**
 * Rebuild requests end to end: a real libSQL file, the queue publishing as `npm start`'s does (publish-build.ts: a
 * full `astro build` of a small seeded catalogue first, then partial builds from the renderer it kept, and a full one
 * when a partial one cannot run), the local server over real HTTP, and a local receiver standing in for Netlify's
 * build hook.
 */
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, categories, products, siteBuilds } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { projectRoot, renderFromKept } from '../../src/server/local/builder.ts';
import { computeFingerprint, isBuildStale } from '../../src/server/local/fingerprint.ts';
import type { Logger } from '../../src/server/local/logger.ts';
import { publishBuild } from '../../src/server/local/publish-build.ts';
import { keptRendererDir, publishSite } from '../../src/server/publishing/partial-build.ts';
import { LocalRebuildQueue } from '../../src/server/local/rebuild-queue.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { SiteFolders } from '../../src/server/local/site-folders.ts';
import { configureRebuilds, getBuildStatus, registerLocalBuilder, requestRebuild } from '../../src/server/rebuild.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const lines: string[] = [];
const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };

let temp: TempDatabase;
let work: string;
let folders: SiteFolders;
let queue: LocalRebuildQueue;
let server: LocalServer;

function makeQueue(databaseUrl: string): LocalRebuildQueue {
  return new LocalRebuildQueue({
    database: temp.database,
    folders,
    fingerprint: () => computeFingerprint({ database: temp.database, projectRoot }),
    build: publishBuild({ folders, database: temp.database, projectRoot, cacheDir: join(work, 'astro-cache'), databaseUrl, logger }),
    debounceMs: 50,
    logger,
  });
}

async function latestBuilds(count: number) {
  return temp.database.run((db) => db.select().from(siteBuilds).orderBy(desc(siteBuilds.id)).limit(count));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  temp = await createTempDatabase();
  await seedDemoContent(temp.database, { productCount: 30 });
  work = mkdtempSync(join(tmpdir(), 'repwell-rebuild-'));
  folders = new SiteFolders({ link: join(work, 'dist'), buildsDir: join(work, '.build'), graceMs: 500, logger });
  configureRebuilds({ database: temp.database, hookUrl: null, logger });
  queue = makeQueue(temp.url);
  registerLocalBuilder(queue);

  await requestRebuild('first build');
  await queue.idle();
  expect(queue.outcomes.at(-1)?.ok, queue.outcomes.at(-1)?.error).toBe(true);

  server = await startLocalServer({ port: 0, site: folders, functionsDir: join(import.meta.dirname, '../fixtures/local-functions'), logger });
});

afterAll(async () => {
  registerLocalBuilder(undefined);
  configureRebuilds({ database: undefined, hookUrl: undefined, logger: undefined, hookWindowMs: undefined });
  await queue?.close();
  await server?.close();
  folders?.close();
  temp?.cleanup();
  if (work) {
    rmSync(keptRendererDir(projectRoot, join(work, 'dist')), { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
});

describe('the local rebuild queue', () => {
  it('publishes the first build through the dist symlink and records it', async () => {
    const current = folders.current()!;
    expect(resolve(work, readlinkSync(join(work, 'dist')))).toBe(current);
    expect(existsSync(join(current, 'pagefind', 'pagefind.js'))).toBe(true);
    const [row] = await latestBuilds(1);
    expect(row).toMatchObject({ status: 'succeeded', target: 'local', reason: 'first build', error: null });
    expect(row!.startedAt!.getTime()).toBeLessThanOrEqual(row!.finishedAt!.getTime());
    // A fresh start (a new pointer over the same link) serves the same build and finds it up to date.
    const restarted = new SiteFolders({ link: join(work, 'dist'), buildsDir: join(work, '.build') });
    expect(restarted.current()).toBe(current);
    expect(await isBuildStale(restarted.current(), { database: temp.database, projectRoot })).toBe(false);
  });

  it('shows a new product after a rebuild, while the old pages answer in full throughout', async () => {
    const [existing] = await temp.database.run((db) => db.select({ slug: products.slug, name: products.name }).from(products).limit(1));
    const oldPage = `${server.url}/product/${existing!.slug}`;
    const [category] = await temp.database.run((db) => db.select({ id: categories.id }).from(categories).limit(1));

    // Old pages are requested continuously while the rebuild runs; every answer must be the whole page.
    let building = true;
    const answers: { status: number; complete: boolean }[] = [];
    const hammer = (async () => {
      while (building) {
        const response = await fetch(oldPage);
        const html = await response.text();
        answers.push({ status: response.status, complete: html.includes(existing!.name.split(' ')[0]!) && html.trimEnd().endsWith('</html>') });
      }
    })();

    const slug = 'rebuild-test-foam-roller';
    await temp.database.run((db) =>
      db.insert(products).values({
        name: 'Rebuild Test Foam Roller',
        slug,
        description: '<p>A roller added while the site was being served.</p>',
        price: 24.99,
        affiliateUrl: 'https://www.amazon.com/dp/B000000001',
        categoryId: category?.id,
      }),
    );
    const before = queue.outcomes.length;
    expect(await isBuildStale(folders.current(), { database: temp.database, projectRoot })).toBe(true);
    await requestRebuild('product created');

    const newPage = `${server.url}/product/${slug}`;
    try {
      await waitFor(async () => (await fetch(newPage).then((r) => (r.body?.cancel(), r.status))) === 200, 110_000, 'the new product page');
    } finally {
      // Also when the wait fails: a hammer left running keeps the file from ever finishing.
      building = false;
      await hammer;
    }

    const html = await (await fetch(newPage)).text();
    expect(html).toContain('Rebuild Test Foam Roller');
    expect(queue.outcomes.length).toBe(before + 1);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.status !== 200 || !answer.complete)).toEqual([]);
    expect((await latestBuilds(1))[0]).toMatchObject({ status: 'succeeded', reason: 'product created' });
    expect(lines.filter((line) => /^Published \(partial build with the kept renderer: \d+ pages rendered/.test(line))).toHaveLength(1);
  });

  it('coalesces a burst into one build', async () => {
    await queue.idle();
    const before = queue.outcomes.length;
    await Promise.all(Array.from({ length: 5 }, (_, i) => requestRebuild(`burst ${i}`)));
    await queue.idle();
    expect(queue.outcomes.length - before).toBe(1);
    const rows = await latestBuilds(5);
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('succeeded'));
  });

  it('answers requests made during a build with exactly one more build', async () => {
    await queue.idle();
    const before = queue.outcomes.length;
    await requestRebuild('first of five');
    const [first] = await latestBuilds(1);
    await waitFor(async () => (await temp.database.run((db) => db.select().from(siteBuilds).where(eq(siteBuilds.id, first!.id))))[0]!.status === 'building', 10_000, 'the build to start');
    for (let i = 2; i <= 5; i++) await requestRebuild(`request ${i} of five`);
    await queue.idle();
    expect(queue.outcomes.length - before).toBe(2);
    expect((await latestBuilds(5)).every((row) => row.status === 'succeeded')).toBe(true);
  });

  it('plans a partial build again, rather than building in full, when a post is published while its pages render', async () => {
    await queue.idle();
    const slug = 'published-mid-render';
    const folder = folders.newFolder();
    let published = false;
    const notPossible = lines.filter((line) => line.startsWith('Partial build not possible')).length;
    try {
      const result = await publishSite({
        outDir: folder,
        previousDir: folders.current(),
        database: temp.database,
        projectRoot,
        logger,
        runBuild: () => Promise.reject(new Error('a full build where a partial one would do')),
        keptRenderer: {
          dir: keptRendererDir(projectRoot, folders.link),
          render: async (render) => {
            // The editor's save lands after the plan was made from the data, before the renderer reads it.
            if (!published) {
              published = true;
              await temp.database.run((db) =>
                db.insert(blogPosts).values({ title: 'Published mid-render', slug, excerpt: 'Saved while a build ran.', content: '<p>Saved while a build ran.</p>', published: true, publishedAt: new Date() }),
              );
            }
            return renderFromKept({ ...render, databaseUrl: temp.url, logger });
          },
        },
      });
      expect(result.plan.kind).toBe('partial');
      expect(result.renderedWith).toBe('kept renderer');
      expect(existsSync(join(folder, 'blog', `${slug}.html`))).toBe(true);
      expect(lines.filter((line) => line.startsWith('Partial build planned again (the page /blog/published-mid-render is new but was not rendered)'))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('Partial build not possible'))).toHaveLength(notPossible);
    } finally {
      folders.discard(folder);
      // The served build stays the last one the queue made, from the data it was made from.
      await temp.database.run((db) => db.delete(blogPosts).where(eq(blogPosts.slug, slug)));
    }
  });

  it('keeps serving the old site when a build fails, and records the error', async () => {
    await queue.idle();
    const served = folders.current();
    // The same project, but a database no build can open: the partial build gives way to a full one, a real failing
    // `astro build`.
    const failing = makeQueue(`file:${join(work, 'missing', 'nested', 'nothing.db')}`);
    registerLocalBuilder(failing);
    try {
      await requestRebuild('doomed build');
      await failing.idle();
    } finally {
      registerLocalBuilder(queue);
    }
    expect(failing.outcomes).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('Partial build not possible'))).toHaveLength(1);
    expect(failing.outcomes[0]!.ok).toBe(false);
    const [row] = await latestBuilds(1);
    expect(row).toMatchObject({ status: 'failed', reason: 'doomed build' });
    expect(row!.error).toMatch(/build failed/i);
    // The end of the build's output is kept for the overview's failure report.
    expect(row!.logTail).toMatch(/error/i);
    expect(folders.current()).toBe(served);
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    await response.text();
    // The failed folder is gone; only the served build (and ones in their grace period) remain.
    expect(readdirSync(join(work, '.build')).map((name) => join(folders.buildsDir, name))).toContain(served);
    expect((await getBuildStatus(3, temp.database)).builds[0]!.status).toBe('failed');
  });

  it('removes replaced builds after the grace period', async () => {
    await queue.idle();
    const onlyServed = () => {
      const left = readdirSync(join(work, '.build')).filter((name) => name.startsWith('site-'));
      return left.length === 1 && left[0] === folders.current()!.split('/').at(-1);
    };
    await waitFor(async () => onlyServed(), 30_000, 'the replaced builds to be removed');
  });
});

describe('the Netlify build hook', () => {
  let receiver: Server;
  let hookUrl: string;
  const posts: { url: string; body: string }[] = [];
  let answerStatus = 200;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        posts.push({ url: request.url ?? '', body });
        response.writeHead(answerStatus, { 'content-type': 'application/json' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/build_hooks/test-hook`;
    // Wide enough that the second half of a burst lands inside it even on a loaded machine.
    configureRebuilds({ hookUrl, hookWindowMs: 1500 });
  });

  afterAll(async () => {
    configureRebuilds({ hookUrl: null, hookWindowMs: undefined });
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('posts once for a burst of requests and marks every row', async () => {
    const localBuilds = queue.outcomes.length;
    // requestRebuild resolves after the coalesced hook call, so the burst is started without waiting in between.
    const first = [requestRebuild('product updated'), requestRebuild('product deleted'), requestRebuild('hero changed')];
    // The rest of the burst follows once the first requests are recorded, while their window is still open.
    await waitFor(async () => (await latestBuilds(3)).filter((row) => row.status === 'queued' && row.target === 'netlify').length === 3, 10_000, 'the first requests');
    await Promise.all([...first, requestRebuild('post published'), requestRebuild('category added')]);

    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toBe('{}');
    const title = new URL(posts[0]!.url, 'http://x').searchParams.get('trigger_title');
    expect(title).toContain('product updated');
    expect(title).toContain('category added');
    const rows = await latestBuilds(5);
    expect(rows.every((row) => row.target === 'netlify' && row.status === 'succeeded' && row.finishedAt !== null)).toBe(true);
    // The hook replaces the local builder.
    await queue.idle();
    expect(queue.outcomes.length).toBe(localBuilds);
  });

  it('posts again for a request after the window', async () => {
    await requestRebuild('later change');
    expect(posts).toHaveLength(2);
  });

  it('records a refused hook call on the row without throwing', async () => {
    answerStatus = 500;
    await expect(requestRebuild('hook down')).resolves.toBeUndefined();
    const [row] = await latestBuilds(1);
    expect(row).toMatchObject({ status: 'failed', target: 'netlify', reason: 'hook down' });
    expect(row!.error).toContain('500');
    answerStatus = 200;
  });
});
