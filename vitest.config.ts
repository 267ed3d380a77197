import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The integration files' temporary folders (os.tmpdir()) are inside the project, in .astro/ (ignored by git and by
 * Tailwind's class scan), as the production builds' folders are (dist, .build/): Astro writes a build's pre-render
 * bundle inside its outDir only when outDir is under the project, and a bundle must be there to import the project's
 * packages. So the files that build the site run side by side like the others, each build with its own bundle; a build
 * into a folder outside the project shares .astro/.prerender and waits for its turn (src/server/local/build-worker.ts).
 */
const integrationTmp = join(import.meta.dirname, '.astro', 'test-tmp');
mkdirSync(integrationTmp, { recursive: true });

export default defineConfig({
  test: {
    // Both cores, for unit and integration files alike.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A limit for a hung test, not a slow one: the CPU-heavy tests (the formula guard's 30,000 strings, the
          // render check's threads) take 1 to 2 s alone and ten times that on a loaded machine, as beside `npm run check`.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own database file, server port and temporary folder, so files run side by side, the
          // ones that build the site too.
          env: { TMPDIR: integrationTmp },
          // A limit for a hung build, not a slow one: two builds side by side, or one beside the platform layer's
          // (scripts/test.ts), take twice a build's quiet time.
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'platform',
          include: ['tests/platform/**/*.test.ts'],
          environment: 'node',
          // Netlify's CLI builds the site and bundles every function before the first test (tests/platform/netlify-cli.ts).
          testTimeout: 120_000,
          hookTimeout: 15 * 60_000,
        },
      },
    ],
  },
});
