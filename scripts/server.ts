/**
 * Serves an existing build and every function, without building or seeding:
 * for looking at the output of `npm run build`, or for tests that build first.
 *
 *   node scripts/server.ts [--dir dist] [--port 8888] [--host 127.0.0.1]
 *
 * `npm start` is the full version (migrations, seed, rebuilds).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyMigrations } from '../db/migrate.ts';
import { getDatabase } from '../src/server/db.ts';
import { env } from '../src/server/env.ts';
import { projectRoot } from '../src/server/local/builder.ts';
import { startLocalServer } from '../src/server/local/server.ts';
import { startPinterestTimer } from '../src/server/jobs/pinterest-timer.ts';
import { consoleLogger } from '../src/server/local/logger.ts';
import { startLinkHealthTimer } from '../src/server/jobs/link-health-timer.ts';
import { startPriceRefreshTimer } from '../src/server/jobs/price-refresh-timer.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
});

// Functions expect the schema to be current.
await applyMigrations(getDatabase());

const server = await startLocalServer({
  port: values.port !== undefined ? Number(values.port) : env().PORT,
  batchScheduling: true,
  host: values.host,
  site: resolve(projectRoot, values.dir),
  functionsDir: resolve(projectRoot, 'netlify/functions'),
  siteUrl: env().SITE_URL,
});
// Off unless asked: this server runs under tests, which start the publisher themselves and must not reach out to
// retailers on their own.
const pinterest = env().PINTEREST_SCHEDULER === 'on' ? startPinterestTimer(getDatabase(), { logger: consoleLogger }) : undefined;
const linkHealth = env().LINK_HEALTH_SCHEDULER === 'on' ? startLinkHealthTimer(getDatabase()) : undefined;
const priceRefresh = env().PRICE_REFRESH_SCHEDULER === 'on' ? startPriceRefreshTimer(getDatabase(), { logger: consoleLogger }) : undefined;
console.log(`Serving ${values.dir} and ${server.routes.length} functions at ${server.url}`);

const stop = () => {
  void Promise.all([pinterest?.stop(), linkHealth?.stop(), priceRefresh?.stop()])
    .then(() => server.close())
    .then(() => {
      getDatabase().close();
      process.exit(0);
    });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
