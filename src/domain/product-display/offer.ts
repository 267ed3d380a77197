/**
 * What may be offered for a product that cannot be bought (issue 9, point 3).
 *
 * An out-of-stock product keeps its page, its price and the spec's 'Check on {retailer}' link,
 * but nothing that presents it as something to buy now: no saving, no sale price shown as a
 * deal, no deal countdown, no delivery promise, and no urgency ('Popular Choice', 'Limited Stock',
 * a retailer's 'Deal of the Day' badge). A sale seen before the product sold out is not a deal
 * the shopper can take.
 */
import { isOnSale } from '../product.ts';

export interface OfferInput {
  inStock: boolean;
  price: number;
  salePrice: number | null | undefined;
}

/** A sale is presented only while the product is in stock and sale_price is below price. */
export function dealApplies({ inStock, price, salePrice }: OfferInput): boolean {
  return inStock && isOnSale(price, salePrice);
}

/**
 * The sale price to present, or null: the regular price alone is shown out of stock, since
 * nobody can pay the sale price of a product that is not there.
 */
export function presentedSalePrice(input: OfferInput): number | null {
  return dealApplies(input) ? (input.salePrice as number) : null;
}

/** Delivery dates, countdowns and scarcity or popularity prompts are promises about buying now. */
export function mayPromiseDelivery(inStock: boolean): boolean {
  return inStock;
}

export function mayShowUrgency(inStock: boolean): boolean {
  return inStock;
}

const DEAL_WORDING = /\b(deal|sale|save|off|discount|clearance|coupon)\b/i;

/** Retailer badge text that advertises a deal ('Limited time deal', 'Deal of the Day'). */
export function isDealWording(text: string): boolean {
  return DEAL_WORDING.test(text);
}
