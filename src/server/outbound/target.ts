/**
 * The checks a URL must pass before any connection is attempted: scheme, credentials, port and, for literal IP
 * hosts, the address itself (node:net skips the lookup hook for literal IPs, so they are judged here instead).
 * Runs for the first URL and again for every redirect target.
 */
import { isIP } from 'node:net';
import { blockedAddressReason } from './address.ts';
import { effectivePort, targetKey } from './allow-list.ts';
import { OutboundError } from './errors.ts';

export interface CheckedTarget {
  url: URL;
  /** True when host:port is in the allow-list: the port and address rules are skipped for this hop only. */
  exempt: boolean;
}

const ALLOWED_PORTS = new Set([80, 443]);

export function checkTarget(input: string | URL, allowList: ReadonlySet<string>): CheckedTarget {
  let url: URL;
  try {
    // WHATWG URL normalises the IPv4 spellings attackers use (2130706433, 0x7f000001, 0177.0.0.1, 127.1) to dotted
    // decimal, so the literal-IP check below sees the address the socket would use.
    url = new URL(input);
  } catch {
    throw new OutboundError('bad-url', `'${String(input)}' is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('bad-scheme', `Only http and https links can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) {
    // Credentials in a URL are a classic way to disguise the real host (http://shop.com@10.0.0.1/); no retailer needs them.
    throw new OutboundError('bad-url', 'Links with a user name or password in them are not fetched.');
  }
  if (!url.hostname) throw new OutboundError('bad-url', `'${url.href}' has no host.`);
  const exempt = allowList.has(targetKey(url));
  if (exempt) return { url, exempt };

  const port = effectivePort(url);
  if (!ALLOWED_PORTS.has(port)) {
    throw new OutboundError('bad-port', `Only the standard web ports 80 and 443 can be fetched, not port ${port}.`);
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0) {
    const reason = blockedAddressReason(host);
    if (reason) throw blockedAddress(url.hostname, host, reason);
  }
  return { url, exempt };
}

export function blockedAddress(hostname: string, address: string, reason: string): OutboundError {
  const subject = hostname === address || hostname === `[${address}]` ? address : `${hostname} (${address})`;
  return new OutboundError('blocked-address', `Refused to fetch ${subject}: it is ${reason}, not a public internet address.`);
}
