/**
 * Quick facts beside the price (spec section 2: product detail): the saving in dollars and percent
 * during a sale, FSA/HSA eligibility, Climate Pledge Friendly and a delivery line. Out of stock
 * there is neither a saving nor a delivery to promise (offer.ts).
 */
import { formatPrice } from '../money.ts';
import { discountPercent, isOnSale } from '../product.ts';
import { readFlag, readText, type AttributeMap } from './attributes.ts';
import { isPrimeEligible } from './highlights.ts';
import { dealApplies, mayPromiseDelivery } from './offer.ts';

export interface QuickFact {
  key: 'saving' | 'fsa-hsa' | 'climate' | 'delivery';
  text: string;
}

/** "Save $20.00 (20%)" during a sale; null otherwise. */
export function savingText(price: number, salePrice: number | null | undefined): string | null {
  if (!isOnSale(price, salePrice)) return null;
  return `Save ${formatPrice(price - salePrice)} (${discountPercent(price, salePrice)}%)`;
}

const deliveryDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The delivery line: "Delivery by {date}" when delivery_date is a date; otherwise "Fast, FREE delivery"
 * when the product is Prime eligible; otherwise the retailer's own delivery text, if any. (The spec
 * also shows "Fast, FREE delivery" when a date exists but cannot be read; a retailer's text such as
 * "Standard shipping $5.99" is shown as it is rather than promised free.)
 */
export function deliveryText(attributes: AttributeMap): string | null {
  const date = readText(attributes, 'delivery_date');
  if (date) {
    // A bare date is a calendar day: read it as UTC so no time zone moves it to the day before.
    const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
    return Number.isFinite(time) ? `Delivery by ${deliveryDate.format(time)}` : 'Fast, FREE delivery';
  }
  if (isPrimeEligible(attributes)) return 'Fast, FREE delivery';
  return readText(attributes, 'delivery');
}

export interface QuickFactOptions {
  /** Defaults to true; out of stock leaves out the saving and the delivery line. */
  inStock?: boolean;
}

export function quickFacts(
  price: number,
  salePrice: number | null | undefined,
  attributes: AttributeMap,
  { inStock = true }: QuickFactOptions = {},
): QuickFact[] {
  const facts: QuickFact[] = [];
  const saving = dealApplies({ inStock, price, salePrice }) ? savingText(price, salePrice) : null;
  if (saving) facts.push({ key: 'saving', text: saving });
  if (readFlag(attributes, 'fsa_hsa_eligible')) facts.push({ key: 'fsa-hsa', text: 'FSA/HSA eligible' });
  if (readFlag(attributes, 'climate_pledge_friendly')) facts.push({ key: 'climate', text: 'Climate Pledge Friendly' });
  const delivery = mayPromiseDelivery(inStock) ? deliveryText(attributes) : null;
  if (delivery) facts.push({ key: 'delivery', text: delivery });
  return facts;
}
