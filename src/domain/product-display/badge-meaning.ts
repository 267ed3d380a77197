/**
 * One colour, one meaning (issue 9, point 6). Every badge on cards and on the product page says
 * what it means, and the meaning picks the variant: red (destructive, the sale colour) is kept
 * for sales and stock warnings, so a shopper who learns that red means "price cut or hurry"
 * is never misled by a red "Overall Pick".
 */
export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success';

export type BadgeMeaning =
  /** A price cut: the card's "-25%", the deal countdown. */
  | 'sale'
  /** Out of Stock, Limited Stock. */
  | 'stock-warning'
  /** In Stock, an active listing. */
  | 'available'
  /** Praise earned by the product: Best Seller, Amazon's Choice, Popular Choice, a retailer's award. */
  | 'recognition'
  /** The category the product is filed under (a link to it). */
  | 'category'
  /** Plain facts for reference: SKU, network, listing status, Eco-Friendly. */
  | 'fact';

export const BADGE_VARIANTS: Readonly<Record<BadgeMeaning, BadgeVariant>> = {
  sale: 'destructive',
  'stock-warning': 'destructive',
  available: 'success',
  recognition: 'default',
  category: 'secondary',
  fact: 'outline',
};

export function badgeVariant(meaning: BadgeMeaning): BadgeVariant {
  return BADGE_VARIANTS[meaning];
}
