/**
 * One static build, run as a child process by builder.ts: `astro build` into
 * `--out`, with the affiliate disclosure check of every page as it is rendered
 * (src/integrations/disclosure-check.ts; a violation fails the build), then a pagefind index of the articles (blog posts and guides) into
 * `<out>/pagefind`. A separate process, so a
 * failing or memory-hungry build cannot take the local server down, and all its
 * memory is returned when it exits.
 *
 *   node src/server/local/build-worker.ts --out DIR [--root DIR] [--cache-dir DIR] [--quiet] [--skip-index]
 *
 * A partial build (src/server/publishing/partial-build.ts) passes REPWELL_RENDER_ONLY in the environment
 * (src/integrations/render-only.ts) and --skip-index.
 *
 * The database is the one DATABASE_URL names (src/content.config.ts reads it).
 */
// First: the bundler's allocator options and V8's heap growth, before anything loads the bundler or fills the heap.
import './apply-build-memory.ts';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'astro';
import { contentSyncLock } from '../../integrations/content-sync-lock.ts';
import { prerenderBundleDir } from '../../integrations/kept-renderer.ts';
import { renderCheckResult } from '../disclosure/render-check.ts';
import { describeViolation, disclosureFailureMessage } from '../disclosure/site-check.ts';
import { indexArticles } from '../publishing/article-index.ts';
import { acquireProcessLock } from './process-lock.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    root: { type: 'string' },
    'cache-dir': { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'skip-index': { type: 'boolean', default: false },
  },
});
if (!values.out) {
  console.error('build-worker: --out DIR is required');
  process.exit(2);
}
const outDir = resolve(values.out);
const root = resolve(values.root ?? process.cwd());

// A server killed with SIGKILL cannot stop its build, and nobody would publish it: once orphaned, the build stops
// rather than take the CPU and Astro's cache from the next server's build.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 250).unref();

// Astro writes the pre-render bundle inside outDir only when outDir is under the working folder (the project);
// every build into a folder outside it shares the project's .astro/.prerender, and two at once would write, import and
// delete each other's chunks (ERR_MODULE_NOT_FOUND .astro/.prerender/chunks/…). Such builds take Astro's step in turn.
const bundle = prerenderBundleDir(outDir);
const releaseBundle = bundle.startsWith(`${outDir}/`)
  ? undefined
  : await acquireProcessLock(`${bundle}.lock`, {
      onWait: (owner) => console.log(`Waiting for another build of this project (process ${owner ?? '?'}) to finish with ${bundle}`),
    });
// process.exit (the orphan check above, a refused build below) skips finally blocks.
if (releaseBundle) process.on('exit', releaseBundle);

const astroStarted = performance.now();
try {
  await build({
    root,
    outDir,
    ...(values['cache-dir'] ? { cacheDir: resolve(values['cache-dir']) } : {}),
    logLevel: values.quiet ? 'warn' : 'info',
    mode: 'production',
    // Added to the config's integrations: builds of this project side by side take turns at the content sync.
    integrations: [contentSyncLock(root)],
  });
} catch (error) {
  // The disclosure check refused the build (its integration throws when Astro is done). Before the index: a refused
  // build need not be indexed. Every violation goes to the log; the parent reads the DISCLOSURE-CHECK line for the
  // build's error message (builder.ts).
  const refused = renderCheckResult();
  if (!refused || refused.violations.length === 0) throw error;
  console.error(`The affiliate disclosure check found ${refused.violations.length} violation(s) in ${refused.pages} pages:`);
  for (const violation of refused.violations) console.error(`  ${describeViolation(violation)}`);
  console.log(`DISCLOSURE-CHECK ${JSON.stringify({ message: disclosureFailureMessage(refused.violations) })}`);
  process.exit(1);
} finally {
  releaseBundle?.();
}
const astroMs = performance.now() - astroStarted;
const check = renderCheckResult();
if (!check) throw new Error('The affiliate disclosure check did not run (src/integrations/disclosure-check.ts is missing from the config).');

const indexStarted = performance.now();
// A partial build indexes once its pages are merged into the last complete build (publishing/partial-build.ts).
const pages = values['skip-index'] ? undefined : await indexArticles(outDir);
const indexMs = performance.now() - indexStarted;

// The parent reads this line for its summary (builder.ts parseSummary).
console.log(
  `BUILD-SUMMARY ${JSON.stringify({ astroMs: Math.round(astroMs), checkMs: check.waitMs, checkedPages: check.pages, indexMs: Math.round(indexMs), pages })}`,
);
// Astro and Vite can leave handles open (watchers, worker pools); the work is done.
process.exit(0);
