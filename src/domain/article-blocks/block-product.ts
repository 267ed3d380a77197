/**
 * A product as a block shows it: the card's compact shape (tagged buy link, worded call to action, price with its age,
 * stock) plus the site's review where there is one, and the specifications a table may name. The review is read
 * defensively: it may be null, partly filled or from an older shape, and a field that is not usable is left out.
 */
import { toCatalogueProduct, type CatalogueOptions, type CatalogueProduct, type ProductSource } from '../product-card.ts';
import { normalizeRating } from '../product.ts';
import { rowLabel, specName, type RowKey } from './block-markup.ts';

export interface BlockReview {
  award: string | null;
  /** 1 to 10. */
  score: number | null;
  verdict: string | null;
  bestFor: string | null;
  skipIf: string | null;
}

export interface BlockProduct extends CatalogueProduct {
  review: BlockReview;
  specifications: Record<string, unknown>;
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/** The review's fields a block shows, from whatever the products.review column holds. */
export function readBlockReview(value: unknown): BlockReview {
  const review = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const score = typeof review.score === 'number' && Number.isFinite(review.score) && review.score >= 1 && review.score <= 10 ? review.score : null;
  return {
    award: text(review.award, 30),
    score,
    verdict: text(review.verdict, 600),
    bestFor: text(review.bestFor, 200),
    skipIf: text(review.skipIf, 200),
  };
}

export function toBlockProduct(source: ProductSource & { specifications?: unknown; review?: unknown }, options: CatalogueOptions): BlockProduct {
  const specifications = typeof source.specifications === 'object' && source.specifications !== null ? (source.specifications as Record<string, unknown>) : {};
  return { ...toCatalogueProduct(source, options), review: readBlockReview(source.review), specifications };
}

/** '8.5/10'. */
export function formatScore(score: number): string {
  return `${Number.isInteger(score) ? score.toFixed(0) : score.toFixed(1)}/10`;
}

const specKey = (name: string) => name.replace(/[_\s]+/g, ' ').trim().toLowerCase();

/** Review excerpts and links live in specifications too; the product page never lists them as specifications. */
function isHiddenSpec(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.includes('review') || lower.includes('url') || lower === 'asin';
}

/** The specification names a table may offer as rows, from a product's specifications, as the product page labels them. */
export function specificationNames(specifications: Record<string, unknown>): string[] {
  return Object.entries(specifications)
    .filter(([key, value]) => !isHiddenSpec(key) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .map(([key]) => key.replace(/_/g, ' ').trim())
    .filter((name) => name !== '');
}

/** The dash a table shows for a field a product lacks, read out as such. */
export const NO_VALUE = '—';

/**
 * A table cell as text, for every row but price (the price cell shows the price with its age, as cards do). A
 * specification is matched by name as the product page labels it (underscores are spaces) and ignoring case, so
 * 'Water resistance' finds water_resistance. Only values the product page would show (text) and numbers and yes/no.
 */
export function tableCellText(key: Exclude<RowKey, 'price'>, product: Pick<BlockProduct, 'review' | 'rating' | 'inStock' | 'specifications'>): string {
  switch (key) {
    case 'score':
      return product.review.score === null ? NO_VALUE : formatScore(product.review.score);
    case 'rating': {
      const rating = normalizeRating(product.rating);
      return rating === null ? 'Not yet rated' : `${rating.toFixed(1)} out of 5`;
    }
    case 'award':
      return product.review.award ?? NO_VALUE;
    case 'best-for':
      return product.review.bestFor ?? NO_VALUE;
    case 'skip-if':
      return product.review.skipIf ?? NO_VALUE;
    case 'stock':
      return product.inStock ? 'In stock' : 'Out of stock';
    default: {
      const name = specKey(specName(key)!);
      const entry = Object.entries(product.specifications).find(([spec]) => !isHiddenSpec(spec) && specKey(spec) === name);
      const value = entry?.[1];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'boolean') return value ? 'Yes' : 'No';
      return NO_VALUE;
    }
  }
}

export { rowLabel };
