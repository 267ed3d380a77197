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

export function chromiumCandidates(): string[] {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    (path): path is string => Boolean(path),
  );
}

export function findChromium(): string | undefined {
  return chromiumCandidates().find((path) => existsSync(path));
}
