/**
 * Records one view of the product page per page load (spec section 2: "a view event is recorded
 * on load"), and only once a person can see it (issue 14: a view is counted only once the page is
 * visible). The page marks its product with data-track-view; the beacon goes out after the page
 * has loaded, so it never competes with the page's own requests, and:
 * - a page prerendered by the browser (speculation rules; document.prerendering) waits for
 *   prerenderingchange: it may never be shown;
 * - a page opened in a background tab waits until it is first visible (visibilitychange).
 */
import { sendTrackEvent } from './beacon.ts';

export const TRACK_VIEW_ATTRIBUTE = 'data-track-view';

declare global {
  interface Document {
    /** Chromium 108+: true while the page is prerendered and not yet shown (not in lib.dom yet). */
    readonly prerendering?: boolean;
  }
}

let sent = false;

export function trackProductView(): void {
  const send = () => {
    if (sent) return;
    if (document.prerendering) {
      document.addEventListener('prerenderingchange', send, { once: true });
      return;
    }
    if (document.visibilityState !== 'visible') {
      const onVisible = () => {
        if (document.visibilityState !== 'visible') return;
        document.removeEventListener('visibilitychange', onVisible);
        send();
      };
      document.addEventListener('visibilitychange', onVisible);
      return;
    }
    const productId = Number(document.querySelector(`[${TRACK_VIEW_ATTRIBUTE}]`)?.getAttribute(TRACK_VIEW_ATTRIBUTE));
    if (!Number.isSafeInteger(productId) || productId <= 0) return;
    sent = true;
    // The server stores the product page's own path with a view; the page need not say it.
    sendTrackEvent({ productId, event: 'view' });
  };
  if (document.readyState === 'complete') send();
  else window.addEventListener('load', send, { once: true });
}
