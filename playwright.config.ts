import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findTestChromium } from './tests/e2e/chromium.ts';

const ADMIN_SPECS = '**/admin-*.spec.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Seeds a database, builds the site and starts two local servers on free ports: the admin specs' and the public specs'.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Three on two cores: the specs wait a good part of their time (a rebuild, a network quiet, a dialog's animation),
  // and a third worker fills the core two leave idle. 401 s with three against 436 s with two, for 738 s of CPU
  // against 716. Before the desktop early clicks stopped slowing the CPU (whose throttling spins, early-clicks.spec.ts),
  // a third worker gained nothing: 518.9 s against 511.8 s on a clean clone.
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous limits, because the suite must pass on a loaded 2-core machine (a build running beside it): tests wait
  // for outcomes, never for fixed times, so a longer limit only costs time when something is really wrong.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // A trace records DOM snapshots and a screencast of every action of every test, which costs CPU on every test
    // although it is kept only for the failures; CI keeps nothing but what is printed, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: findTestChromium(), args: chromiumArgs },
  },
  projects: [
    // Side by side, each on a server, site folder and database of its own (global-setup.ts, e2e-servers.ts): admin
    // writes rebuild the admin server's site in the background, and no public spec meets a product, category or post
    // an admin spec made.
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: ADMIN_SPECS },
    { name: 'admin', use: { ...devices['Desktop Chrome'] }, testMatch: ADMIN_SPECS },
  ],
});
