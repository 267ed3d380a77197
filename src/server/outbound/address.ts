/**
 * Which IP addresses the server may connect to when fetching a URL an admin (or a CSV file) gave it.
 * Ranges come from ipaddr.js, a maintained library; `private-ip` and `ip` are avoided because of unfixed bypasses.
 * The rule is an allow-list of one range: only ordinary global unicast passes, so a range ipaddr.js adds later is
 * refused by default rather than let through.
 */
import ipaddr from 'ipaddr.js';

/** Cloud metadata endpoints, named so the refusal says what it protected (both are inside refused ranges anyway). */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254']);

/** The reason an address may not be fetched, or undefined when it is an ordinary public address. */
export function blockedAddressReason(address: string): string | undefined {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Only the canonical forms: URL hosts are already normalised by WHATWG URL and DNS answers are canonical,
  // so anything else here (e.g. ipaddr.js's lenient '0x7f.1') is refused rather than guessed at.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return 'not an IP address';
  const parsed = ipaddr.parse(text);
  if (METADATA.has(parsed.toNormalizedString()) || METADATA.has(parsed.toString())) return 'a cloud metadata address';
  return parsed.kind() === 'ipv4' ? ipv4Reason(parsed as ipaddr.IPv4) : ipv6Reason(parsed as ipaddr.IPv6);
}

function ipv4Reason(address: ipaddr.IPv4): string | undefined {
  if (address.toString() === '169.254.169.254') return 'a cloud metadata address';
  const range = address.range();
  return range === 'unicast' ? undefined : describe(range);
}

function ipv6Reason(address: ipaddr.IPv6): string | undefined {
  if (address.toNormalizedString() === 'fd00:ec2:0:0:0:0:0:254') return 'a cloud metadata address';
  const range = address.range();
  switch (range) {
    case 'unicast': {
      // ::/96 (deprecated IPv4-compatible, e.g. ::127.0.0.1) is 'unicast' to ipaddr.js but routes to IPv4 on some stacks.
      const [a, b, c, d, e, f] = address.parts;
      return a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 ? 'an IPv4-compatible IPv6 address' : undefined;
    }
    case 'ipv4Mapped':
    case 'rfc6145':
      // ::ffff:a.b.c.d and ::ffff:0:a.b.c.d reach the embedded IPv4 address: judge that.
      return embedded(address, 6, range === 'ipv4Mapped' ? 'IPv4-mapped' : 'IPv4-translated');
    case 'rfc6052':
      // NAT64 64:ff9b::/96 carries the IPv4 target in its last 32 bits; the local-use /48 is site-internal.
      return address.parts[2] === 0 ? embedded(address, 6, 'NAT64') : 'a local-use NAT64 address';
    case '6to4':
      // 2002:AABB:CCDD::/48 tunnels to the IPv4 address AA.BB.CC.DD.
      return embeddedFrom(address.parts[1] ?? 0, address.parts[2] ?? 0, '6to4');
    case 'teredo': {
      // 2001:0:server:flags:port:client — the client IPv4 address is stored bit-inverted in the last 32 bits.
      const client = embeddedFrom(~(address.parts[6] ?? 0) & 0xffff, ~(address.parts[7] ?? 0) & 0xffff, 'Teredo client');
      return client ?? embeddedFrom(address.parts[2] ?? 0, address.parts[3] ?? 0, 'Teredo server');
    }
    default:
      return describe(range);
  }
}

function embedded(address: ipaddr.IPv6, from: number, label: string): string | undefined {
  return embeddedFrom(address.parts[from] ?? 0, address.parts[from + 1] ?? 0, label);
}

function embeddedFrom(high: number, low: number, label: string): string | undefined {
  const v4 = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const reason = ipv4Reason(v4);
  return reason === undefined ? undefined : `${label} form of ${v4.toString()} (${reason})`;
}

const DESCRIPTIONS: Record<string, string> = {
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local IPv6 address',
  deprecatedSiteLocal: 'a site-local IPv6 address',
};

function describe(range: string): string {
  return DESCRIPTIONS[range] ?? `a special-purpose address (${range})`;
}
