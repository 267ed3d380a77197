/**
 * Records one view of the product page per page load (spec section 2: "a view event is recorded
 * on load"). The page marks its product with data-track-view; the beacon goes out after the page
 * has loaded, so it never competes with the page's own requests.
 */
import { sendTrackEvent } from './beacon.ts';

export const TRACK_VIEW_ATTRIBUTE = 'data-track-view';

let sent = false;

export function trackProductView(): void {
  const send = () => {
    if (sent) return;
    const productId = Number(document.querySelector(`[${TRACK_VIEW_ATTRIBUTE}]`)?.getAttribute(TRACK_VIEW_ATTRIBUTE));
    if (!Number.isSafeInteger(productId) || productId <= 0) return;
    sent = true;
    sendTrackEvent(productId, 'view');
  };
  if (document.readyState === 'complete') send();
  else window.addEventListener('load', send, { once: true });
}
