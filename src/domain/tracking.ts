/**
 * Product view and click tracking (spec sections 3 and 7, ARCHITECTURE section 8): the request
 * the page's beacon sends, and which requests are not counted.
 */
import { z } from 'zod';
import { servedPath } from './page-path.ts';
import { clickNetworks, isClickId } from './revenue/click-id.ts';

export const trackedEvents = ['view', 'click'] as const;
export type TrackedEvent = (typeof trackedEvents)[number];

/** The longest page path stored with an event: the site's paths are far shorter; anything longer is not one of them. */
export const MAX_PAGE_PATH_LENGTH = 300;

/**
 * POST /api/track body (sent by navigator.sendBeacon as text/plain, or as JSON). A click from a page of issue 14 on
 * carries its click id, the path it was clicked on and the network the page read from the link; the server trusts
 * neither the network (it reads its own from the product's stored link) nor the path (trackedPagePath). Beacons of
 * pages built before that carry only the product and the event, and still count.
 */
export const trackRequestSchema = z
  .object({
    productId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    event: z.enum(trackedEvents),
    clickId: z.string().refine(isClickId, 'Not a click id').optional(),
    pagePath: z.string().max(1024).optional(),
    network: z.enum(clickNetworks).nullable().optional(),
  })
  .refine((request) => request.clickId === undefined || request.event === 'click', { message: 'Only a click has a click id', path: ['clickId'] })
  .refine((request) => request.clickId === undefined || request.pagePath !== undefined, { message: 'A click id comes with its page path', path: ['pagePath'] });
export type TrackRequest = z.infer<typeof trackRequestSchema>;

/**
 * The page path stored with an event: a path on this site as the browser's location.pathname gives it, without query
 * or fragment (they may carry personal data: search words, e-mail tokens), in the form pages are served at
 * (servedPath: no .html, no trailing slash). Null for anything else: an absolute or protocol-relative URL, a path with
 * spaces, control characters or non-ASCII (a browser percent-encodes those), or one longer than MAX_PAGE_PATH_LENGTH.
 */
export function trackedPagePath(value: string): string | null {
  const path = value.split(/[?#]/, 1)[0]!;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (!/^[\x21-\x7e]+$/.test(path) || path.length > MAX_PAGE_PATH_LENGTH) return null;
  // Dot segments are resolved by the browser before location.pathname; a path that still has one was made by hand.
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return servedPath(path);
}

/** The path of a product's page, stored with its views. */
export function productPagePath(slug: string): string {
  return `/product/${encodeURIComponent(slug)}`;
}

/**
 * True for a request the browser made ahead of time, for a page the person may never see: link prefetch and
 * prerender. Chrome sends `Sec-Purpose: prefetch` (and `prefetch;prerender` for a prerendered page and the requests it
 * makes: https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/Sec-Purpose), older Chrome and Safari
 * `Purpose: prefetch`, Firefox `X-Moz: prefetch`, and Safari's link previews `X-Purpose: preview`. Such a request
 * is not a person viewing or clicking, so it is answered and not counted.
 */
export function isPrefetchRequest(headers: Headers): boolean {
  const tokens = (name: string) =>
    (headers.get(name) ?? '')
      .toLowerCase()
      .split(/[;,]/)
      .map((token) => token.trim());
  return (
    tokens('sec-purpose').includes('prefetch') ||
    tokens('purpose').includes('prefetch') ||
    tokens('x-moz').includes('prefetch') ||
    ['preview', 'prefetch'].some((value) => tokens('x-purpose').includes(value))
  );
}

/** A repeat of the same event for the same product from the same client within this window is not counted. */
export const REPEAT_WINDOW_MS = 30 * 60_000;

/**
 * Crawlers, link previewers, monitors and HTTP libraries that announce themselves. Browsers
 * never send these words; a bot that hides behind a browser's User-Agent is counted like one.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|curl\/|wget\/|python-|python\/|httpx|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|postman|insomnia|phantomjs|selenium|puppeteer|playwright/i;

/** True for a missing or empty User-Agent and for the self-declared bots above. */
export function isLikelyBot(userAgent: string | null | undefined): boolean {
  const value = userAgent?.trim();
  if (!value) return true;
  return BOT_USER_AGENT.test(value);
}

/** The UTC day a salt belongs to ('2025-06-01'), so the client key changes every day. */
export function saltDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
