/** The one safe outbound fetcher (ARCHITECTURE section 12). Nothing else in the project fetches arbitrary URLs. */
export { safeFetch, userAgent, DEFAULT_DEADLINE_MS, DEFAULT_MAX_BYTES, DEFAULT_MAX_REDIRECTS } from './fetch';
export type { SafeFetchOptions, SafeFetchResult, RedirectHop } from './fetch';
export { OutboundError, type OutboundErrorCode } from './errors';
export { blockedAddressReason } from './address';
export { checkTarget } from './target';
export { parseAllowList } from './allow-list';
export type { Resolver } from './dispatcher';
