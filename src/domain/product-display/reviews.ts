/**
 * Review content of the detail page (spec section 2): the two review excerpts kept in
 * specifications (review_N_title, review_N_text, review_N_rating), the short quotes kept in
 * attributes (review_1, review_2), and the review counts.
 */
import { readNumber, readText, type AttributeMap } from './attributes.ts';

export const MAX_REVIEW_EXCERPTS = 2;

export interface ReviewExcerpt {
  title: string | null;
  text: string;
  /** 0–5, or null when the excerpt has no usable rating. */
  rating: number | null;
}

/** Up to two excerpts, each needing its text; title and rating are optional. */
export function reviewExcerpts(specifications: AttributeMap): ReviewExcerpt[] {
  const excerpts: ReviewExcerpt[] = [];
  for (let n = 1; n <= MAX_REVIEW_EXCERPTS; n++) {
    const text = readText(specifications, `review_${n}_text`);
    if (!text) continue;
    const rating = readNumber(specifications, `review_${n}_rating`);
    excerpts.push({
      title: readText(specifications, `review_${n}_title`),
      text,
      rating: rating !== null && rating >= 0 && rating <= 5 ? rating : null,
    });
  }
  return excerpts;
}

/** specifications.total_reviews_fetched: how many reviews the excerpts were drawn from. */
export function reviewsFetched(specifications: AttributeMap): number | null {
  const count = readNumber(specifications, 'total_reviews_fetched');
  return count !== null && count > 0 ? Math.round(count) : null;
}

/** The short customer quotes for "Why customers choose this" (attributes review_1 and review_2). */
export function reviewQuotes(attributes: AttributeMap): string[] {
  return ['review_1', 'review_2'].map((key) => readText(attributes, key)).filter((quote): quote is string => quote !== null);
}

/** The number of customer ratings: product_num_ratings, else the reviews fetched; null when unknown. */
export function ratingsCount(attributes: AttributeMap, specifications: AttributeMap): number | null {
  const ratings = readNumber(attributes, 'product_num_ratings');
  if (ratings !== null && ratings > 0) return Math.round(ratings);
  return reviewsFetched(specifications);
}
