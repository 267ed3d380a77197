/**
 * A page that outlives its build's JavaScript. Every deploy replaces every file at once, so a page open across a
 * deploy that changed code finds the hashed chunks it has not loaded yet (an island hydrated on idle, on view or on a
 * media query; code imported on a tap) answering 404. The fresh page names the new build's chunks, so one reload
 * recovers; a page whose reload did not help is left as it reads without JavaScript rather than reloaded again.
 *
 * These are the decisions; src/lib/chunk-recovery.ts listens for the failures and acts.
 */

/** The window in which a second missing chunk on the same path means the reload did not help. */
export const RELOAD_WINDOW_MS = 5 * 60_000;

/**
 * What a browser rejects an import() with when the module or one it imports could not be fetched (a 404 answers
 * Netlify's HTML page, which no browser runs as a module), and what Vite's preload helper throws for a CSS chunk:
 * Chromium "Failed to fetch dynamically imported module: URL", Firefox "error loading dynamically imported module:
 * URL", Safari "Importing a module script failed.", Vite "Unable to preload CSS for URL". An error thrown while a
 * module that did load runs is none of these: reloading would not help it.
 */
const MISSING_CHUNK = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isMissingChunk(error: unknown): boolean {
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : error;
  return typeof message === 'string' && MISSING_CHUNK.test(message);
}

/** The time of this tab's last reload of a path for a missing chunk, from its stored text; null when none. */
export function readReloadRecord(text: string | null): number | null {
  const time = text === null ? NaN : Number(text);
  return Number.isFinite(time) ? time : null;
}

/**
 * Whether a reload may be tried. `lastReload` is undefined when the tab cannot remember a reload (storage refused):
 * without that memory a page that keeps failing would reload forever, so it gives up. A record from the future (the
 * clock was set back) counts as recent.
 */
export function mayReload(lastReload: number | null | undefined, now: number): boolean {
  if (lastReload === undefined) return false;
  return lastReload === null || now - lastReload >= RELOAD_WINDOW_MS;
}

/** What asking the server for the page itself gave: its status, or no answer at all. */
export type PageAnswer = { kind: 'status'; status: number } | { kind: 'unreachable' };

/**
 * Whether the reload would bring the page back with working code. No answer means the browser is offline, not that
 * a deploy happened, and a reload would swap the page for the browser's error page; a 404 means the new build no
 * longer has this page (a product taken down), and a reload would swap it for the site's. Either way the shopper
 * keeps the page they are reading, without its scripts.
 */
export function reloadRecovers(answer: PageAnswer): boolean {
  return answer.kind === 'status' && answer.status >= 200 && answer.status < 300;
}
