/**
 * Before the browser tests: a fresh database with the demo catalogue and two
 * known accounts, a real build of the site from it, and the real local server
 * on a free port, with the same background rebuild queue as `npm start`, so an
 * admin write is seen on the public site once its rebuild is published.
 * Tests read E2E_BASE_URL (see fixtures.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { e2eAccounts } from './accounts.ts';

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
  const { buildSite } = await import('../../src/server/local/builder.ts');
  const { startLocalServer } = await import('../../src/server/local/server.ts');
  const { silentLogger } = await import('../../src/server/local/logger.ts');
  const { SiteFolders } = await import('../../src/server/local/site-folders.ts');
  const { LocalRebuildQueue } = await import('../../src/server/local/rebuild-queue.ts');
  const { computeFingerprint } = await import('../../src/server/local/fingerprint.ts');
  const { projectRoot } = await import('../../src/server/local/builder.ts');
  const { registerLocalBuilder } = await import('../../src/server/rebuild.ts');
  const { getDatabase } = await import('../../src/server/db.ts');

  const database = new Database({ url: databaseUrl });
  await applyMigrations(database);
  await seedDemoContent(database, { admin: await seedAdminAccount(e2eAccounts.admin) });
  await createUser(database, { ...e2eAccounts.user, role: 'user' });
  database.close();

  const folders = new SiteFolders({ link: join(dir, 'site'), buildsDir: join(dir, 'builds') });
  const cacheDir = join(dir, 'astro-cache');
  const first = folders.newFolder();
  const started = Date.now();
  await buildSite({ outDir: first, databaseUrl, cacheDir, quiet: true });
  folders.publish(first);
  console.log(`e2e: built the demo site in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const server = await startLocalServer({ port: 0, site: folders, functionsDir: resolve('netlify/functions'), logger: silentLogger });
  process.env.E2E_BASE_URL = server.url;
  // Functions accept only SITE_URL as a write's Origin; the browser's pages come from this server. env() parses
  // the environment once, on first use, and getDatabase() below is such a use: so SITE_URL is set before it.
  process.env.SITE_URL = server.url;
  const queue = new LocalRebuildQueue({
    database: getDatabase(),
    folders,
    fingerprint: () => computeFingerprint({ database: getDatabase(), projectRoot }),
    build: (outDir, signal) => buildSite({ outDir, databaseUrl, cacheDir, signal, quiet: true }),
  });
  registerLocalBuilder(queue);

  return async () => {
    registerLocalBuilder(undefined);
    await queue.close();
    await server.close();
    folders.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
