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

/** Ties on price distance: higher score, then higher rating, then the lower id (the older product). */
const byTieBreak = (a: Candidate, b: Candidate) => higherFirst(a.score, b.score) || higherFirst(a.rating, b.rating) || a.id - b.id;

/**
 * A category's candidates, sorted by price and, at one price, in tie-break order; `runStart[i]` is the first index of
 * the run of candidates priced as the i-th.
 */
interface CategoryCandidates {
  sorted: Candidate[];
  runStart: Int32Array;
}

function categoryCandidates(candidates: Candidate[]): CategoryCandidates {
  const sorted = candidates.sort((a, b) => a.price - b.price || byTieBreak(a, b));
  const runStart = new Int32Array(sorted.length);
  for (let index = 1; index < sorted.length; index++) runStart[index] = sorted[index]!.price === sorted[index - 1]!.price ? runStart[index - 1]! : index;
  return { sorted, runStart };
}

/**
 * The alternatives of one product among its category's candidates. Upwards from its price, the candidates come in the
 * order the rule ranks them (nearer first, ties in tie-break order); downwards, each price's run is read from its
 * start, which keeps that order too. So the first MAX_ALTERNATIVES of each side are the only ones that can win, and a
 * product looks at no more than those: catalogues repeat prices (19.99), and reading every tied product on each side
 * made the page list of 50,000 products take seconds.
 */
function nearest(target: Candidate, { sorted, runStart }: CategoryCandidates): Candidate[] {
  // The first candidate priced at or above the target.
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.price < target.price) low = middle + 1;
    else high = middle;
  }
  const picked: Candidate[] = [];
  for (let index = low, taken = 0; index < sorted.length && taken < MAX_ALTERNATIVES; index++) {
    if (sorted[index]!.id === target.id) continue;
    picked.push(sorted[index]!);
    taken += 1;
  }
  for (let end = low - 1, taken = 0; end >= 0 && taken < MAX_ALTERNATIVES; end = runStart[end]! - 1) {
    for (let index = runStart[end]!; index <= end && taken < MAX_ALTERNATIVES; index++) {
      picked.push(sorted[index]!);
      taken += 1;
    }
  }
  const distance = (candidate: Candidate) => Math.abs(candidate.price - target.price);
  return picked
    .sort((a, b) => distance(a) - distance(b) || byTieBreak(a, b))
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
  const ranked = new Map([...byCategory].map(([slug, list]) => [slug, categoryCandidates(list)]));
  const answer = new Map<number, number[]>();
  for (const product of products) {
    const candidates = product.category ? ranked.get(product.category.slug) : undefined;
    answer.set(product.id, candidates ? nearest(candidateOf(product), candidates).map((candidate) => candidate.id) : []);
  }
  return answer;
}

/** One product's alternatives (the same rule, for a single page or a test). */
export function alternativesOf(product: AlternativeSource, products: readonly AlternativeSource[]): number[] {
  return alternativesByProduct([product, ...products.filter((other) => other.id !== product.id)]).get(product.id) ?? [];
}
