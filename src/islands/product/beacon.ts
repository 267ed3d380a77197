/**
 * Browser side of tracking: one small request per event, sent so that it survives the page
 * being left (sendBeacon), without blocking anything. Failures are swallowed (spec section 8).
 */
import type { TrackedEvent, TrackRequest } from '../../domain/tracking.ts';

export const TRACK_PATH = '/api/track';

/** Sends one event; sendBeacon posts the text as text/plain, which needs no CORS preflight. */
export function sendTrackEvent(productId: number, event: TrackedEvent): void {
  const body = JSON.stringify({ productId, event } satisfies TrackRequest);
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

/** The attribute that marks an outbound buy link; its value is the product id. */
export const TRACK_CLICK_ATTRIBUTE = 'data-track-click';

/**
 * Records a click on any buy link that carries data-track-click, static or rendered by an island
 * later: one listener on the document, installed once per page. The link itself needs no script.
 */
export function installClickTracking(): void {
  if (typeof window === 'undefined' || window.__repwellClickTracking) return;
  window.__repwellClickTracking = true;
  const onClick = (event: MouseEvent) => {
    // Primary and middle clicks open the retailer; a right click only opens the context menu.
    if (event.button !== 0 && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest(`a[${TRACK_CLICK_ATTRIBUTE}]`) : null;
    const productId = Number(link?.getAttribute(TRACK_CLICK_ATTRIBUTE));
    if (Number.isSafeInteger(productId) && productId > 0) sendTrackEvent(productId, 'click');
  };
  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('auxclick', onClick, { capture: true });
}
