import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Integration files that run Astro builds (or Netlify's bundler) go one at a time: Astro writes its prerender bundle and
 * the kept renderers under the project's own .astro/, whatever cache folder a build is given, so two builds at once
 * would read each other's chunks; and each build already keeps both cores busy. A file is one of them when it calls
 * what builds, so a new one joins without being listed.
 */
const BUILDS = /\b(buildSite|publishBuild|bundleFunctions)\(|scripts\/start\.ts/;
const integrationDir = join(import.meta.dirname, 'tests/integration');
const INTEGRATION_BUILDS = readdirSync(integrationDir)
  .filter((name) => name.endsWith('.test.ts') && BUILDS.test(readFileSync(join(integrationDir, name), 'utf8')))
  .map((name) => `tests/integration/${name}`);

export default defineConfig({
  test: {
    // Both cores: the build files one at a time on one, the other integration files on the other (and on both once
    // the builds are done). Unit tests use both too.
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
          exclude: INTEGRATION_BUILDS,
          environment: 'node',
          // Each file gets its own database file, server port and temporary folder, so files run side by side.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // Same group as 'integration', so its one file at a time runs beside the other files.
          name: 'integration-builds',
          include: INTEGRATION_BUILDS,
          environment: 'node',
          // A limit for a hung build, not a slow one: beside the platform layer's builds (scripts/test.ts) or another
          // process, one of these takes twice its quiet time.
          testTimeout: 240_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
