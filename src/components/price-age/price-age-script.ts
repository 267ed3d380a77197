/**
 * The price-age script for the head's early script file (src/integrations/head-script.ts): written out and minified
 * once per build, as the early-click script is.
 */
import { minifySync } from 'vite';
import { installPriceAge } from '../../lib/price-age.ts';

export const priceAgeScript: string = minifySync('price-age.js', `(${installPriceAge.toString()})(document);`).code;
