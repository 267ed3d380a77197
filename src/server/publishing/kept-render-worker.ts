/**
 * One partial render from a kept renderer (kept-render.ts), run as a child process by partial-build.ts: its own
 * process, so the pages' modules and the content store are loaded fresh and all their memory is returned.
 *
 *   node src/server/publishing/kept-render-worker.ts --kept DIR --out DIR --selection FILE --list FILE
 *
 * Writes every pathname of the site to --list and prints `KEPT-RENDER {json}` with its timings. The database is
 * the one DATABASE_URL names.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { RenderSelection } from '../../integrations/render-only.ts';
import { getDatabase } from '../db.ts';
import { describeViolation, disclosureFailureMessage } from '../disclosure/site-check.ts';
import { renderWithKeptRenderer, withDisclosureCheck } from './kept-render.ts';

const { values } = parseArgs({
  options: { kept: { type: 'string' }, out: { type: 'string' }, selection: { type: 'string' }, list: { type: 'string' } },
});
if (!values.kept || !values.out || !values.selection || !values.list) {
  console.error('kept-render-worker: --kept, --out, --selection and --list are required');
  process.exit(2);
}
// As astro build does: React and the other libraries the pages render with run their production builds.
process.env.NODE_ENV ??= 'production';
const projectRoot = process.cwd();
const { default: config } = (await import(pathToFileURL(resolve(projectRoot, 'astro.config.mjs')).href)) as {
  default: { site: string; integrations: AstroIntegration[] };
};
const selection = JSON.parse(readFileSync(values.selection, 'utf8')) as RenderSelection;
const database = getDatabase();
try {
  const { result, violations } = await withDisclosureCheck(projectRoot, new URL(config.site).origin, () =>
    renderWithKeptRenderer({ keptDir: resolve(values.kept!), outDir: resolve(values.out!), selection, projectRoot, database, config }),
  );
  if (violations.length > 0) {
    // As build-worker.ts: every violation to the log, the message for the build's error (builder.ts).
    console.error(`The affiliate disclosure check found ${violations.length} violation(s):`);
    for (const violation of violations) console.error(`  ${describeViolation(violation)}`);
    console.log(`DISCLOSURE-CHECK ${JSON.stringify({ message: disclosureFailureMessage(violations) })}`);
    process.exit(1);
  }
  writeFileSync(values.list, JSON.stringify(result.pathnames));
  console.log(`KEPT-RENDER ${JSON.stringify({ rendered: result.rendered, ms: result.ms })}`);
} finally {
  database.close();
}
process.exit(0);
