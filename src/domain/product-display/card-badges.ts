/** The badges a product card shows (spec section 2: product cards; thresholds in section 9). */
import { normalizeRating } from '../product.ts';

/** Popular Choice shows when sales_volume is above this. */
export const POPULAR_CHOICE_ABOVE = 500;
/** The "4+ Stars" badge shows from this rating. */
export const STAR_BADGE_FROM = 4;
export const STAR_BADGE_LABEL = '4+ Stars';
export const POPULAR_CHOICE_LABEL = 'Popular Choice';

export function isPopularChoice(salesVolume: number | null | undefined): boolean {
  return typeof salesVolume === 'number' && salesVolume > POPULAR_CHOICE_ABOVE;
}

export function hasStarBadge(rating: number | null | undefined): boolean {
  const value = normalizeRating(rating);
  return value !== null && value >= STAR_BADGE_FROM;
}
