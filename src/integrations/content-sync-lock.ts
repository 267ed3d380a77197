/**
 * Builds of one project take turns at Astro's content sync, and only at it.
 *
 * The sync writes .astro/content-assets.mjs and .astro/content-modules.mjs, which every build of the project shares,
 * each through a temporary file of a fixed name: `${file}.tmp`, then a rename (astro/dist/content/mutable-data-store.js,
 * #writeFileAtomic). A build with no image in its collections writes content-assets.mjs twice, in two spellings of an
 * empty Map, so every build writes it. Two builds syncing at the same moment can each rename the other's temporary file
 * away, and one fails with "ENOENT: rename '.astro/content-assets.mjs.tmp' -> '.astro/content-assets.mjs'".
 *
 * Astro runs the sync after the `astro:config:done` hooks and before the `astro:build:start` ones (core/build/index.js),
 * so the lock is taken in the first and let go in the second: the sync takes about a second, and the rest of two builds
 * (bundling, rendering) still runs side by side. A build that fails in between lets go when its process exits, and one
 * killed is noticed by the next to wait (process-lock.ts).
 */
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { acquireProcessLock } from '../server/local/process-lock.ts';

/** The lock's path, beside the files it guards. */
export function contentSyncLockPath(root: string): string {
  return join(root, '.astro', 'content-sync.lock');
}

export function contentSyncLock(root: string): AstroIntegration {
  let release: (() => void) | undefined;
  const letGo = () => {
    release?.();
    release = undefined;
  };
  return {
    name: 'repwell:content-sync-lock',
    hooks: {
      'astro:config:done': async ({ logger }) => {
        release = await acquireProcessLock(contentSyncLockPath(root), {
          onWait: (owner) => logger.info(`Waiting for another build of this project (process ${owner ?? '?'}) to finish its content sync`),
        });
        process.once('exit', letGo);
      },
      'astro:build:start': () => {
        letGo();
        process.off('exit', letGo);
      },
    },
  };
}
