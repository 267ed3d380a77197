/** Social-proof tags on product cards (spec section 2): bestseller, Amazon's choice, rating 4.5+, limited stock. */
import { normalizeRating } from '../product.ts';

export const HIGHLY_RATED_FROM = 4.5;

export interface SocialProofInput {
  bestSeller?: boolean;
  amazonChoice?: boolean;
  rating: number | null;
  limitedStock?: boolean;
}

export interface SocialProofTag {
  key: 'best-seller' | 'amazon-choice' | 'highly-rated' | 'limited-stock';
  label: string;
}

/** The tags that apply, in a fixed order. */
export function socialProofTags({ bestSeller, amazonChoice, rating, limitedStock }: SocialProofInput): SocialProofTag[] {
  const tags: SocialProofTag[] = [];
  if (bestSeller) tags.push({ key: 'best-seller', label: 'Bestseller' });
  if (amazonChoice) tags.push({ key: 'amazon-choice', label: "Amazon's Choice" });
  const value = normalizeRating(rating);
  if (value !== null && value >= HIGHLY_RATED_FROM) tags.push({ key: 'highly-rated', label: 'Highly Rated' });
  if (limitedStock) tags.push({ key: 'limited-stock', label: 'Limited Stock' });
  return tags;
}
