/**
 * One link check through the safe fetcher (issue 13, point 1): HEAD first; GET when HEAD is refused (403, 405, 501,
 * another 4xx or 5xx, a connection the server dropped) or says nothing (a 200 without the page, which is where stock
 * is written). The GET reads at most the first CHECK_BODY_BYTES of the page. 429 or 503 to the HEAD ends the check:
 * the retailer asked us to slow down.
 */
import { classifyFailure, classifyResponse, CHECK_BODY_BYTES, type Classification, type RecordedResponse } from '../../domain/admin/link-health/classify.ts';
import { OutboundError, safeFetch, type SafeFetchOptions, type SafeFetchResult } from '../outbound/index.ts';
import type { HostGate } from './link-politeness.ts';

/** A Retry-After rests the host for the rest of this process's runs up to this long; the link's own backoff covers longer. */
export const MAX_HOST_REST_MS = 10 * 60_000;

export type LinkFetchOptions = Pick<SafeFetchOptions, 'allowedHosts' | 'resolve' | 'deadlineMs' | 'userAgent'>;

export interface LinkCheckResult extends Classification {
  url: string;
  method: 'HEAD' | 'GET' | 'HEAD+GET';
  durationMs: number;
  /** The page a successful GET read (its first CHECK_BODY_BYTES), for the price and stock its structured data states. */
  page?: { html: string; url: string };
}

function recorded(method: 'HEAD' | 'GET', url: string, answer: SafeFetchResult): RecordedResponse {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  return { method, requestedUrl: url, status: answer.status, finalUrl: answer.url, hops: answer.redirects, headers, body: answer.body };
}

type Attempt = { answer: SafeFetchResult } | { failure: OutboundError };

async function attempt(gate: HostGate, host: string, url: string, options: SafeFetchOptions, signal: AbortSignal | undefined): Promise<Attempt> {
  try {
    const beforeRedirect = (next: URL, hopSignal: AbortSignal) => gate.hop(next.host, hopSignal);
    return { answer: await gate.run(host, () => safeFetch(url, { ...options, signal, beforeRedirect }), signal) };
  } catch (error) {
    if (error instanceof OutboundError) return { failure: error };
    throw error;
  }
}

export async function checkLink(url: string, gate: HostGate, options: LinkFetchOptions & { signal?: AbortSignal; now?: () => Date } = {}): Promise<LinkCheckResult> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const finish = (result: Classification, method: LinkCheckResult['method']): LinkCheckResult => ({
    ...result,
    url,
    method,
    durationMs: Math.round(performance.now() - started),
  });
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return finish(classifyFailure({ requestedUrl: url, code: 'bad-url', message: `'${url}' is not a URL.` }), 'HEAD');
  }
  const { signal, now: _now, ...fetchOptions } = options;

  const head = await attempt(gate, host, url, { ...fetchOptions, method: 'HEAD' }, signal);
  if ('answer' in head) {
    const settled = classifyResponse(recorded('HEAD', url, head.answer), now());
    if (settled) {
      if (settled.retryAfterMs !== undefined) gate.rest(host, Math.min(settled.retryAfterMs, MAX_HOST_REST_MS));
      return finish(settled, 'HEAD');
    }
  } else if (head.failure.code !== 'network') {
    // A timeout or a refusal by the fetcher's rules would only repeat; a dropped HEAD may be a server that hates HEAD.
    return finish(classifyFailure({ requestedUrl: url, code: head.failure.code, message: head.failure.message }), 'HEAD');
  }

  const get = await attempt(gate, host, url, { ...fetchOptions, method: 'GET', maxBytes: CHECK_BODY_BYTES, truncate: true }, signal);
  if ('failure' in get) return finish(classifyFailure({ requestedUrl: url, code: get.failure.code, message: get.failure.message }), 'HEAD+GET');
  const result = classifyResponse(recorded('GET', url, get.answer), now()) ?? classifyFailure({ requestedUrl: url, code: 'network', message: 'No answer.' });
  if (result.retryAfterMs !== undefined) gate.rest(host, Math.min(result.retryAfterMs, MAX_HOST_REST_MS));
  const read = finish(result, 'HEAD+GET');
  if (get.answer.status >= 200 && get.answer.status < 300 && get.answer.body) read.page = { html: get.answer.body, url: get.answer.url };
  return read;
}
