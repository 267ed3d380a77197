/**
 * The browser side of product cards, loaded once by every page that shows cards
 * (ProductCard.astro's script, and the catalogue island): the deal countdown element and
 * click tracking of the buy links. Importing it during server rendering does nothing.
 */
import { installClickTracking } from '../../islands/product/beacon.ts';
import { defineDealCountdown } from './deal-countdown.ts';

export function enhanceProductCards(): void {
  defineDealCountdown();
  installClickTracking();
}
