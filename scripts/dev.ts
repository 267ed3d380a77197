/**
 * `npm run dev`: Astro's dev server with every Netlify Function mounted in the
 * same process, so pages and /api/* answer on one origin as they do in production.
 * Functions are loaded through Vite (ssrLoadModule), so editing one takes effect
 * on the next request.
 *
 * Admin writes call requestRebuild(); here that reloads the content collections
 * from the database (Astro's refreshContent), so pages show the change without a
 * restart. The site_builds rows stay queued: the next `npm start` builds them.
 */
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { dev } from 'astro';
import type { ViteDevServer } from 'vite';
import { applyMigrations } from '../db/migrate.ts';
import { isDatabaseEmpty, seedDemoContent } from '../db/seed/index.ts';
import { getDatabase } from '../src/server/db.ts';
import { env } from '../src/server/env.ts';
import { seedAdminAccount } from '../src/server/seed-admin.ts';
import { projectRoot } from '../src/server/local/builder.ts';
import { runFunction } from '../src/server/local/function-bridge.ts';
import { loadFunctions, matchFunction } from '../src/server/local/functions.ts';
import { consoleLogger } from '../src/server/local/logger.ts';
import type * as RebuildModule from '../src/server/rebuild.ts';
import type { LocalBuilder } from '../src/server/rebuild.ts';

const functionsDir = join(projectRoot, 'netlify/functions');
const config = env();

const database = getDatabase();
await applyMigrations(database);
if (await isDatabaseEmpty(database)) {
  const admin = await seedAdminAccount({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  const seeded = await seedDemoContent(database, { admin });
  if (seeded.admin?.created && admin.generatedPassword) {
    console.log(`\nAdmin account: ${seeded.admin.email}\nPassword: ${admin.generatedPassword} (shown once)\n`);
  }
}
// The dev server's functions open their own handle (through Vite's module graph); one writer at a time.
database.close();

function functionsIntegration(): AstroIntegration {
  return {
    name: 'repwell-functions',
    hooks: {
      'astro:server:setup': ({ server, refreshContent }) => {
        let refreshing: Promise<void> | undefined;
        const builder: LocalBuilder = {
          notify() {
            refreshing ??= (refreshContent?.({}) ?? Promise.resolve())
              .catch((error: unknown) => consoleLogger.error('Reloading content failed', error))
              .finally(() => (refreshing = undefined));
          },
        };
        server.middlewares.use((request, response, next) => {
          const pathname = new URL(request.url ?? '/', 'http://local').pathname;
          if (!pathname.startsWith('/api/') && !pathname.startsWith('/.netlify/functions/')) return next();
          handleFunction(server, builder, request, response).then((handled) => {
            if (!handled) next();
          }, next);
        });
      },
    },
  };
}

async function handleFunction(
  server: ViteDevServer,
  builder: LocalBuilder,
  request: Parameters<typeof runFunction>[0],
  response: Parameters<typeof runFunction>[1],
): Promise<boolean> {
  const load = (file: string) => server.ssrLoadModule(file);
  // Functions import rebuild.ts through Vite's module graph: register the builder on that instance.
  const rebuild = (await load(join(projectRoot, 'src/server/rebuild.ts'))) as typeof RebuildModule;
  rebuild.registerLocalBuilder(builder);
  const routes = await loadFunctions(functionsDir, load);
  const match = matchFunction(routes, new URL(request.url ?? '/', 'http://local').pathname, request.method ?? 'GET');
  if (!match) return false;
  await runFunction(request, response, match, { siteUrl: config.SITE_URL, logger: consoleLogger });
  return true;
}

const server = await dev({
  root: projectRoot,
  server: { port: config.PORT },
  integrations: [functionsIntegration()],
});

const stop = () => {
  void server.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
