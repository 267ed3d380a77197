import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own database file; builds inside some tests take seconds.
          testTimeout: 120_000,
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
