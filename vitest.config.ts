import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Integration files that run Astro builds get their temporary folders (os.tmpdir()) inside the project, in .astro/
 * (ignored by git and by Tailwind's class scan), as the production builds' folders are (dist, .build/): Astro writes a
 * build's pre-render bundle inside its outDir only when outDir is under the project (else every build shares the
 * project's .astro/.prerender and waits for its turn, src/server/local/build-worker.ts), and a bundle must be under the
 * project to import its packages. So two builds run side by side, each with its own bundle. The other files keep the
 * system's temporary folder: the platform layer's function-bundles.ts, for one, needs its unpacked bundles outside any node_modules.
 * A file is one of them when it calls what builds, or reads the run's shared demo site (provided to this project only),
 * so a new one joins without being listed.
 */
const BUILDS = /\b(buildSite|publishBuild)\(|scripts\/start\.ts|inject\('sharedDemoSite'\)/;
const integrationDir = join(import.meta.dirname, 'tests/integration');
const INTEGRATION_BUILDS = readdirSync(integrationDir)
  .filter((name) => name.endsWith('.test.ts') && BUILDS.test(readFileSync(join(integrationDir, name), 'utf8')))
  .map((name) => `tests/integration/${name}`);
const buildsTmp = join(import.meta.dirname, '.astro', 'test-tmp');
mkdirSync(buildsTmp, { recursive: true });

export default defineConfig({
  test: {
    // One file a core. `npm run test:integration` (package.json) runs the integration files three at a time: a third
    // of their time is spent waiting (a fake retailer's slow answer, a rate limit's window, a restarted server), and a
    // third file fills the core that leaves idle. Beside the platform layer, as `npm test` runs them: 275.5 s with two,
    // 259.5 s with three, for the same 507 s of CPU (2.0 of 2 cores busy instead of 1.8); four gained another 6 s.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker rather than one per file: importing each file's modules afresh was 60% of the
          // layer (21.8 s -> 6.1 s quiet, 40 -> 11 s of CPU). The price is shared module state, so a unit test that
          // stubs a global, a timer or an environment variable restores it in afterEach (vi.unstubAllGlobals,
          // vi.useRealTimers), as those that do already; the files passed in shuffled orders (--sequence.shuffle.files).
          isolate: false,
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
          // Same workers as 'integration', so both are one group of files on both cores (a project without file
          // parallelism would run alone, after every other file).
          name: 'integration-builds',
          include: INTEGRATION_BUILDS,
          environment: 'node',
          env: { TMPDIR: buildsTmp },
          // The one demo site the files that only read a build share (catalogue-build, seo-audit).
          globalSetup: ['tests/helpers/shared-demo-site.ts'],
          // A limit for a hung build, not a slow one: builds side by side (up to three at a time), and beside
          // the platform layer's (scripts/test.ts), take several times a build's quiet time. They take turns only at
          // Astro's content sync (src/integrations/content-sync-lock.ts).
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
