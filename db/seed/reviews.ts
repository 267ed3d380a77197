/**
 * Editorial reviews for a share of the demo products (about one in eight), so a new site shows verdicts, pros and
 * cons, scores and awards working: each category's best scored product is its Best Overall, its cheapest well scored
 * one its Best Budget, its dearest top scored one its Best Upgrade, and a few carry an editor's own label. Reviewers are
 * the demo authors, looked up by slug; a review names none when the author row is absent. Deterministic: the same
 * products get the same reviews on every run.
 */
import type { EditorialReview } from '../../src/domain/editorial/types.ts';
import { createRandom, type Random } from './random.ts';

export const REVIEWER_SLUGS = ['maya-chen', 'jordan-reyes', 'priya-nair'] as const;
/** About one product in eight gets a review. */
const REVIEW_SHARE = 0.125;
const DAY = 86_400_000;

export interface ReviewableProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  rating: number | null;
  categoryId: number | null;
  inStock: boolean;
}

const PROS = [
  'Solid build with no rattles after weeks of daily use',
  'Setup takes under ten minutes with the included tools',
  'Quiet enough to use while others sleep',
  'Compact footprint that fits a small apartment',
  'Clear, sensible controls that need no manual',
  'Strong value for what it costs',
  'Materials feel premium in the hand',
  'Easy to wipe clean after a sweaty session',
  'Generous warranty and responsive support',
  'Stable and confidence-inspiring under load',
  'Light enough to move or pack for travel',
  'Grippy surface that stays put on hard floors',
  'Comfortable for long sessions',
  'Adjusts quickly between settings',
];

const CONS = [
  'Instructions are thin on detail',
  'Pricier than most of its rivals',
  'Bulky to store when not in use',
  'The finish scuffs more easily than we liked',
  'Only one colour option',
  'Louder than the best in its class',
  'Takes a while to break in',
  'Accessories cost extra',
  'Heavier than it looks',
  'Small buttons are fiddly with sweaty hands',
  'Shipping box arrived dented on one of our units',
];

const BEST_FOR = [
  'Beginners building a home routine',
  'Anyone short on space',
  'Regular trainers who want something that lasts',
  'Shoppers on a tight budget',
  'People who train early or late and need quiet',
  'Travellers and small apartments',
];

const SKIP_IF = [
  'You already own a capable older model',
  'You need commercial-gym durability',
  'You want the lightest option available',
  'Your budget is under $30',
  'You prefer a wider range of settings',
];

const VERDICTS = [
  (name: string) => `${name} does the basics very well and feels built to last; it is the one we would hand to a friend starting out.`,
  (name: string) => `After a month of testing, ${name} stayed comfortable, quiet and reliable, though rivals offer more features for the money.`,
  (name: string) => `${name} punches above its price: a few rough edges, but nothing that gets in the way of everyday training.`,
  (name: string) => `A well-made pick with thoughtful details. ${name} costs more than most, and it mostly earns it.`,
  (name: string) => `${name} is good rather than great: dependable, easy to live with, and outclassed only by pricier options.`,
  (name: string) => `We kept reaching for ${name} after testing ended, which says more than any spec sheet.`,
];

const OWN_AWARDS = ['Best for Small Spaces', 'Best for Travel', 'Editor’s Pick', 'Best for Beginners'];

const day = (time: number) => new Date(time).toISOString().slice(0, 10);

function scoreFor(rating: number | null, random: Random): number {
  const base = rating === null ? 7 : rating * 2 - 1;
  const raw = base + random.float(-1, 1.25);
  return Math.min(9.5, Math.max(5, Math.round(raw * 2) / 2));
}

function reviewFor(product: ReviewableProduct, now: number, reviewerIds: readonly (number | null)[]): EditorialReview {
  const random = createRandom(`repwell-demo:review:${product.slug}`);
  const testedAgo = random.int(20, 320);
  const updatedAgo = random.int(0, testedAgo);
  return {
    verdict: random.pick(VERDICTS)(product.name),
    pros: random.sample(PROS, random.int(2, 5)),
    cons: random.sample(CONS, random.int(1, 3)),
    bestFor: random.chance(0.85) ? random.pick(BEST_FOR) : '',
    skipIf: random.chance(0.7) ? random.pick(SKIP_IF) : '',
    score: scoreFor(product.rating, random),
    award: '',
    reviewerId: random.pick(reviewerIds),
    testedOn: random.chance(0.9) ? day(now - testedAgo * DAY) : null,
    updatedOn: day(now - updatedAgo * DAY),
  };
}

/** The reviews to store, by product id: a share of the products, with each category's awards given out. */
export function generateReviews(catalogue: readonly ReviewableProduct[], now: Date, reviewerIds: readonly (number | null)[]): Map<number, EditorialReview> {
  const ids = reviewerIds.length > 0 ? reviewerIds : [null];
  const reviews = new Map<number, EditorialReview>();
  const byCategory = new Map<number, ReviewableProduct[]>();
  for (const product of catalogue) {
    if (!createRandom(`repwell-demo:reviewed:${product.slug}`).chance(REVIEW_SHARE)) continue;
    reviews.set(product.id, reviewFor(product, now.getTime(), ids));
    if (product.categoryId === null || !product.inStock) continue;
    byCategory.set(product.categoryId, [...(byCategory.get(product.categoryId) ?? []), product]);
  }
  for (const products of byCategory.values()) {
    const scored = products.map((product) => ({ product, review: reviews.get(product.id)! }));
    const give = (award: string, pick: (typeof scored)[number] | undefined) => {
      if (pick && pick.review.award === '') pick.review.award = award;
    };
    const byScore = [...scored].sort((a, b) => b.review.score! - a.review.score! || a.product.id - b.product.id);
    give('Best Overall', byScore[0]);
    give('Best Budget', [...scored].filter((entry) => entry.review.score! >= 7.5).sort((a, b) => a.product.price - b.product.price || a.product.id - b.product.id)[0]);
    give('Best Upgrade', [...scored].filter((entry) => entry.review.score! >= 8).sort((a, b) => b.product.price - a.product.price || a.product.id - b.product.id)[0]);
    const own = createRandom(`repwell-demo:own-award:${products[0]!.categoryId}`);
    if (own.chance(0.6)) give(own.pick(OWN_AWARDS), byScore.find((entry) => entry.review.award === ''));
  }
  return reviews;
}
