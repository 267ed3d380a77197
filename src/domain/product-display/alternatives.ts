/**
 * A product page's alternatives: up to four other products a shopper could buy instead.
 *
 * The rule, as plain functions:
 * - candidates are in the same category, listed (availability on; drafts never reach the build) and in stock;
 * - the four nearest in price win (price: the sale price while a sale applies, else the price), ties on distance
 *   going to the higher editorial score, then the higher shoppers' rating, then the lower id (the older product);
 * - the four are shown best scored first (unscored last), then nearest in price, then by rating, then by id.
 * A product without a category has no alternatives (uncategorized products are not alike).
 */
import { effectivePrice } from '../product.ts';

export const MAX_ALTERNATIVES = 4;

/** What the rule reads of a product: the products collection's entry data satisfies it. */
export interface AlternativeSource {
  id: number;
  price: number;
  salePrice: number | null;
  availability: boolean;
  inStock: boolean;
  rating: number | null;
  category: { slug: string } | null;
  review?: { score: number | null } | null;
}

interface Candidate {
  id: number;
  price: number;
  score: number | null;
  rating: number | null;
}

function candidateOf(product: AlternativeSource): Candidate {
  return { id: product.id, price: effectivePrice(product.price, product.salePrice), score: product.review?.score ?? null, rating: product.rating };
}

/** Higher first, null last. */
const higherFirst = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);

export function isAlternativeCandidate(product: AlternativeSource): boolean {
  return product.availability && product.inStock && product.category !== null;
}

/**
 * The alternatives of one product among candidates of its category sorted by price (then id). Only the nearest few
 * on each side of its price can win, so this looks at those alone: a page build stays linear in the catalogue.
 */
function nearest(target: Candidate, sorted: readonly Candidate[]): Candidate[] {
  // The first candidate priced at or above the target.
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.price < target.price) low = middle + 1;
    else high = middle;
  }
  const picked: Candidate[] = [];
  // Each side gives its MAX_ALTERNATIVES nearest, plus any tied in price with the last of them (ties go by score).
  const walk = (start: number, step: 1 | -1) => {
    let taken = 0;
    let lastPrice: number | undefined;
    for (let index = start; index >= 0 && index < sorted.length; index += step) {
      const candidate = sorted[index]!;
      if (candidate.id === target.id) continue;
      if (taken >= MAX_ALTERNATIVES && candidate.price !== lastPrice) break;
      picked.push(candidate);
      taken += 1;
      lastPrice = candidate.price;
    }
  };
  walk(low - 1, -1);
  walk(low, 1);
  const distance = (candidate: Candidate) => Math.abs(candidate.price - target.price);
  return picked
    .sort((a, b) => distance(a) - distance(b) || higherFirst(a.score, b.score) || higherFirst(a.rating, b.rating) || a.id - b.id)
    .slice(0, MAX_ALTERNATIVES)
    .sort((a, b) => higherFirst(a.score, b.score) || distance(a) - distance(b) || higherFirst(a.rating, b.rating) || a.id - b.id);
}

/** Every product's alternatives by id, in the order the page shows them (an empty list: none). */
export function alternativesByProduct(products: readonly AlternativeSource[]): Map<number, number[]> {
  const byCategory = new Map<string, Candidate[]>();
  for (const product of products) {
    if (!isAlternativeCandidate(product)) continue;
    const list = byCategory.get(product.category!.slug) ?? [];
    list.push(candidateOf(product));
    byCategory.set(product.category!.slug, list);
  }
  for (const list of byCategory.values()) list.sort((a, b) => a.price - b.price || a.id - b.id);
  const answer = new Map<number, number[]>();
  for (const product of products) {
    const sorted = product.category ? byCategory.get(product.category.slug) : undefined;
    answer.set(product.id, sorted ? nearest(candidateOf(product), sorted).map((candidate) => candidate.id) : []);
  }
  return answer;
}

/** One product's alternatives (the same rule, for a single page or a test). */
export function alternativesOf(product: AlternativeSource, products: readonly AlternativeSource[]): number[] {
  return alternativesByProduct([product, ...products.filter((other) => other.id !== product.id)]).get(product.id) ?? [];
}
