/**
 * The browser side of product cards, loaded once by every page that shows cards
 * (ProductCard.astro's script, and the catalogue island): the deal countdown element. Click ids and
 * click beacons of the buy links are installed by every page's head (EarlyClicks.astro), before
 * any card can be clicked. Importing it during server rendering does nothing.
 */
import { defineDealCountdown } from './deal-countdown.ts';

export function enhanceProductCards(): void {
  defineDealCountdown();
}
