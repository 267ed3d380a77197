import { test as base, expect } from '@playwright/test';

/** Every test runs against the server global-setup.ts started. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup.ts did not run.');
    await use(url);
  },
});

export { expect };
