/**
 * `SCRAPE_ALLOWED_HOSTS`: host:port pairs exempt from the port and address rules, so tests (and a local fixture
 * server) can be fetched on 127.0.0.1. Exact pairs only, no wildcards, so an allowance never widens to a whole host.
 */

/** Normalises one entry to the key `targetKey` builds: lowercase host (IPv6 in brackets) and a decimal port. */
export function parseAllowList(entries: readonly string[] | string): ReadonlySet<string> {
  const list = typeof entries === 'string' ? entries.split(',') : entries;
  const keys = new Set<string>();
  for (const raw of list) {
    const entry = raw.trim();
    if (!entry) continue;
    // Parsing through URL gives the same host normalisation as the URLs being fetched (case, IPv4 forms, IPv6).
    let url: URL;
    try {
      url = new URL(`http://${entry}/`);
    } catch {
      throw new Error(`SCRAPE_ALLOWED_HOSTS: '${entry}' is not a host:port pair.`);
    }
    if (!/:\d+$/.test(entry)) throw new Error(`SCRAPE_ALLOWED_HOSTS: '${entry}' needs an explicit port.`);
    keys.add(`${url.hostname}:${url.port || '80'}`);
  }
  return keys;
}

/** The key of a URL for the allow-list: its host and effective port. */
export function targetKey(url: URL): string {
  return `${url.hostname}:${effectivePort(url)}`;
}

export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
