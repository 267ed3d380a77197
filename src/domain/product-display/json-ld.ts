/**
 * schema.org Product JSON-LD with an Offer (issue 4: price, currency, availability), so search
 * engines can show the product's price and stock. URLs are absolute, as Google requires.
 */
import { effectivePrice, normalizeRating } from '../product.ts';
import { readText, type AttributeMap } from './attributes.ts';
import type { EditorialReview } from '../editorial/types.ts';

/** The site's own review as the page shows it: the review and its reviewer's page (absolute URL), when named. */
export interface EditorialReviewLd {
  review: EditorialReview;
  reviewer: { name: string; url: string } | null;
  /** Who speaks when no reviewer is named: the site. */
  siteName: string;
}

export interface ProductJsonLdInput {
  name: string;
  /** Plain text. */
  description: string;
  /** Absolute URL of the product page. */
  url: string;
  /** Absolute image URLs, main image first. */
  images: string[];
  price: number;
  salePrice: number | null;
  /**
   * When the price shown was checked (epoch ms), carried as the offer's validFrom (schema.org: the date when the item
   * becomes valid; priceValidUntil would promise a future the site cannot know). Null: the page shows no price, so no
   * offer; undefined: no date is known.
   */
  priceAsOf?: number | null;
  inStock: boolean;
  rating: number | null;
  ratingCount: number | null;
  attributes: AttributeMap;
  /** The editorial review, separate from the shoppers' aggregateRating. */
  editorial?: EditorialReviewLd | null;
}

/** Pros or cons as Google documents them for review snippets: an ItemList of ListItem name/position, in order. */
function notesList(notes: readonly string[]): Record<string, unknown> {
  return { '@type': 'ItemList', itemListElement: notes.map((name, index) => ({ '@type': 'ListItem', position: index + 1, name })) };
}

/**
 * The editorial Review: its score out of 10, its author (the reviewer as a Person with their page, else the site),
 * pros and cons as positiveNotes/negativeNotes, the verdict as its body and the updated day as dateModified. Null when
 * the review has nothing Google reads (no score and no notes).
 */
export function editorialReviewJsonLd({ review, reviewer, siteName }: EditorialReviewLd): Record<string, unknown> | null {
  if (review.score === null && review.pros.length === 0 && review.cons.length === 0) return null;
  const data: Record<string, unknown> = {
    '@type': 'Review',
    author: reviewer ? { '@type': 'Person', name: reviewer.name, url: reviewer.url } : { '@type': 'Organization', name: siteName },
  };
  if (review.score !== null) data.reviewRating = { '@type': 'Rating', ratingValue: review.score, bestRating: 10, worstRating: 1 };
  if (review.verdict) data.reviewBody = review.verdict;
  if (review.pros.length > 0) data.positiveNotes = notesList(review.pros);
  if (review.cons.length > 0) data.negativeNotes = notesList(review.cons);
  if (review.updatedOn) data.dateModified = review.updatedOn;
  return data;
}

/** attributes.currency when it is a three-letter code, else USD (spec section 9). */
export function currencyOf(attributes: AttributeMap): string {
  const currency = readText(attributes, 'currency')?.toUpperCase();
  return currency && /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
}

export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const { attributes } = input;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    url: input.url,
    image: input.images,
  };
  if (input.description) data.description = input.description;
  const sku = readText(attributes, 'sku');
  if (sku) data.sku = sku;
  const brand = readText(attributes, 'brand');
  if (brand) data.brand = { '@type': 'Brand', name: brand };
  const rating = normalizeRating(input.rating);
  // Google ignores an aggregateRating without a count, and a rating of 0 is no rating.
  if (rating !== null && rating > 0 && input.ratingCount !== null && input.ratingCount > 0) {
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: rating, bestRating: 5, worstRating: 1, ratingCount: input.ratingCount };
  }
  const editorial = input.editorial ? editorialReviewJsonLd(input.editorial) : null;
  if (editorial) data.review = editorial;
  // Google wants the markup to match the page: a page that shows no price offers none.
  if (input.priceAsOf === null) return data;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url: input.url,
    price: effectivePrice(input.price, input.salePrice).toFixed(2),
    priceCurrency: currencyOf(attributes),
    availability: input.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
  if (input.priceAsOf !== undefined) offer.validFrom = new Date(input.priceAsOf).toISOString();
  data.offers = offer;
  return data;
}
