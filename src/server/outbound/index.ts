/** The one safe outbound fetcher (ARCHITECTURE section 12). Nothing else in the project fetches arbitrary URLs. */
export { safeFetch, userAgent, DEFAULT_DEADLINE_MS, DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS } from './fetch.ts';
export type { SafeFetchOptions, SafeFetchResult, RedirectHop } from './fetch.ts';
export { OutboundError, type OutboundErrorCode } from './errors.ts';
export { blockedAddressReason } from './address.ts';
export { checkTarget } from './target.ts';
export { parseAllowList } from './allow-list.ts';
export type { Resolver } from './dispatcher.ts';
