/**
 * Before the browser tests: a fresh database with the demo catalogue and two
 * known accounts, a real build of the site from it, and the real local server
 * on a free port. Tests read E2E_BASE_URL (see fixtures.ts).
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

  const database = new Database({ url: databaseUrl });
  await applyMigrations(database);
  await seedDemoContent(database, { admin: await seedAdminAccount(e2eAccounts.admin) });
  await createUser(database, { ...e2eAccounts.user, role: 'user' });
  database.close();

  const site = join(dir, 'site');
  const started = Date.now();
  await buildSite({ outDir: site, databaseUrl, cacheDir: join(dir, 'astro-cache'), quiet: true });
  console.log(`e2e: built the demo site in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const server = await startLocalServer({ port: 0, site, functionsDir: resolve('netlify/functions'), logger: silentLogger });
  process.env.E2E_BASE_URL = server.url;
  // Functions accept only SITE_URL as a write's Origin; the browser's pages come from this server.
  // env() is first read by a function, after this line.
  process.env.SITE_URL = server.url;

  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
