import { existsSync } from 'node:fs';

/** Flags these machines need: no sandbox as root, no GPU, and no calls home on a closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The whole browser, from Debian's `chromium`: what Lighthouse measures, and what opens a tab on Ctrl or a middle click. */
export function chromiumCandidates(): string[] {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    (path): path is string => Boolean(path),
  );
}

export function findChromium(): string | undefined {
  return chromiumCandidates().find((path) => existsSync(path));
}

/**
 * Debian's `chromium-headless-shell`: the same Chromium, built as the headless shell Playwright itself runs headless
 * tests in. It draws no browser window around the page, and the suite needs about a third less CPU and time in it
 * (docs/decisions.md). It has no tabs, so a Ctrl or middle click opens none: the specs about that use findChromium().
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser the end-to-end tests run in: the headless shell when it is installed, else the whole browser. */
export function findTestChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
}
