/**
 * `npm start`: everything Repwell needs, in one process (ARCHITECTURE section 5).
 *
 * 1. apply migrations; 2. seed demo content into an empty database (the admin
 * account from ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password printed
 * once); 3. build the site when no build exists or its content fingerprint is
 * out of date; 4. serve the build and every function on PORT (default 8888),
 * rebuilding in the background whenever server code calls requestRebuild().
 */
import { join } from 'node:path';
import { applyMigrations } from '../db/migrate.ts';
import { isDatabaseEmpty, seedDemoContent } from '../db/seed/index.ts';
import { getDatabase } from '../src/server/db.ts';
import { env } from '../src/server/env.ts';
import { seedAdminAccount } from '../src/server/seed-admin.ts';
import { buildSite, projectRoot } from '../src/server/local/builder.ts';
import { computeFingerprint, isBuildStale } from '../src/server/local/fingerprint.ts';
import { consoleLogger } from '../src/server/local/logger.ts';
import { LocalRebuildQueue } from '../src/server/local/rebuild-queue.ts';
import { startLocalServer, type LocalServer } from '../src/server/local/server.ts';
import { SiteFolders } from '../src/server/local/site-folders.ts';
import { failInterruptedBuilds, insertBuildRequest, registerLocalBuilder } from '../src/server/rebuild.ts';
import { startPinterestTimer, type PinterestTimer } from '../src/server/jobs/pinterest-timer.ts';
import { startLinkHealthTimer, type LinkHealthTimer } from '../src/server/jobs/link-health-timer.ts';

const config = env();
const database = getDatabase();
const folders = new SiteFolders({ link: join(projectRoot, 'dist'), buildsDir: join(projectRoot, '.build'), logger: consoleLogger });
const fingerprint = () => computeFingerprint({ database, projectRoot });
const queue = new LocalRebuildQueue({
  database,
  folders,
  fingerprint,
  build: (outDir, signal) => buildSite({ outDir, signal, quiet: true, logger: consoleLogger }),
  logger: consoleLogger,
});
/** Filled once the server listens; stop() may run before that (Ctrl-C during the first build). */
const running: { server?: LocalServer; pinterest?: PinterestTimer; linkHealth?: LinkHealthTimer } = {};

let stopping = false;
async function stop(why: string, exitCode = 0): Promise<never> {
  if (stopping) process.exit(130); // a second Ctrl-C does not wait
  stopping = true;
  console.log(`\n${why}: stopping...`);
  registerLocalBuilder(undefined);
  await running.pinterest?.stop();
  await running.linkHealth?.stop();
  await queue.close();
  await running.server?.close();
  folders.close();
  database.close();
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await applyMigrations(database);

if (await isDatabaseEmpty(database)) {
  console.log('Empty database: adding the demo catalogue...');
  const email = config.ADMIN_EMAIL;
  const admin = await seedAdminAccount({ email, password: config.ADMIN_PASSWORD });
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

// Listen before building: a second `npm start` fails here, before it touches the builds of the first.
// Until the startup build is settled, pages answer 503 (a stale build may show another database).
let settled = false;
const server = await startLocalServer({
  port: config.PORT,
  batchScheduling: true,
  site: { current: () => (settled ? folders.current() : undefined) },
  functionsDir: join(projectRoot, 'netlify/functions'),
  siteUrl: config.SITE_URL,
  logger: consoleLogger,
}).catch(async (error: unknown) => {
  if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
  console.error(`Port ${config.PORT} is in use (is Repwell already running?). Stop that process or set PORT to another port.`);
  return stop('Port in use', 1);
});
running.server = server;

// A previous server stopped mid-build: those rows can never finish, and the folders they wrote are leftovers.
await failInterruptedBuilds(database);
folders.removeStale();

if (await isBuildStale(folders.current(), { database, projectRoot })) {
  const reason = folders.current() ? 'content or source changed since the last build' : 'first build';
  await insertBuildRequest(database, { reason, target: 'local' });
  queue.notify();
  await queue.idle();
  if (!folders.current()) {
    console.error('The build failed and there is no earlier build to serve. See the errors above.');
    await stop('No site to serve', 1);
  }
} else {
  console.log('The site is up to date.');
}
settled = true;

registerLocalBuilder(queue);
// Requests queued while no builder ran (npm run dev, scripts) are built now.
queue.notify();

// Scheduled pins go out as on Netlify's scheduled function (ARCHITECTURE section 12).
if (config.PINTEREST_SCHEDULER !== 'off') running.pinterest = startPinterestTimer(database, { logger: consoleLogger });
// The link checker's schedule (issue 13); Netlify runs link-health-scheduled.ts instead.
if (config.LINK_HEALTH_SCHEDULER !== 'off') running.linkHealth = startLinkHealthTimer(database, { logger: consoleLogger });

console.log(`\nRepwell is running at ${server.url} (${server.routes.length} functions). Press Ctrl-C to stop.`);
