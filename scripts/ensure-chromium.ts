/**
 * Makes sure the browsers of the browser tests exist. Playwright cannot download its own here, so we use Debian's
 * packages: `chromium-headless-shell`, which most specs run in, and `chromium`, the whole browser the specs about tabs
 * and the Lighthouse bench need (tests/e2e/chromium.ts). They are installed on the spot when running as root with apt;
 * otherwise we say exactly how to get them. Without the headless shell the tests run in the whole browser, only slower.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumCandidates, findChromium, HEADLESS_SHELL } from '../tests/e2e/chromium.ts';

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

const missing = [...(findChromium() ? [] : ['chromium']), ...(existsSync(HEADLESS_SHELL) || process.env.CHROMIUM_PATH ? [] : ['chromium-headless-shell'])];
if (missing.length === 0) process.exit(0);

if (!canInstallWithApt()) {
  if (findChromium()) {
    console.warn(`No ${HEADLESS_SHELL}: the browser tests run in the whole browser, which is slower (sudo apt-get install -y chromium-headless-shell).`);
    process.exit(0);
  }
  console.error(
    [
      'No Chromium found for the browser tests (looked at: ' + chromiumCandidates().join(', ') + ').',
      "Install Debian's chromium and its headless shell as root:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell",
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}

console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests…`);
const run = (args: string[]) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
run(['update']);
try {
  run(['install', '-y', '--no-install-recommends', ...missing]);
} catch (error) {
  // A release without the headless shell still has the whole browser, which the tests can run in.
  if (!missing.includes('chromium')) {
    console.warn(`apt-get could not install ${HEADLESS_SHELL}: the browser tests run in the whole browser, which is slower.`);
    process.exit(0);
  }
  throw error;
}
if (!findChromium()) {
  console.error('apt-get finished, but no Chromium binary was found.');
  process.exit(1);
}
