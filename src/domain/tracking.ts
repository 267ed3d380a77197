/**
 * Product view and click tracking (spec sections 3 and 7, ARCHITECTURE section 8): the request
 * the page's beacon sends, and which requests are not counted.
 */
import { z } from 'zod';

export const trackedEvents = ['view', 'click'] as const;
export type TrackedEvent = (typeof trackedEvents)[number];

/** POST /api/track body (sent by navigator.sendBeacon as text/plain, or as JSON). */
export const trackRequestSchema = z.object({
  productId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  event: z.enum(trackedEvents),
});
export type TrackRequest = z.infer<typeof trackRequestSchema>;

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
