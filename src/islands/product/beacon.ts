/**
 * Browser side of tracking: one small request per event, sent so that it survives the page
 * being left (sendBeacon), without blocking anything. Failures are swallowed (spec section 8).
 *
 * This module also runs as a script first in every public page's <head> (EarlyClicks.astro,
 * click-tracking-script.ts), so it must import nothing that is not needed there: no zod, no React.
 */
import { clickNetworkOf, newClickId, TRACK_CLICK_ATTRIBUTE, withClickId } from '../../domain/revenue/click-id.ts';
import type { TrackRequest } from '../../domain/tracking.ts';

export const TRACK_PATH = '/api/track';

/** Sends one event; sendBeacon posts the text as text/plain, which needs no CORS preflight. */
export function sendTrackEvent(request: TrackRequest): void {
  const body = JSON.stringify(request);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(TRACK_PATH, body)) return;
  } catch {
    // Some browsers throw for a beacon they will not queue; fall back to fetch.
  }
  fetch(TRACK_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/plain' } }).catch(
    () => undefined,
  );
}

declare global {
  interface Window {
    __repwellClickTracking?: boolean;
  }
}

/**
 * Gives every outbound click on a buy link (data-track-click, static or rendered by an island later) its own
 * click id (issue 14): the link's href is rewritten to carry the id in its network's sub-id slot (withClickId; an
 * Amazon link stays as it is) before the browser follows it, and the click beacon carries the same id with the
 * product, the page path and the network. One listener on the document, in the capture phase, so it runs before
 * anything on the page can stop the event, and before the browser's activation behaviour reads the href.
 *
 * Opening a link takes a primary click (with or without Ctrl, Cmd or Shift), Enter on the focused link (a click
 * event too) or a middle click (auxclick, button 1; browsers fire no click for it). A right click only opens the
 * context menu, whose "Open in new tab" no page can see: that navigation uses the plain tagged link, as without
 * JavaScript.
 *
 * The original href is put back once the event has been handled (the navigation has started by then), so the
 * link shows and copies its plain address and a second click gets a fresh id rather than a second sub-id.
 */
export function installClickTracking(): void {
  if (typeof window === 'undefined' || window.__repwellClickTracking) return;
  window.__repwellClickTracking = true;
  /** Links whose href carries a click id right now, with the href to put back. */
  const originals = new WeakMap<Element, string>();
  const onClick = (event: MouseEvent) => {
    if (event.type === 'click' ? event.button !== 0 : event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest(`a[${TRACK_CLICK_ATTRIBUTE}]`) : null;
    if (!link) return;
    const productId = Number(link.getAttribute(TRACK_CLICK_ATTRIBUTE));
    if (!Number.isSafeInteger(productId) || productId <= 0) return;
    const original = originals.get(link) ?? link.getAttribute('href') ?? '';
    const clickId = newClickId();
    const tagged = withClickId(original, clickId);
    if (tagged !== original) {
      originals.set(link, original);
      link.setAttribute('href', tagged);
      setTimeout(() => {
        // Unless something else (an island's render) has changed the link since.
        if (link.getAttribute('href') === tagged) link.setAttribute('href', original);
        if (originals.get(link) === original) originals.delete(link);
      }, 0);
    }
    sendTrackEvent({ productId, event: 'click', clickId, pagePath: location.pathname, network: clickNetworkOf(original) });
  };
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('auxclick', onClick, { capture: true });
}
