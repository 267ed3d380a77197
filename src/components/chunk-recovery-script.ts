/**
 * The chunk recovery script as ChunkRecovery.astro inlines it in every page's <head>: src/lib/chunk-recovery.ts
 * bundled with the rules it imports into one minified script (inline-bundle.ts). Inline and early, so the listeners
 * are in place before any island can fail to load its code.
 */
import { bundleInlineScript } from './inline-bundle.ts';

export const chunkRecoveryScript: string = bundleInlineScript(
  'src/lib/chunk-recovery.ts',
  ['CHUNK_RECOVERY', 'installChunkRecovery'],
  'installChunkRecovery(CHUNK_RECOVERY);',
);
