/**
 * The compact product a card needs (spec section 2: product cards), built once at build time.
 *
 * The catalogue ships this shape as JSON for every product, so it holds only what cards and the
 * catalogue's filters read, with each rule's input already reduced: the buy link is already
 * tagged, the call to action already worded, a sale price present only during a sale, and
 * optional fields left out (not `false`/`null`) when they do not apply.
 */
import { taggedAffiliateUrl } from './affiliate-url.ts';
import { readFlag, readNumber, readTime, type AttributeMap } from './product-display/attributes.ts';
import { callToAction } from './product-display/cta.ts';
import { isPopularChoice } from './product-display/card-badges.ts';
import { dealMayStillShow } from './product-display/deal.ts';
import { mayShowUrgency, presentedSalePrice } from './product-display/offer.ts';
import { DEFAULT_STALE_AFTER_HOURS, isPriceStale, priceStaleAt } from './product-display/price-age.ts';
import { socialProofTags, type SocialProofTag } from './product-display/social-proof.ts';
import { DEFAULT_CTA, discountPercent, isOnSale } from './product.ts';
import type { EditorialReview } from './editorial/types.ts';

export interface CatalogueCategory {
  name: string;
  slug: string;
}

export interface CatalogueProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  /** Present (not null) only when a sale applies: sale_price below price. */
  salePrice: number | null;
  /** Null when the product has no image (cards show the placeholder). */
  imageUrl: string | null;
  rating: number | null;
  inStock: boolean;
  category: CatalogueCategory | null;
  /** Epoch milliseconds, for newest/oldest sorting. */
  createdAt: number;
  /** The buy link, already Amazon-tagged and checked to be http(s); null when unusable. */
  affiliateUrl: string | null;
  /** The button's wording when it is not 'Buy Now' (see product-display/cta.ts). */
  cta?: string;
  /** attributes.sales_volume (Popular Choice above 500). */
  salesVolume?: number;
  /** attributes.product_num_ratings (review count, "K" from 1000). */
  numRatings?: number;
  /** Epoch milliseconds of attributes.deal_end_date, only when a countdown may still show. */
  dealEndsAt?: number;
  bestSeller?: true;
  amazonChoice?: true;
  limitedStock?: true;
  climatePledge?: true;
  fsaHsa?: true;
  featured?: true;
  /**
   * When the price was last checked (epoch ms) and when it stops being shown, both present only while the price was
   * fresh at build time; absent, the card shows 'Check price on {retailer}' and no amount (product-display/price-age.ts).
   */
  priceAsOf?: number;
  priceStaleAt?: number;
  /** The editorial review's award label and score (1 to 10), each only when the review has it. */
  award?: string;
  score?: number;
}

/** What toCatalogueProduct reads: the products collection's entry data (src/content.config.ts) satisfies it. */
export interface ProductSource {
  id: number;
  slug: string;
  name: string;
  price: number;
  salePrice: number | null;
  imageUrl: string | null;
  rating: number | null;
  inStock: boolean;
  category: CatalogueCategory | null;
  createdAt: Date;
  affiliateUrl: string;
  affiliateSource: string;
  attributes: AttributeMap;
  /** When the price was last checked; null or absent: never (shown as stale). */
  priceCheckedAt?: Date | null;
  /** The site's editorial review; cards show its award and score. */
  review?: Pick<EditorialReview, 'award' | 'score'> | null;
}

export interface CatalogueOptions {
  /** AMAZON_ASSOCIATE_TAG, read by the page at build time (src/server/env.ts). */
  amazonTag: string;
  /** The build's clock, to leave out deals that have already ended and prices already stale; defaults to now. */
  now?: number;
  /** The admin's stale limit (settings, product-display/price-age.ts). */
  staleAfterHours?: number;
}

export function toCatalogueProduct(
  source: ProductSource,
  { amazonTag, now = Date.now(), staleAfterHours = DEFAULT_STALE_AFTER_HOURS }: CatalogueOptions,
): CatalogueProduct {
  const { attributes } = source;
  const product: CatalogueProduct = {
    id: source.id,
    slug: source.slug,
    name: source.name,
    price: source.price,
    salePrice: isOnSale(source.price, source.salePrice) ? source.salePrice : null,
    imageUrl: source.imageUrl?.trim() || null,
    rating: source.rating,
    inStock: source.inStock,
    category: source.category ? { name: source.category.name, slug: source.category.slug } : null,
    createdAt: source.createdAt.getTime(),
    affiliateUrl: taggedAffiliateUrl(source.affiliateUrl, amazonTag),
  };
  const cta = callToAction({ inStock: source.inStock, affiliateSource: source.affiliateSource, affiliateUrl: source.affiliateUrl, attributes });
  if (cta !== DEFAULT_CTA) product.cta = cta;
  const salesVolume = readNumber(attributes, 'sales_volume');
  if (salesVolume !== null && salesVolume > 0) product.salesVolume = salesVolume;
  const numRatings = readNumber(attributes, 'product_num_ratings');
  if (numRatings !== null && numRatings > 0) product.numRatings = Math.round(numRatings);
  const dealEndsAt = readTime(attributes, 'deal_end_date');
  if (dealMayStillShow(dealEndsAt, now)) product.dealEndsAt = dealEndsAt;
  if (readFlag(attributes, 'is_best_seller')) product.bestSeller = true;
  if (readFlag(attributes, 'is_amazon_choice')) product.amazonChoice = true;
  if (readFlag(attributes, 'limited_stock')) product.limitedStock = true;
  if (readFlag(attributes, 'climate_pledge_friendly')) product.climatePledge = true;
  if (readFlag(attributes, 'fsa_hsa_eligible')) product.fsaHsa = true;
  if (readFlag(attributes, 'is_featured')) product.featured = true;
  const checkedAt = source.priceCheckedAt?.getTime() ?? null;
  if (checkedAt !== null && !isPriceStale(checkedAt, staleAfterHours, now)) {
    product.priceAsOf = checkedAt;
    product.priceStaleAt = priceStaleAt(checkedAt, staleAfterHours)!;
  }
  if (source.review?.award) product.award = source.review.award;
  if (source.review?.score != null) product.score = source.review.score;
  return product;
}

/** What a card presents about price and urgency, after the out-of-stock rule (product-display/offer.ts). */
export interface CardOffer {
  /** Whether the price may be shown at all: false once it is stale (no amount, saving or countdown). */
  priceShown: boolean;
  /** The sale price to show in red beside the struck regular price; null shows the price alone. */
  salePrice: number | null;
  /** The rounded percentage saved for the "-25%" badge; 0 for none. */
  percentOff: number;
  popularChoice: boolean;
  /** The deal's end, for the "Deal ends in {n}h" countdown; undefined for none. */
  dealEndsAt: number | undefined;
  socialProof: SocialProofTag[];
}

/**
 * The card's offer: the catalogue data keeps the stored sale and flags (its filters and sorting
 * read them), and this decides what a shopper is shown. Out of stock: the price alone, no sale
 * badge, no countdown, no Popular Choice, no Limited Stock. A stale price: no amount, no sale badge, no countdown.
 */
export function cardOffer(product: CatalogueProduct, now = Date.now()): CardOffer {
  const priceShown = product.priceStaleAt !== undefined && now < product.priceStaleAt;
  const salePrice = priceShown ? presentedSalePrice(product) : null;
  const urgent = mayShowUrgency(product.inStock);
  return {
    priceShown,
    salePrice,
    percentOff: salePrice === null ? 0 : discountPercent(product.price, salePrice),
    popularChoice: urgent && isPopularChoice(product.salesVolume),
    dealEndsAt: salePrice === null ? undefined : product.dealEndsAt,
    socialProof: socialProofTags({ ...product, limitedStock: urgent && product.limitedStock === true }),
  };
}
