/**
 * The undici Agent each hop connects through. Its `connect.lookup` replaces node:net's DNS step: it resolves the
 * host once, refuses the whole host if any address is blocked, and hands node:net exactly the checked addresses.
 * Because node:net connects to what this lookup returns, no second DNS query can swap in another address
 * (DNS rebinding between check and connect).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { blockedAddressReason } from './address.ts';
import { blockedAddress } from './target.ts';

/** Resolves a host name to every address, like dns.lookup with `all: true`; injectable for tests. */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function guardedLookup(resolve: Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname)
      .then((found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : [...found];
        if (wanted.length === 0) throw Object.assign(new Error(`${hostname} did not resolve to any address.`), { code: 'ENOTFOUND' });
        for (const entry of wanted) {
          const reason = blockedAddressReason(entry.address);
          if (reason) throw blockedAddress(hostname, entry.address, reason);
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      })
      .catch((error: unknown) => callback(error as NodeJS.ErrnoException, '', undefined));
  };
}

/**
 * One Agent per hop, so each connection is made under the rules of the URL it serves. Allow-listed hops
 * (test fixtures) keep the system lookup; every other hop gets the guarded one.
 */
export function createAgent(exempt: boolean, resolve: Resolver): Agent {
  return new Agent({
    connect: exempt ? {} : { lookup: guardedLookup(resolve) },
    // No connection outlives the fetch, so nothing is reused under another hop's rules.
    pipelining: 0,
  });
}
