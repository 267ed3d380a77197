/**
 * The click-tracking script as ClickTracking.astro inlines it in every public page's <head>: beacon.ts's
 * installClickTracking bundled with the click id rules it imports (src/domain/revenue/click-id.ts) into one minified
 * script, once per build (module scope). Inline and first in the head, so the listener is in place before any buy
 * link can be clicked: a module script runs only after the whole page is parsed, and a shopper's early click would
 * leave without a click id.
 *
 * esbuild (Astro's own bundler dependency) bundles synchronously, so the text is ready when astro.config.mjs hands it
 * to inlineScriptHashes and when a page renders; the entry is found from the project root, where every build runs
 * (a path from import.meta.url would point into Astro's build output once this module is bundled).
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

const entry = resolve(process.cwd(), 'src/islands/product/beacon.ts');

const result = buildSync({
  stdin: { contents: `import { installClickTracking } from ${JSON.stringify(entry)};\ninstallClickTracking();\n`, loader: 'ts', resolveDir: process.cwd() },
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  legalComments: 'none',
  write: false,
});

export const clickTrackingScript: string = result.outputFiles[0]!.text.trim();
