/**
 * `npm run build` (also Netlify's build command): apply migrations, build the
 * static site with Astro, check every page's affiliate links are disclosed (a violation
 * fails the build, naming each page and link), index it with pagefind.
 *
 *   node scripts/build.ts [--out DIR] [--partial]     (default dist)
 *
 * With --partial, a DIR that holds a complete build (its publish state) is the starting point: only the pages the
 * changes since then touch are rendered and merged into a copy of it (src/server/publishing/partial-build.ts), which
 * then replaces it; without a usable build there, or for a change every page shows, it builds in full.
 *
 * When DIR is the symlink `npm start` keeps (dist → .build/site-…), the build goes
 * into a fresh folder and is swapped in, so a running local server never serves
 * a half-built site.
 */
import { existsSync, lstatSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyMigrations } from '../db/migrate.ts';
import { getDatabase } from '../src/server/db.ts';
import { buildSite, projectRoot, renderFromKept, type BuildSummary } from '../src/server/local/builder.ts';
import { writeBuildRecord } from '../src/server/local/build-record.ts';
import { computeFingerprint } from '../src/server/local/fingerprint.ts';
import { SiteFolders } from '../src/server/local/site-folders.ts';
import { consoleLogger } from '../src/server/local/logger.ts';
import { describePublish, keptRendererDir, publishSite } from '../src/server/publishing/partial-build.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' }, partial: { type: 'boolean', default: false } } });
const out = resolve(projectRoot, values.out);
const started = performance.now();

const database = getDatabase();
await applyMigrations(database);
// Taken before the build: a change made while it runs makes the next `npm start` build again.
const fingerprint = await computeFingerprint({ database, projectRoot });

const isSymlink = (() => {
  try {
    return lstatSync(out).isSymbolicLink();
  } catch {
    return false;
  }
})();
const folders = isSymlink ? new SiteFolders({ link: out, buildsDir: join(projectRoot, '.build') }) : undefined;
// A partial build into a real folder starts from it, so it builds beside it and takes its place when complete.
const fromFolder = values.partial && !folders && existsSync(out);
const target = folders ? folders.newFolder() : fromFolder ? `${out}.next` : out;
const previousDir = !values.partial ? undefined : folders ? folders.current() : fromFolder ? out : undefined;

try {
  rmSync(`${out}.next`, { recursive: true, force: true });
  const result = await publishSite({
    outDir: target,
    previousDir,
    database,
    projectRoot,
    logger: consoleLogger,
    runBuild: (options) => buildSite(options),
    keptRenderer: { dir: keptRendererDir(projectRoot, out), render: (options) => renderFromKept(options) },
  });
  const summary = result.summary;
  const { timings } = result;
  // The record only matters to `npm start` (without it, it does not serve this build); Netlify would publish it for nothing.
  if (process.env.NETLIFY !== 'true') writeBuildRecord(target, fingerprint);
  folders?.publish(target);
  if (fromFolder) {
    rmSync(`${out}.old`, { recursive: true, force: true });
    renameSync(out, `${out}.old`);
    renameSync(target, out);
    rmSync(`${out}.old`, { recursive: true, force: true });
  }
  const how = describePublish(result);
  console.log(`${how.charAt(0).toUpperCase()}${how.slice(1)}.`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const parts = [
    `snapshot ${(timings.snapshot / 1000).toFixed(1)} s`,
    result.renderedWith === 'kept renderer' ? `render ${(timings.render / 1000).toFixed(1)} s${keptStages(summary.keptMs)}` : undefined,
    timings.merge !== undefined ? `merge ${(timings.merge / 1000).toFixed(1)} s` : undefined,
    timings.index !== undefined ? `article index ${(timings.index / 1000).toFixed(1)} s` : undefined,
    result.renderedWith === 'astro' && summary.pages !== undefined ? `${summary.pages} pages indexed` : undefined,
    summary.astroMs !== undefined ? `astro ${(summary.astroMs / 1000).toFixed(1)} s` : undefined,
    summary.checkMs !== undefined ? `disclosure check of ${summary.checkedPages} pages ${(summary.checkMs / 1000).toFixed(1)} s` : undefined,
    summary.indexMs !== undefined ? `pagefind ${(summary.indexMs / 1000).toFixed(1)} s` : undefined,
  ].filter(Boolean);
  console.log(`\nBuilt ${values.out} in ${seconds} s (${parts.join(', ')})`);
} catch (error) {
  folders?.discard(target);
  if (fromFolder) rmSync(target, { recursive: true, force: true });
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  folders?.close();
  database.close();
}

/** The kept renderer's stages, as the operator reads where a partial build's time went. */
function keptStages(ms: BuildSummary['keptMs']): string {
  if (!ms) return '';
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  return ` (data ${s(ms.data)}, page list ${s(ms.paths)}, pages ${s(ms.render)}, site files ${s(ms.files)})`;
}
