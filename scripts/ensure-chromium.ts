/**
 * Makes sure a system Chromium exists for the browser tests. Playwright cannot
 * download its own browser here, so we use Debian's package: installed on the
 * spot when running as root with apt, otherwise we say exactly how to get it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumCandidates, findChromium } from '../tests/e2e/chromium.ts';

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

if (findChromium()) process.exit(0);

if (!canInstallWithApt()) {
  console.error(
    [
      'No Chromium found for the browser tests (looked at: ' + chromiumCandidates().join(', ') + ').',
      'Install Debian\'s chromium as root:  sudo apt-get update && sudo apt-get install -y chromium',
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}

console.log('Installing Debian\'s chromium for the browser tests…');
const run = (args: string[]) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
run(['update']);
run(['install', '-y', '--no-install-recommends', 'chromium']);
if (!findChromium()) {
  console.error('apt-get finished, but no Chromium binary was found.');
  process.exit(1);
}
