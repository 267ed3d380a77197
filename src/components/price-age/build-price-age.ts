/**
 * The stale limit as the build reads it: the admin's setting from the settings collection (src/content.config.ts), read
 * once per build, the default when it was never set (src/domain/product-display/price-age.ts).
 */
import { getEntry } from 'astro:content';
import { PRICE_SETTING_ID, storedStaleAfterHours } from '../../domain/product-display/price-age.ts';

let hours: Promise<number> | undefined;

export function buildStaleAfterHours(): Promise<number> {
  hours ??= getEntry('settings', PRICE_SETTING_ID).then((entry) => storedStaleAfterHours(entry?.data.value));
  return hours;
}
