/**
 * The attribute badges under a product's name (spec section 2: product detail): sku, status
 * (active highlighted), affiliate_network, Best Seller, Amazon's Choice, Eco-Friendly and the
 * product_badge text. Variants are the spec's badge set (section 3).
 */
import { readFlag, readText, type AttributeMap } from './attributes.ts';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

export interface AttributeBadge {
  key: 'sku' | 'status' | 'network' | 'best-seller' | 'amazon-choice' | 'eco' | 'product-badge';
  label: string;
  variant: BadgeVariant;
}

export function attributeBadges(attributes: AttributeMap): AttributeBadge[] {
  const badges: AttributeBadge[] = [];
  const sku = readText(attributes, 'sku');
  if (sku) badges.push({ key: 'sku', label: `SKU: ${sku}`, variant: 'outline' });
  const status = readText(attributes, 'status');
  if (status) badges.push({ key: 'status', label: status, variant: status.toLowerCase() === 'active' ? 'default' : 'secondary' });
  const network = readText(attributes, 'affiliate_network');
  if (network) badges.push({ key: 'network', label: network, variant: 'outline' });
  if (readFlag(attributes, 'is_best_seller')) badges.push({ key: 'best-seller', label: 'Best Seller', variant: 'default' });
  if (readFlag(attributes, 'is_amazon_choice')) badges.push({ key: 'amazon-choice', label: "Amazon's Choice", variant: 'default' });
  if (readFlag(attributes, 'climate_pledge_friendly')) badges.push({ key: 'eco', label: 'Eco-Friendly', variant: 'secondary' });
  const productBadge = readText(attributes, 'product_badge');
  if (productBadge) badges.push({ key: 'product-badge', label: productBadge, variant: 'destructive' });
  return badges;
}
