/**
 * The click-tracking script that EarlyClicks.astro loads first in every public page's <head>
 * (src/integrations/head-script.ts): beacon.ts's installClickTracking bundled with the click id rules it imports
 * (src/domain/revenue/click-id.ts) into one minified script (inline-bundle.ts). A classic script first in the head, so
 * the listener is in place before any buy link can be clicked: a module script runs only after the whole page is
 * parsed, and a shopper's early click would leave without a click id.
 */
import { bundleInlineScript } from './inline-bundle.ts';

export const clickTrackingScript: string = bundleInlineScript('src/islands/product/beacon.ts', ['installClickTracking'], 'installClickTracking();');
