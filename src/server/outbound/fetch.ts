/**
 * safeFetch: the project's only fetcher of URLs that come from outside (add-by-link, CSV scrapes, the link
 * checker). ARCHITECTURE section 12 and issue 11 point 3: http(s) on ports 80/443, every address checked and the
 * checked address connected to, redirects followed by hand and re-checked, one deadline across all hops, a cap on
 * the decompressed body and a truthful User-Agent.
 */
import { request } from 'undici';
import type { Agent } from 'undici';
import { env } from '../env.ts';
import { parseAllowList } from './allow-list.ts';
import { discard, readCappedBody } from './body.ts';
import { decodeText } from './charset.ts';
import { createAgent, systemResolver, type Resolver } from './dispatcher.ts';
import { findOutboundError, OutboundError } from './errors.ts';
import { checkTarget } from './target.ts';

export const DEFAULT_DEADLINE_MS = 10_000;
export const DEFAULT_MAX_BYTES = 3 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  /** Total time for every hop, body included. */
  deadlineMs?: number;
  /** Cap on the body after decompression. */
  maxBytes?: number;
  /** Return the first maxBytes of a longer body instead of failing with 'too-large'. */
  truncate?: boolean;
  maxRedirects?: number;
  /** host:port pairs exempt from the port and address rules; defaults to SCRAPE_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** DNS resolution for non-exempt hosts; tests inject one, production uses the system resolver. */
  resolve?: Resolver;
  /** The caller's own cancellation, on top of the deadline. */
  signal?: AbortSignal;
  userAgent?: string;
  /** Awaited before each redirect is followed (the link checker spaces requests to a host, hops included). */
  beforeRedirect?: (next: URL, signal: AbortSignal) => Promise<void>;
  /**
   * A redirect to a URL this accepts is not followed: the answer is the redirect itself (status 3xx, `url` its
   * target, empty body). Resolving a short link this way never loads the page it leads to.
   */
  stopAt?: (next: URL) => boolean;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface SafeFetchResult {
  status: number;
  /** The URL of the last hop, after redirects. */
  url: string;
  headers: Headers;
  /** Decoded text; empty for HEAD. */
  body: string;
  redirects: RedirectHop[];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

let envAllowList: ReadonlySet<string> | undefined;

function defaultAllowList(): ReadonlySet<string> {
  envAllowList ??= parseAllowList(env().SCRAPE_ALLOWED_HOSTS);
  return envAllowList;
}

export function userAgent(): string {
  return `RepwellBot/1.0 (+${env().SITE_URL})`;
}

export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const method = options.method ?? 'GET';
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowList = options.allowedHosts ? parseAllowList(options.allowedHosts) : defaultAllowList();
  const resolve = options.resolve ?? systemResolver;
  const agentName = options.userAgent ?? userAgent();

  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;

  const redirects: RedirectHop[] = [];
  const visited = new Set<string>();
  let target = checkTarget(input, allowList);

  for (;;) {
    visited.add(target.url.href);
    const agent = createAgent(target.exempt, resolve);
    try {
      const response = await send(target.url, method, agentName, agent, signal);
      const location = headerValue(response.headers.location);
      if (REDIRECT_STATUSES.has(response.statusCode) && location !== undefined) {
        discard(response.body);
        let next: URL;
        try {
          next = new URL(location, target.url);
        } catch {
          throw new OutboundError('bad-url', `The page redirected to an invalid URL ('${location}').`);
        }
        redirects.push({ url: target.url.href, status: response.statusCode, location: next.href });
        if (options.stopAt?.(next)) return { status: response.statusCode, url: next.href, headers: toHeaders(response.headers), body: '', redirects };
        if (visited.has(next.href)) throw new OutboundError('redirect-loop', `The page redirects in a loop (back to ${next.href}).`);
        if (redirects.length > maxRedirects) {
          throw new OutboundError('too-many-redirects', `The page redirected more than ${maxRedirects} times.`);
        }
        // Every hop passes the same checks as the first URL: a public page may redirect to a private address.
        target = checkTarget(next, allowList);
        await options.beforeRedirect?.(target.url, signal);
        continue;
      }

      let text = '';
      if (method === 'HEAD') discard(response.body);
      else {
        const bytes = await readCappedBody(response.body, headerValue(response.headers['content-encoding']), maxBytes, options.truncate ?? false);
        text = decodeText(bytes, headerValue(response.headers['content-type']));
      }
      return { status: response.statusCode, url: target.url.href, headers: toHeaders(response.headers), body: text, redirects };
    } catch (error) {
      throw classify(error, target.url, deadline, deadlineMs, options.signal);
    } finally {
      void agent.destroy().catch(() => {});
    }
  }
}

async function send(url: URL, method: 'GET' | 'HEAD', agentName: string, agent: Agent, signal: AbortSignal) {
  return request(url, {
    method,
    dispatcher: agent,
    signal,
    headers: {
      'user-agent': agentName,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      // Only codings body.ts can undo while counting the output.
      'accept-encoding': 'gzip, deflate, br',
    },
  });
}

function classify(error: unknown, url: URL, deadline: AbortSignal, deadlineMs: number, callerSignal: AbortSignal | undefined): OutboundError {
  // The deadline wins over whatever error the abort caused inside undici or zlib.
  if (deadline.aborted) {
    return new OutboundError('timeout', `Fetching ${url.host} took longer than the ${deadlineMs / 1000} s limit.`, { cause: error });
  }
  if (callerSignal?.aborted) return new OutboundError('aborted', `Fetching ${url.host} was cancelled.`, { cause: error });
  const known = findOutboundError(error);
  if (known) return known;
  const detail = error instanceof Error ? error.message : String(error);
  return new OutboundError('network', `Could not fetch ${url.host}: ${detail}`, { cause: error });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(name, item);
      } catch {
        // A header value the Fetch standard rejects (e.g. raw non-Latin-1) is dropped rather than failing the page.
      }
    }
  }
  return headers;
}
