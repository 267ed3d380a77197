/**
 * One partial render from a kept renderer (kept-render.ts), run as a child process by partial-build.ts: its own
 * process, so the pages' modules and the content store are loaded fresh and all their memory is returned.
 *
 *   node src/server/publishing/kept-render-worker.ts --kept DIR --out DIR --selection FILE --list FILE
 *
 * The selection file holds the pages to render and the last build's page input digests (KeptRenderSelection).
 * Writes every pathname of the site and the digests its pages declared to --list (KeptRenderList) and prints
 * `KEPT-RENDER {json}` with its timings. The database is the one DATABASE_URL names.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { siteUrl } from '../../integrations/site-files.ts';
import { getDatabase } from '../db.ts';
import { describeViolation, disclosureFailureMessage } from '../disclosure/site-check.ts';
import { renderWithKeptRenderer, withDisclosureCheck, type KeptRenderList, type KeptRenderSelection } from './kept-render.ts';

const { values } = parseArgs({
  options: { kept: { type: 'string' }, out: { type: 'string' }, selection: { type: 'string' }, list: { type: 'string' } },
});
if (!values.kept || !values.out || !values.selection || !values.list) {
  console.error('kept-render-worker: --kept, --out, --selection and --list are required');
  process.exit(2);
}
// As astro build does: React and the other libraries the pages render with run their production builds.
process.env.NODE_ENV ??= 'production';
// The bundle and the packages it loads are the same from one partial build to the next: V8's compiled code is kept
// with the renderer (a fresh renderer starts a fresh cache).
enableCompileCache(join(resolve(values.kept), '.compile-cache'));
const projectRoot = process.cwd();
const site = siteUrl();
const selection = JSON.parse(readFileSync(values.selection, 'utf8')) as KeptRenderSelection;
const database = getDatabase();
try {
  const { result, violations } = await withDisclosureCheck(projectRoot, new URL(site).origin, () =>
    renderWithKeptRenderer({ keptDir: resolve(values.kept!), outDir: resolve(values.out!), selection, previousInputs: selection.previousInputs, projectRoot, database, site }),
  );
  if (violations.length > 0) {
    // As build-worker.ts: every violation to the log, the message for the build's error (builder.ts).
    console.error(`The affiliate disclosure check found ${violations.length} violation(s):`);
    for (const violation of violations) console.error(`  ${describeViolation(violation)}`);
    console.log(`DISCLOSURE-CHECK ${JSON.stringify({ message: disclosureFailureMessage(violations) })}`);
    process.exit(1);
  }
  const list: KeptRenderList = { pathnames: result.pathnames, inputs: result.inputs };
  writeFileSync(values.list, JSON.stringify(list));
  console.log(`KEPT-RENDER ${JSON.stringify({ rendered: result.rendered, unchanged: result.unchanged, ms: result.ms })}`);
} finally {
  database.close();
}
process.exit(0);
