/**
 * The colours of each badge variant, shared by Badge.astro and the product card so a variant looks
 * the same everywhere; which variant a badge gets is decided by its meaning
 * (src/domain/product-display/badge-meaning.ts).
 */
import type { BadgeVariant } from '../../domain/product-display/badge-meaning.ts';

/** Solid pills: Badge.astro and the card's badges over the image. */
export const BADGE_COLOURS: Readonly<Record<BadgeVariant, string>> = {
  default: 'bg-brand-700 text-white',
  secondary: 'bg-brand-50 text-brand-800',
  destructive: 'bg-sale text-white',
  outline: 'border border-line text-ink-muted bg-surface',
  success: 'bg-success text-white',
};

/** Light tags: the card's social-proof row, in the same hues as the pills. */
export const TAG_COLOURS: Readonly<Record<BadgeVariant, string>> = {
  default: 'border-brand-200 bg-brand-50 text-brand-800',
  secondary: 'border-brand-100 bg-surface text-brand-800',
  destructive: 'border-sale/40 bg-sale/10 text-sale',
  outline: 'border-line bg-surface text-ink-muted',
  success: 'border-success/40 bg-success/10 text-success',
};
