/**
 * `npm start`: everything Repwell needs, in one process (ARCHITECTURE section 5).
 *
 *   node scripts/start.ts [--dist DIR] [--builds DIR] [--cache-dir DIR]
 *
 * 1. serve the last complete build at once (one with its record, build-record.ts), unless it was made from another
 * database; 2. apply migrations and seed demo content into an empty database (the admin account from ADMIN_EMAIL /
 * ADMIN_PASSWORD, or a generated password printed once), then answer the functions too; 3. when the build's inputs
 * changed (runtime state is none of them: src/server/build-inputs.ts), rebuild in the background and serve the
 * previous build meanwhile; with no build to serve, pages answer 503 until the first one is published; 4. rebuild
 * whenever server code calls requestRebuild(). --dist (default dist) and --builds (.build) place the builds, and
 * --cache-dir Astro's cache (tests give each server their own).
 *
 * Only what serving a build needs is imported before the server listens: on a loaded machine, importing the database
 * layer and the functions took 4-7 s, and the pages of the last build need neither.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import { env } from '../src/server/env.ts';
import type { LinkHealthTimer } from '../src/server/jobs/link-health-timer.ts';
import type { PriceRefreshTimer } from '../src/server/jobs/price-refresh-timer.ts';
import type { PinterestTimer } from '../src/server/jobs/pinterest-timer.ts';
import { readBuildRecord } from '../src/server/local/build-record.ts';
import { projectRoot } from '../src/server/local/builder.ts';
import { consoleLogger, errorMessage } from '../src/server/local/logger.ts';
import type { LocalRebuildQueue } from '../src/server/local/rebuild-queue.ts';
import { startLocalServer, type LocalServer } from '../src/server/local/server.ts';
import { SiteFolders } from '../src/server/local/site-folders.ts';
import { publishBuild } from '../src/server/local/publish-build.ts';

const { values: args } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, builds: { type: 'string', default: '.build' }, 'cache-dir': { type: 'string' } },
});
const config = env();
const folders = new SiteFolders({ link: resolve(projectRoot, args.dist), buildsDir: resolve(projectRoot, args.builds), logger: consoleLogger });

/** Filled as the start goes on; stop() may run at any point (Ctrl-C during the first build). */
const running: {
  server?: LocalServer;
  database?: Database;
  queue?: LocalRebuildQueue;
  pinterest?: PinterestTimer;
  linkHealth?: LinkHealthTimer;
  priceRefresh?: PriceRefreshTimer;
  trashPurge?: { stop(): Promise<void> };
  unregisterBuilder?: () => void;
} = {};

let stopping = false;
/** Closes what the start opened, then exits. A stop already under way is left to finish. */
async function stop(why: string, exitCode = 0): Promise<never> {
  if (stopping) return new Promise<never>(() => undefined);
  stopping = true;
  console.log(`\n${why}: stopping...`);
  running.unregisterBuilder?.();
  await running.pinterest?.stop();
  await running.linkHealth?.stop();
  await running.priceRefresh?.stop();
  await running.trashPurge?.stop();
  await running.queue?.close();
  await running.server?.close();
  folders.close();
  running.database?.close();
  process.exit(exitCode);
}
/**
 * A second Ctrl-C does not wait. But when-exit (loaded with @netlify/redirects, through atomically) sends the process
 * every signal it gets once more, at once, after its own handler: that echo is not a second request, and taking it for
 * one cut every graceful stop short (exit 130). So a repeat within ECHO_MS of the first is ignored.
 */
const ECHO_MS = 1000;
let firstSignalAt: number | undefined;
function onSignal(signal: 'SIGINT' | 'SIGTERM'): void {
  if (firstSignalAt === undefined) {
    firstSignalAt = performance.now();
    void stop(signal);
  } else if (performance.now() - firstSignalAt > ECHO_MS) {
    process.exit(130);
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

// A build made from another database shows that database's content: it is withheld (pages answer 503) until a build of
// this one is published, which moves folders.current() on from it.
const found = folders.current();
const foundRecord = found ? readBuildRecord(found) : undefined;
let withheld = foundRecord?.stamp && foundRecord.stamp.databaseUrl !== config.DATABASE_URL ? found : undefined;
const site = {
  current: () => {
    const folder = folders.current();
    return folder === withheld ? undefined : folder;
  },
};

// The functions load once the schema is current; the site is served before that.
const databaseReady = Promise.withResolvers<void>();
// Listening first also makes a second `npm start` fail here, before it touches the builds of the first.
const server = await startLocalServer({
  port: config.PORT,
  batchScheduling: true,
  site,
  functionsDir: resolve(projectRoot, 'netlify/functions'),
  functionsAfter: databaseReady.promise,
  siteUrl: config.SITE_URL,
  logger: consoleLogger,
}).catch(async (error: unknown) => {
  if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
  console.error(`Port ${config.PORT} is in use (is Repwell already running?). Stop that process or set PORT to another port.`);
  return stop('Port in use', 1);
});
running.server = server;
const served = site.current();
if (served) console.log(`Serving the last complete build (built ${builtAt(served)}) at ${server.url} while the server starts.`);
else if (withheld) console.log(`The last build was made from another database: pages answer 503 until this one's build is published.`);

try {
  await startServices();
} catch (error) {
  console.error(`The server could not start: ${errorMessage(error)}`, error);
  databaseReady.reject(error);
  await stop('Start failed', 1);
}

async function startServices(): Promise<void> {
  // Loading a module holds the event loop until it is evaluated: one at a time, with the pages that were asked for in
  // between answered first. The first two took 0.4 s of CPU each.
  for (const load of [() => import('drizzle-orm'), () => import('drizzle-orm/sqlite-core'), () => import('../db/migrate.ts')]) {
    await load();
    await server.yieldToRequests();
  }
  const { applyMigrations } = await import('../db/migrate.ts');
  const { isDatabaseEmpty, seedDemoContent } = await import('../db/seed/index.ts');
  const { getDatabase } = await import('../src/server/db.ts');
  const { seedAdminAccount } = await import('../src/server/seed-admin.ts');
  const { whyStale, computeFingerprint } = await import('../src/server/local/fingerprint.ts');
  const { LocalRebuildQueue } = await import('../src/server/local/rebuild-queue.ts');
  const { failInterruptedBuilds, insertBuildRequest, registerLocalBuilder } = await import('../src/server/rebuild.ts');
  await server.yieldToRequests();

  const database = getDatabase();
  running.database = database;
  await applyMigrations(database);
  if (await isDatabaseEmpty(database)) {
    // Whatever build is on disk was not made from these rows.
    withheld = folders.current();
    console.log('Empty database: adding the demo catalogue...');
    const admin = await seedAdminAccount({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    const seeded = await seedDemoContent(database, { admin });
    console.log(`Seeded ${Object.entries(seeded.counts).map(([table, count]) => `${count} ${table}`).join(', ')}.`);
    if (seeded.admin?.created && admin.generatedPassword) {
      const lines = [`Admin account: ${seeded.admin.email}`, `Password:      ${admin.generatedPassword}`, 'Shown once: save it now.'];
      const width = Math.max(...lines.map((line) => line.length));
      console.log(`\n+${'-'.repeat(width + 2)}+\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n+${'-'.repeat(width + 2)}+\n`);
    } else if (seeded.admin) {
      console.log(`Admin account: ${seeded.admin.email} (password from ADMIN_PASSWORD)`);
    }
  }
  databaseReady.resolve();

  const queue = new LocalRebuildQueue({
    database,
    folders,
    fingerprint: () => computeFingerprint({ database, projectRoot }),
    // Publishing renders only the pages the edits touched, merged into the build being served.
    build: publishBuild({ folders, database, projectRoot, cacheDir: args['cache-dir'], logger: consoleLogger }),
    logger: consoleLogger,
  });
  running.queue = queue;

  // A previous server stopped mid-build: those rows can never finish, and the folders they wrote are leftovers.
  await failInterruptedBuilds(database);
  folders.removeStale();

  await server.yieldToRequests();
  const reason = await whyStale(folders.current(), { database, projectRoot });
  if (reason) await insertBuildRequest(database, { reason, target: 'local' });
  registerLocalBuilder(queue);
  running.unregisterBuilder = () => registerLocalBuilder(undefined);
  // Builds the request above, and any queued while no builder ran (npm run dev, scripts).
  queue.notify();

  const current = site.current();
  if (!reason) console.log('The site is up to date.');
  else if (current) console.log(`Serving the previous build (built ${builtAt(current)}) while the site rebuilds in the background: ${reason}.`);
  else console.log(`Building the site (${reason}); pages answer 503 until it is published.`);

  // Scheduled pins go out as on Netlify's scheduled function (ARCHITECTURE section 12).
  if (config.PINTEREST_SCHEDULER !== 'off') {
    const { startPinterestTimer } = await import('../src/server/jobs/pinterest-timer.ts');
    running.pinterest = startPinterestTimer(database, { logger: consoleLogger });
  }
  // The link checker's schedule; Netlify runs link-health-scheduled.ts instead.
  if (config.LINK_HEALTH_SCHEDULER !== 'off') {
    const { startLinkHealthTimer } = await import('../src/server/jobs/link-health-timer.ts');
    running.linkHealth = startLinkHealthTimer(database, { logger: consoleLogger });
  }
  // The hourly Amazon price refresh; Netlify runs price-refresh-scheduled.ts instead.
  if (config.PRICE_REFRESH_SCHEDULER !== 'off') {
    const { startPriceRefreshTimer } = await import('../src/server/jobs/price-refresh-timer.ts');
    running.priceRefresh = startPriceRefreshTimer(database, { logger: consoleLogger });
  }
  // Deleted products are purged a day after the delete; Netlify runs product-trash-purge-scheduled.ts instead.
  {
    const { startTrashPurgeTimer } = await import('../src/server/jobs/trash-purge.ts');
    running.trashPurge = startTrashPurgeTimer(database, { logger: consoleLogger });
  }

  await server.functionsLoaded;
  console.log(`\nRepwell is running at ${server.url} (${server.routes.length} functions). Press Ctrl-C to stop.`);

  if (!current) {
    await queue.idle();
    if (!site.current()) {
      console.error('The build failed and there is no earlier build to serve. See the errors above.');
      await stop('No site to serve', 1);
    }
  }
}

function builtAt(folder: string): string {
  const at = readBuildRecord(folder)?.builtAt;
  return at ? new Date(at).toLocaleString() : 'at an unknown time';
}
