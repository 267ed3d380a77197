/**
 * Before the browser tests: a fresh database with the demo catalogue and two
 * known accounts, a real build of the site from it, and two real local servers
 * on free ports, one for each project (playwright.config.ts):
 * - the admin specs' server, in this process, with the same background rebuild
 *   queue as `npm start`, so an admin write is seen on the public site once its
 *   rebuild is published;
 * - the public specs' server, a process of its own serving a copy of the first
 *   build against a copy of the database, so no admin write or rebuild reaches
 *   the pages a public spec reads, and the two projects run side by side.
 * Tests read E2E_BASE_URL, E2E_SITE_DIR and DATABASE_URL, which fixtures.ts
 * points at their project's server.
 */
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startFakePinterest } from '../helpers/fake-pinterest.ts';
import { startScrapeFixtures } from '../helpers/scrape-fixtures.ts';
import type { Logger } from '../../src/server/local/logger.ts';
import type { BuildOutcome } from '../../src/server/local/rebuild-queue.ts';
import { e2eAccounts } from './accounts.ts';
import { copyDatabase } from './copy-database.ts';
import { e2eServers } from './e2e-servers.ts';
import { startServerProcess } from './server-process.ts';

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'repwell-e2e-'));
  const databaseUrl = `file:${join(dir, 'app.db')}`;
  // Server modules read DATABASE_URL once, on first use: set it before importing them.
  process.env.DATABASE_URL = databaseUrl;

  const { Database } = await import('../../db/client.ts');
  const { applyMigrations } = await import('../../db/migrate.ts');
  const { seedDemoContent } = await import('../../db/seed/index.ts');
  const { createUser } = await import('../../src/server/accounts.ts');
  const { seedAdminAccount } = await import('../../src/server/seed-admin.ts');
  const { publishBuild } = await import('../../src/server/local/publish-build.ts');
  const { keptRendererDir } = await import('../../src/server/publishing/partial-build.ts');
  const { startLocalServer } = await import('../../src/server/local/server.ts');
  const { silentLogger } = await import('../../src/server/local/logger.ts');
  const { SiteFolders } = await import('../../src/server/local/site-folders.ts');
  const { LocalRebuildQueue } = await import('../../src/server/local/rebuild-queue.ts');
  const { computeFingerprint } = await import('../../src/server/local/fingerprint.ts');
  const { projectRoot } = await import('../../src/server/local/builder.ts');
  const { insertBuildRequest, registerLocalBuilder } = await import('../../src/server/rebuild.ts');
  const { getDatabase } = await import('../../src/server/db.ts');

  const database = new Database({ url: databaseUrl });
  await applyMigrations(database);
  await seedDemoContent(database, { admin: await seedAdminAccount(e2eAccounts.admin) });
  await createUser(database, { ...e2eAccounts.user, role: 'user' });
  database.close();

  // A retailer on 127.0.0.1 for add-by-link (admin-add-by-link.spec.ts), the one host:port the fetcher may reach here.
  const shop = await startScrapeFixtures();
  process.env.SCRAPE_ALLOWED_HOSTS = shop.hostPort;
  process.env.E2E_SCRAPE_BASE_URL = shop.base;

  // A fake Pinterest API on 127.0.0.1 for the Pinterest screen (admin-pinterest.spec.ts): the server publishes to it.
  const pinterest = await startFakePinterest({ token: 'e2e-pinterest-token', boards: [{ id: '9001', name: 'Home gym picks' }] });
  process.env.PINTEREST_API_BASE = pinterest.url;
  process.env.PINTEREST_ACCESS_TOKEN = pinterest.token;

  const folders = new SiteFolders({ link: join(dir, 'site'), buildsDir: join(dir, 'builds') });
  // Listening first (pages answer 503 until the first build is published) gives the URL that functions need as
  // SITE_URL, the only Origin a write may carry. env() is read once, on first use: set it before anything reads it.
  const server = await startLocalServer({ port: 0, site: folders, functionsDir: resolve('netlify/functions'), logger: silentLogger });
  // A spec may serve the same site from a second server of its own (admin-pinterest.spec.ts: one without a token).
  e2eServers.set('admin', { baseUrl: server.url, siteDir: join(dir, 'site'), databaseUrl });
  process.env.SITE_URL = server.url;

  const cacheDir = join(dir, 'astro-cache');
  // How each publish went ("partial build with the kept renderer: …", "full build: …"), for the summary at the end.
  const published: string[] = [];
  const publishLog: Logger = {
    ...silentLogger,
    info: (message) => {
      if (message.startsWith('Published (')) published.push(message.slice('Published ('.length, -1));
    },
    // A partial build that fell back to a full one says why.
    warn: (message) => console.log(`e2e: ${message}`),
  };
  const queue = new LocalRebuildQueue({
    database: getDatabase(),
    folders,
    fingerprint: () => computeFingerprint({ database: getDatabase(), projectRoot }),
    build: publishBuild({ folders, database: getDatabase(), projectRoot, cacheDir, databaseUrl, logger: publishLog }),
  });
  // The first build goes through the queue as under `npm start`, so the overview has a build to call live.
  const started = Date.now();
  await insertBuildRequest(getDatabase(), { reason: 'first build', target: 'local' });
  queue.notify();
  await queue.idle();
  const first = queue.outcomes[0];
  if (!first?.ok) throw new Error(`e2e: the first build failed: ${first?.error}`);
  console.log(`e2e: built the demo site in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  registerLocalBuilder(queue);

  // The public specs' server: the first build and the database as they stand now, copied before any admin spec writes.
  // The copy's absolute URLs (canonical, Open Graph, JSON-LD, sitemap) name the admin server, SITE_URL when it was
  // built: a public spec reads their paths, and never follows one to another server.
  const publicDir = join(dir, 'public');
  mkdirSync(publicDir);
  cpSync(realpathSync(folders.link), join(publicDir, 'site'), { recursive: true });
  await copyDatabase(databaseUrl, join(publicDir, 'app.db'));
  const publicServer = await startServerProcess({ site: join(publicDir, 'site'), databaseUrl: `file:${join(publicDir, 'app.db')}` });
  e2eServers.set('public', { baseUrl: publicServer.url, siteDir: join(publicDir, 'site'), databaseUrl: `file:${join(publicDir, 'app.db')}` });

  // The local server's scheduler, as `npm start` runs it, but every 2 s so a pin scheduled seconds ahead goes out soon.
  const { startPinterestTimer } = await import('../../src/server/jobs/pinterest-timer.ts');
  const pinterestTimer = startPinterestTimer(getDatabase(), { intervalMs: 2_000, logger: silentLogger });

  return async () => {
    try {
      await pinterestTimer.stop();
      registerLocalBuilder(undefined);
      await queue.close();
      reportRebuilds(queue.outcomes.slice(1), published.slice(1));
      await server.close();
      await shop.close();
      await pinterest.close();
      folders.close();
    } finally {
      // Whatever failed above: no server process left holding its port and database, no folder left behind.
      await publicServer.close();
      rmSync(dir, { recursive: true, force: true });
      // The renderer the run's builds kept for this site (partial-build.ts): its site folder is gone with the run.
      rmSync(keptRendererDir(projectRoot, folders.link), { recursive: true, force: true });
    }
  };
}

/**
 * What the admin specs' writes cost in rebuilds, a large share of this layer's CPU, printed in every run: how many, how
 * long, and which were partial and which full, and why (a full build where a partial one would do costs seconds).
 */
function reportRebuilds(rebuilds: readonly BuildOutcome[], published: readonly string[]): void {
  const seconds = rebuilds.reduce((sum, outcome) => sum + outcome.ms, 0) / 1000;
  const failed = rebuilds.filter((outcome) => !outcome.ok && !outcome.stopped);
  // The last specs' writes may still be building when the run ends: the teardown stops that build.
  const stopped = rebuilds.filter((outcome) => outcome.stopped).length;
  console.log(
    `e2e: ${rebuilds.length} rebuilds after the first (${failed.length} failed${stopped ? `, ${stopped} stopped as the run ended` : ''}), ${seconds.toFixed(1)} s of building`,
  );
  const kinds = new Map<string, number>();
  for (const line of published) {
    const kind = line.startsWith('full build') ? line : line.replace(/: \d+ pages rendered.*$/, '');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  for (const [kind, count] of kinds) console.log(`e2e:   ${count} × ${kind}`);
  // A spec may fail a build on purpose; one nobody meant shows here even when every spec passed.
  for (const outcome of failed) console.log(`e2e: a rebuild failed: ${String(outcome.error).slice(0, 600)}`);
}
