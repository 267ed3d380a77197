/**
 * The attribute badges under a product's name (spec section 2: product detail): sku, status
 * (active highlighted), affiliate_network, Best Seller, Amazon's Choice, Eco-Friendly and the
 * product_badge text. Each badge's colour comes from what it means (badge-meaning.ts).
 */
import { readFlag, readText, type AttributeMap } from './attributes.ts';
import { badgeVariant, type BadgeMeaning, type BadgeVariant } from './badge-meaning.ts';
import { isDealWording, mayShowUrgency } from './offer.ts';

export type { BadgeVariant } from './badge-meaning.ts';

export interface AttributeBadge {
  key: 'sku' | 'status' | 'network' | 'best-seller' | 'amazon-choice' | 'eco' | 'product-badge';
  label: string;
  meaning: BadgeMeaning;
  variant: BadgeVariant;
}

export interface AttributeBadgeOptions {
  /** Out of stock, a retailer's deal badge ('Deal of the Day') is left out: there is no deal to take. Defaults to true. */
  inStock?: boolean;
}

export function attributeBadges(attributes: AttributeMap, { inStock = true }: AttributeBadgeOptions = {}): AttributeBadge[] {
  const badges: AttributeBadge[] = [];
  const add = (key: AttributeBadge['key'], label: string, meaning: BadgeMeaning) => badges.push({ key, label, meaning, variant: badgeVariant(meaning) });
  const sku = readText(attributes, 'sku');
  if (sku) add('sku', `SKU: ${sku}`, 'fact');
  const status = readText(attributes, 'status');
  if (status) add('status', status, status.toLowerCase() === 'active' ? 'available' : 'fact');
  const network = readText(attributes, 'affiliate_network');
  if (network) add('network', network, 'fact');
  if (readFlag(attributes, 'is_best_seller')) add('best-seller', 'Best Seller', 'recognition');
  if (readFlag(attributes, 'is_amazon_choice')) add('amazon-choice', "Amazon's Choice", 'recognition');
  if (readFlag(attributes, 'climate_pledge_friendly')) add('eco', 'Eco-Friendly', 'fact');
  const productBadge = readText(attributes, 'product_badge');
  if (productBadge) {
    const deal = isDealWording(productBadge);
    if (!deal || mayShowUrgency(inStock)) add('product-badge', productBadge, deal ? 'sale' : 'recognition');
  }
  return badges;
}
