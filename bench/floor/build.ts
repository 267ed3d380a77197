/**
 * Builds the plain-Astro floor (./astro.config.mjs) from a JSON file of N demo products.
 *
 *   node bench/floor/build.ts --out DIR [--products N | --data FILE] [--cache-dir DIR]
 *
 * With --products it writes the data first (to --data, or a file in a temporary folder); `npm run bench` writes the
 * data itself and passes --data, so the timed child process only builds.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeFloorData } from './data.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    products: { type: 'string' },
    data: { type: 'string' },
    'cache-dir': { type: 'string' },
  },
});
if (!values.out || (!values.products && !values.data)) {
  console.error('usage: node bench/floor/build.ts --out DIR [--products N | --data FILE] [--cache-dir DIR]');
  process.exit(2);
}
const root = dirname(fileURLToPath(import.meta.url));
const data = resolve(values.data ?? join(mkdtempSync(join(tmpdir(), 'repwell-floor-')), 'products.json'));
if (values.products) writeFloorData(Number(values.products), data);

process.env.FLOOR_DATA = data;
process.env.FLOOR_OUT_DIR = resolve(values.out);
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const { build } = await import('astro');
const started = performance.now();
await build({
  root,
  outDir: resolve(values.out),
  ...(values['cache-dir'] ? { cacheDir: resolve(values['cache-dir']) } : {}),
  logLevel: 'warn',
  mode: 'production',
});
console.log(`FLOOR-SUMMARY ${JSON.stringify({ astroMs: Math.round(performance.now() - started) })}`);
// As the site's build worker: Astro and Vite can leave handles open.
process.exit(0);
