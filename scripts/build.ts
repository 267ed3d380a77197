/**
 * `npm run build` (also Netlify's build command): apply migrations, build the
 * static site with Astro, check every page's affiliate links are disclosed (a violation
 * fails the build, naming each page and link), index it with pagefind.
 *
 *   node scripts/build.ts [--out DIR]     (default dist)
 *
 * When DIR is the symlink `npm start` keeps (dist → .build/site-…), the build goes
 * into a fresh folder and is swapped in, so a running local server never serves
 * a half-built site.
 */
import { lstatSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyMigrations } from '../db/migrate.ts';
import { getDatabase } from '../src/server/db.ts';
import { buildSite, projectRoot } from '../src/server/local/builder.ts';
import { writeBuildRecord } from '../src/server/local/build-record.ts';
import { computeFingerprint } from '../src/server/local/fingerprint.ts';
import { SiteFolders } from '../src/server/local/site-folders.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const out = resolve(projectRoot, values.out);
const started = performance.now();

const database = getDatabase();
await applyMigrations(database);
// Taken before the build: a change made while it runs makes the next `npm start` build again.
const fingerprint = await computeFingerprint({ database, projectRoot });
database.close();

const isSymlink = (() => {
  try {
    return lstatSync(out).isSymbolicLink();
  } catch {
    return false;
  }
})();
const folders = isSymlink ? new SiteFolders({ link: out, buildsDir: join(projectRoot, '.build') }) : undefined;
const target = folders ? folders.newFolder() : out;

try {
  const summary = await buildSite({ outDir: target });
  // The record only matters to `npm start` (without it, it does not serve this build); Netlify would publish it for nothing.
  if (process.env.NETLIFY !== 'true') writeBuildRecord(target, fingerprint);
  folders?.publish(target);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const parts = [
    summary.pages !== undefined ? `${summary.pages} pages indexed` : undefined,
    summary.astroMs !== undefined ? `astro ${(summary.astroMs / 1000).toFixed(1)} s` : undefined,
    summary.checkMs !== undefined ? `disclosure check of ${summary.checkedPages} pages ${(summary.checkMs / 1000).toFixed(1)} s` : undefined,
    summary.indexMs !== undefined ? `pagefind ${(summary.indexMs / 1000).toFixed(1)} s` : undefined,
  ].filter(Boolean);
  console.log(`\nBuilt ${values.out} in ${seconds} s (${parts.join(', ')})`);
} catch (error) {
  folders?.discard(target);
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  folders?.close();
}
