/**
 * The client a per-address limit counts (rate limits, the contact form's flood limit, tracking's repeat keys): one
 * key per person-sized block of addresses, not per spelling of an address.
 *
 * - IPv4 and IPv4-mapped IPv6 are one address: `127.0.0.1`, `::ffff:127.0.0.1` and `::ffff:7f00:1` are all
 *   `127.0.0.1` (a dual-stack socket reports IPv4 clients in the mapped form).
 * - IPv6 is counted by its /64: a subscriber is handed at least a /64 (RFC 6177, RIPE-690), and any host in it may
 *   pick any of its 2^64 addresses at will (RFC 8981 privacy addresses), so a key per address let one /64 hold
 *   unlimited clients. A /64 is what one household or one server gets, as one IPv4 address behind NAT is.
 *
 * Parsing is ipaddr.js's (already the outbound-address check's library), never hand-written splitting.
 */
import ipaddr from 'ipaddr.js';

/** The prefix length IPv6 clients are grouped by. */
export const IPV6_CLIENT_PREFIX = 64;

/** The key of the client block `address` belongs to; text that is no IP address is kept as it is (trimmed). */
export function clientAddressGroup(address: string): string {
  const text = address.trim();
  if (text === '') return 'unknown';
  // A zone index (fe80::1%eth0) names the server's interface, not the client.
  const bare = text.replace(/%.*$/, '').replace(/^\[(.*)\]$/, '$1');
  // Only the forms a socket reports: ipaddr.isValid would also read '0x7f.1' and '1.2.3' as IPv4.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return text;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, IPV6_CLIENT_PREFIX / 16);
  return `${ipaddr.IPv6.parse(`${parts.map((part) => part.toString(16)).join(':')}::`).toString()}/${IPV6_CLIENT_PREFIX}`;
}
