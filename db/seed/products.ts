/**
 * The demo catalogue generator. Pure and deterministic: product i is drawn from
 * its own PRNG stream, so the same count always yields the same products (and a
 * larger count extends a smaller one); only timestamps move with `now`.
 */
import type { NewProduct } from '../schema.ts';
import { productTypes, type ProductType, type TypeReview } from './catalogue/index.ts';
import type { CategorySlug } from './categories.ts';
import { BUDGET_MAX_PRICE } from './category-fit.ts';
import { describe } from './description.ts';
import { createRandom, type Random } from './random.ts';
import {
  networkOf,
  pickRetailer,
  platformOf,
  productCode,
  productUrl,
  retailerLabels,
  type AffiliatePlatform,
  type Retailer,
} from './retailers.ts';
import { slugify } from '../../src/domain/slug.ts';

export interface CategoryRef {
  id: number;
  slug: string;
}

/** The affiliate_links row that goes with a product (its id is known only after insert). */
export interface GeneratedAffiliateLink {
  originalUrl: string;
  platform: AffiliatePlatform;
  platformProductId: string;
  status: 'active';
}

export interface GeneratedProduct {
  product: NewProduct;
  affiliateLink: GeneratedAffiliateLink;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIN_PRICE = 5;
const MAX_PRICE = 2500;
const IMAGE_VARIANTS = ['a', 'b', 'c'] as const;
/** Product-agnostic gallery shots that follow a product's own illustrations. */
const GALLERY_EXTRAS = ['/images/products/gallery-box.svg', '/images/products/gallery-detail.svg', '/images/products/gallery-lifestyle.svg'];

/** A fixed shuffle of the types, so consecutive products differ and every type gets its share. */
const typeOrder: readonly ProductType[] = createRandom('repwell-demo:type-order').sample(productTypes, productTypes.length);

export function generateProducts(count: number, now: Date, categories: readonly CategoryRef[]): GeneratedProduct[] {
  const categoryIds = new Map(categories.map((category) => [category.slug, category.id]));
  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const usedCodes = new Set<string>();
  const products: GeneratedProduct[] = [];
  for (let index = 0; index < count; index++) {
    const random = createRandom(`repwell-demo:product:${index}`);
    const type = typeOrder[index % typeOrder.length] as ProductType;
    products.push(generateProduct({ index, type, random, now: now.getTime(), categoryIds, usedNames, usedSlugs, usedCodes }));
  }
  return products;
}

interface Context {
  index: number;
  type: ProductType;
  random: Random;
  now: number;
  categoryIds: ReadonlyMap<string, number>;
  usedNames: Set<string>;
  usedSlugs: Set<string>;
  usedCodes: Set<string>;
}

function generateProduct(context: Context): GeneratedProduct {
  const { type, random, now } = context;
  const brand = random.pick(type.makers.brands);
  const series = random.pick(type.makers.series);
  const variantIndex = random.int(0, type.variants.length - 1);
  const variant = type.variants[variantIndex] ?? '';
  const { name, model } = uniqueName(context, brand, series, variant);
  const slug = uniqueSlug(context.usedSlugs, slugify(name));

  const position = (variantIndex + random.next()) / type.variants.length;
  const price = roundPrice(type.price[0] * (type.price[1] / type.price[0]) ** position);
  const saleRoll = random.next();
  const onSale = saleRoll < 0.3;
  // A few products carry a sale price at or above the price: the spec says those are not sales.
  const salePrice = onSale ? salePriceBelow(price, random) : saleRoll < 0.32 ? (random.chance(0.5) ? price : roundPrice(price * 1.08)) : null;
  const effectivePrice = onSale && salePrice !== null ? salePrice : price;
  const rating = pickRating(random);
  const availability = random.chance(0.96);
  const inStock = availability && random.chance(0.87);

  const retailer = pickRetailer(random);
  const code = uniqueCode(context, retailer);
  const isAmazon = retailer === 'amazon';
  const affiliateUrl = productUrl({
    retailer,
    code,
    slug,
    brandSlug: slugify(brand),
    longForm: isAmazon && random.chance(0.15),
    title: name,
  });
  const commissionRate = commissionFor(retailer, type, random);
  const createdAt = new Date(now - Math.floor(random.float(0, 400) * DAY));
  const updatedAt = new Date(createdAt.getTime() + Math.floor(random.float(0, Math.min(60, (now - createdAt.getTime()) / DAY)) * DAY));
  // Two draws kept (they once made stored counters) so every later choice, and the demo catalogue, stays as it was.
  // Clicks, conversions and revenue now come from the seeded events (history.ts), from which the counters are derived.
  random.next();
  random.next();

  const categorySlug = pickCategory(type, effectivePrice, random);
  const categoryId = context.categoryIds.get(categorySlug) ?? context.categoryIds.get('uncategorized') ?? null;
  const imageVariant = random.pick(IMAGE_VARIANTS);
  const imageUrl = random.chance(0.02) ? null : `/images/products/${type.image}-${imageVariant}.svg`;
  const specs = pickSpecs(type, variant, random);
  const reviews = pickReviews(type, rating, random);
  const numRatings = isAmazon ? (random.chance(0.88) ? ratingCount(random) : undefined) : random.chance(0.4) ? ratingCount(random) : undefined;

  const description = describe(random, { type, model, warranty: specs.warranty, retailerLabel: retailerLabels[retailer] });
  const attributes = buildAttributes({
    ...context,
    brand,
    name,
    variant,
    price,
    salePrice: onSale ? salePrice : null,
    effectivePrice,
    rating,
    retailer,
    code,
    affiliateUrl,
    createdAt,
    imageVariant,
    numRatings,
    attributeQuotes: reviews.quotes,
  });
  const specifications = buildSpecifications(random, specs, reviews.excerpts, numRatings, isAmazon ? code : undefined);

  return {
    product: {
      name,
      slug,
      description,
      price,
      salePrice,
      imageUrl,
      rating,
      availability,
      inStock,
      categoryId,
      affiliateUrl,
      affiliateSource: retailer,
      commissionRate,
      specifications,
      attributes,
      createdAt,
      updatedAt,
    },
    affiliateLink: { originalUrl: affiliateUrl, platform: platformOf(retailer), platformProductId: code, status: 'active' },
  };
}

function uniqueName(context: Context, brand: string, series: string, variant: string): { name: string; model: string } {
  for (let generation = 1; ; generation++) {
    const model = generation === 1 ? `${brand} ${series}` : `${brand} ${series} ${generation}`;
    const name = `${model} ${context.type.noun}, ${variant}`;
    if (!context.usedNames.has(name)) {
      context.usedNames.add(name);
      return { name, model };
    }
  }
}

function uniqueSlug(used: Set<string>, base: string): string {
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

function uniqueCode(context: Context, retailer: Retailer): string {
  for (;;) {
    const code = productCode(retailer, context.random);
    if (!context.usedCodes.has(code)) {
      context.usedCodes.add(code);
      return code;
    }
  }
}

/** Retail-style endings: $7.99, $34.95, $299.99. */
function roundPrice(raw: number): number {
  const value = Math.min(MAX_PRICE, Math.max(MIN_PRICE, raw));
  if (value < 100) return Math.floor(value) + (Math.floor(value) % 5 === 4 ? 0.95 : 0.99);
  return Math.max(MIN_PRICE, Math.round(value / 10) * 10 - 0.01);
}

function salePriceBelow(price: number, random: Random): number {
  const sale = roundPrice(price * (1 - random.float(0.08, 0.4)));
  return sale < price ? sale : Math.round((price - 1) * 100) / 100;
}

/** Mostly 3.5 to 4.9, a few low ones, a few unrated. */
function pickRating(random: Random): number | null {
  const roll = random.next();
  if (roll < 0.03) return null;
  if (roll < 0.09) return Math.round(random.float(1, 3.4) * 10) / 10;
  // The mean of two uniforms leans towards the middle of the range (about 4.2).
  return Math.round((3.5 + ((random.next() + random.next()) / 2) * 1.4) * 10) / 10;
}

/** Spans a few dozen to tens of thousands, so the 1000+ highlight applies to some. */
function ratingCount(random: Random): number {
  return Math.round(8 * (60000 / 8) ** random.next());
}

function commissionFor(retailer: Retailer, type: ProductType, random: Random): number {
  const first = type.categories[0];
  switch (retailer) {
    case 'amazon':
      return first === 'health-supplements' || first === 'nutrition' ? 1 : first === 'office' || first === 'home' ? 4 : 3;
    case 'bestbuy':
      return 1;
    case 'costco':
      return 2;
    default:
      return Math.round(random.float(1, 8) * 10) / 10;
  }
}

function pickCategory(type: ProductType, effectivePrice: number, random: Random): CategorySlug {
  if (random.chance(0.04)) return 'uncategorized';
  if (effectivePrice < 30 && random.chance(0.2)) return 'budget';
  const roll = random.next();
  const candidates = type.categories;
  const picked = (
    candidates.length === 1 || roll < 0.55 ? candidates[0] : candidates.length === 2 || roll < 0.85 ? candidates[1] : candidates[2]
  ) as CategorySlug;
  // Budget Picks promises products under $40 (category-fit.ts): a dearer variant goes to the type's first other category.
  if (picked === 'budget' && effectivePrice >= BUDGET_MAX_PRICE) return candidates.find((slug) => slug !== 'budget') ?? 'uncategorized';
  return picked;
}

/** One value of each entry (most of them), then what the variant fixes, so the name and the specifications agree. */
function pickSpecs(type: ProductType, variant: string, random: Random): Record<string, string> {
  const specs: Record<string, string> = {};
  for (const [key, values] of Object.entries(type.specs)) {
    if (values.length > 0 && random.chance(0.85)) specs[key] = random.pick(values);
  }
  return { ...specs, ...type.variantSpecs?.[variant] };
}

interface PickedReviews {
  /** Two full reviews for the specifications, or none (about 40% of products). */
  excerpts: TypeReview[];
  /** Two short quotes for attributes.review_1/2, when the product has them. */
  quotes: string[];
}

/** Well-rated products show their praise; weaker ones include the critical review. */
function pickReviews(type: ProductType, rating: number | null, random: Random): PickedReviews {
  const sorted = [...type.reviews].sort((a, b) => b.rating - a.rating);
  const critical = sorted.slice(2);
  const excerpts =
    rating === null || !random.chance(0.6)
      ? []
      : rating >= 4
        ? random.sample(sorted.slice(0, 3), 2)
        : [random.pick(sorted.slice(0, 2)), random.pick(critical.length > 0 ? critical : sorted)];
  const rest = type.reviews.filter((review) => !excerpts.includes(review));
  const quotes = random.chance(0.4) ? random.sample(rest, 2).map((review) => review.text) : [];
  return { excerpts, quotes };
}

interface AttributeInput extends Context {
  brand: string;
  name: string;
  variant: string;
  price: number;
  salePrice: number | null;
  effectivePrice: number;
  rating: number | null;
  retailer: Retailer;
  code: string;
  affiliateUrl: string;
  createdAt: Date;
  imageVariant: (typeof IMAGE_VARIANTS)[number];
  numRatings: number | undefined;
  attributeQuotes: string[];
}

const CTAS = ['Buy Now', 'Check Price', 'View Deal', 'Shop Now', "See Today's Price"];
const DELIVERY = ['FREE delivery', 'FREE delivery on orders over $35', 'Fast, FREE delivery with Prime', 'FREE 2-day shipping', 'Standard shipping $5.99'];
const BADGES = ['Limited time deal', 'Best Seller', 'Overall Pick', 'New Release', 'Top Rated', 'Deal of the Day'];
const SALES_BANDS: readonly (readonly number[])[] = [
  [50, 60, 70, 80, 90],
  [100, 150, 200, 300, 400, 500],
  [600, 700, 800, 900],
  [1000, 2000, 3000, 5000, 10000],
];

function buildAttributes(input: AttributeInput): Record<string, unknown> {
  const { random, type, retailer, now } = input;
  const isAmazon = retailer === 'amazon';
  const imported = random.chance(0.15);
  const onSale = input.salePrice !== null;
  const attributes: Record<string, unknown> = {
    sku: `RW-${type.code}-${String(input.index + 1).padStart(5, '0')}`,
    brand: input.brand,
    status: imported ? 'Published' : 'active',
  };
  if (isAmazon) attributes.asin = input.code;
  if (random.chance(0.9)) attributes.currency = 'USD';
  if (random.chance(0.3)) attributes.cta = random.pick(CTAS);
  if (random.chance(0.7)) attributes.affiliate_network = networkOf(retailer);

  const gallery = galleryFor(type, input.imageVariant, random);
  if (gallery.length > 0) attributes.gallery_image_urls = gallery;
  if (random.chance(0.9)) attributes.tags = random.sample(type.tags, random.int(2, Math.min(5, type.tags.length)));
  const [quote1, quote2] = input.attributeQuotes;
  if (quote1 !== undefined) attributes.review_1 = quote1;
  if (quote2 !== undefined) attributes.review_2 = quote2;

  const unitCount = unitCountFor(type, input.variant, random);
  if (unitCount !== undefined) {
    attributes.unit_count = unitCount;
    if (unitCount > 1) attributes.unit_price = Math.round((input.effectivePrice / unitCount) * 100) / 100;
  }

  if (input.numRatings !== undefined) attributes.product_num_ratings = input.numRatings;
  if (isAmazon ? random.chance(0.65) : random.chance(0.15)) {
    const band = random.pick([0, 1, 1, 1, 2, 3, 3]);
    attributes.sales_volume = random.pick(SALES_BANDS[band] ?? [100]);
  }
  if (random.chance(isAmazon ? 0.5 : 0.1)) {
    const offers = random.int(1, 18);
    attributes.product_num_offers = offers;
    if (offers > 1) attributes.product_minimum_offer_price = Math.round(input.effectivePrice * random.float(0.85, 1) * 100) / 100;
  }
  if (onSale || (isAmazon && random.chance(0.2))) attributes.product_original_price = input.price;
  if (onSale) attributes.discount_percentage = Math.round(((input.price - input.effectivePrice) / input.price) * 100);

  if (isAmazon) {
    if (random.chance(0.3)) attributes.is_best_seller = random.chance(0.3);
    if (random.chance(0.12)) attributes.is_amazon_choice = true;
    const prime = random.chance(0.75);
    // Imported rows use the CSV's spelling of the Prime flag.
    attributes[imported ? 'prime_eligible' : 'is_prime'] = prime;
    if (random.chance(0.1)) attributes.coupon_text = random.chance(0.5) ? `Save ${random.pick([5, 10, 15, 20])}% with coupon` : `Save $${random.int(2, 25)}.00 with coupon`;
  } else if (random.chance(0.05)) {
    attributes.is_best_seller = true;
  }
  if (random.chance(0.07)) attributes.climate_pledge_friendly = true;
  if (type.fsaHsa && random.chance(0.8)) attributes.fsa_hsa_eligible = true;
  if (type.variants.length > 1 && random.chance(0.5)) attributes.has_variations = true;
  if (random.chance(0.4)) attributes.delivery = random.pick(DELIVERY);
  if (random.chance(0.3)) attributes.delivery_date = isoDate(new Date(now + random.int(1, 7) * DAY));
  if (random.chance(0.35)) attributes.product_byline = random.chance(0.5) ? `Visit the ${input.brand} Store` : `Brand: ${input.brand}`;
  if (random.chance(0.12)) attributes.product_badge = random.pick(BADGES);
  if (random.chance(0.06)) attributes.limited_stock = true;
  if (onSale) {
    const roll = random.next();
    // Within the next day (the card's 'Deal ends in {n}h' window), later, or already past.
    if (roll < 0.15) attributes.deal_end_date = new Date(now + random.int(2 * 60, 23 * 60) * 60_000).toISOString();
    else if (roll < 0.3) attributes.deal_end_date = new Date(now + random.int(2, 14) * DAY).toISOString();
    else if (roll < 0.38) attributes.deal_end_date = new Date(now - random.int(1, 30) * DAY).toISOString();
  }
  if (input.rating !== null && input.rating >= 3.5 && random.chance(0.17)) attributes.is_featured = true;
  if (type.electronics && (type.electronics.variant === undefined || input.variant.includes(type.electronics.variant))) {
    attributes.standing_screen_display_size = random.pick(type.electronics.screen);
    attributes.memory_storage_capacity = random.pick(type.electronics.storage);
    attributes.ram_memory_installed_size = random.pick(type.electronics.ram);
  }
  if (imported) addImportMarkers(attributes, input, gallery);
  if (random.chance(0.1)) {
    attributes.updated = true;
    attributes.updatedAt = new Date(input.createdAt.getTime() + random.float(0, 1) * (now - input.createdAt.getTime())).toISOString();
  }
  return attributes;
}

/** What a product created by the CSV importer carries. */
function addImportMarkers(attributes: Record<string, unknown>, input: AttributeInput, gallery: string[]): void {
  const { random } = input;
  attributes.imported = true;
  attributes.importedAt = input.createdAt.toISOString();
  attributes.date_added = isoDate(input.createdAt);
  if (gallery.length > 0) attributes.gallery_images = gallery.slice(0, 3);
  if (random.chance(0.7)) {
    attributes.csvImport = true;
    attributes.csvRow = random.int(2, 400);
  }
  if (random.chance(0.4)) {
    attributes.originalCsvData = {
      title: input.name,
      affiliate_link: input.affiliateUrl,
      price: input.price.toFixed(2),
      sku: attributes.sku,
      status: 'Published',
    };
  }
}

function galleryFor(type: ProductType, first: (typeof IMAGE_VARIANTS)[number], random: Random): string[] {
  if (!random.chance(0.85)) return [];
  const start = IMAGE_VARIANTS.indexOf(first);
  const own = IMAGE_VARIANTS.map((_, i) => `/images/products/${type.image}-${IMAGE_VARIANTS[(start + i) % IMAGE_VARIANTS.length]}.svg`);
  return [...own, ...GALLERY_EXTRAS].slice(0, random.int(2, 6));
}

const UNITS_IN_VARIANT = /(\d+)\s*(Count|Sticks|Servings|Pack|Tiles|Loops)\b/i;

function unitCountFor(type: ProductType, variant: string, random: Random): number | undefined {
  if (/\bPair\b/.test(variant)) return 2;
  if (/\bSingle\b/.test(variant)) return 1;
  const stated = UNITS_IN_VARIANT.exec(variant);
  if (stated && !/Loops/i.test(stated[2] ?? '')) return Number(stated[1]);
  if (type.units) {
    const [low, high] = type.units;
    return low === high ? low : Math.round(random.float(low, high) / 5) * 5 || low;
  }
  return random.chance(0.4) ? 1 : undefined;
}

function buildSpecifications(
  random: Random,
  specs: Record<string, string>,
  excerpts: TypeReview[],
  numRatings: number | undefined,
  asin: string | undefined,
): Record<string, unknown> {
  const specifications: Record<string, unknown> = { ...specs };
  if (asin !== undefined) specifications.asin = asin;
  const [first, second] = excerpts;
  if (first && second) {
    specifications.total_reviews_fetched = Math.min(numRatings ?? 120, random.int(8, 120));
    specifications.review_1_title = first.title;
    specifications.review_1_text = first.text;
    specifications.review_1_rating = first.rating;
    specifications.review_2_title = second.title;
    specifications.review_2_text = second.text;
    specifications.review_2_rating = second.rating;
  }
  // Some entries are JSON rather than text; the detail page lists only the text ones.
  if (random.chance(0.1)) specifications.shipping = { ships_from: 'United States', returns: random.pick(['30-day returns', '90-day returns']) };
  return specifications;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
