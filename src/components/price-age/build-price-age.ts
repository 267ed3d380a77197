/**
 * The stale limit as the build reads it: the admin's setting from the settings collection (src/content.config.ts), the
 * default when it was never set (src/domain/product-display/price-age.ts). Not cached in the module: a process that
 * builds more than once must read each build's own setting (getEntry is a lookup in the data store).
 */
import { getCollection } from 'astro:content';
import { PRICE_SETTING_ID, storedStaleAfterHours } from '../../domain/product-display/price-age.ts';

export async function buildStaleAfterHours(): Promise<number> {
  // getCollection rather than getEntry: a setting never saved is the default, not a missing entry Astro warns about
  // on every page.
  const [entry] = await getCollection('settings', ({ id }) => id === PRICE_SETTING_ID);
  return storedStaleAfterHours(entry?.data.value);
}
