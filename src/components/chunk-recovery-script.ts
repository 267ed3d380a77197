/**
 * The chunk recovery script as ChunkRecovery.astro inlines it in every page's <head>: src/lib/chunk-recovery.ts
 * bundled with the rules it imports into one minified script, once per build (module scope), as
 * click-tracking-script.ts does for the click listener. Inline and early, so the listeners are in place before any
 * island can fail to load its code.
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

const entry = resolve(process.cwd(), 'src/lib/chunk-recovery.ts');

const result = buildSync({
  stdin: { contents: `import { CHUNK_RECOVERY, installChunkRecovery } from ${JSON.stringify(entry)};\ninstallChunkRecovery(CHUNK_RECOVERY);\n`, loader: 'ts', resolveDir: process.cwd() },
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  legalComments: 'none',
  write: false,
});

export const chunkRecoveryScript: string = result.outputFiles[0]!.text.trim();
