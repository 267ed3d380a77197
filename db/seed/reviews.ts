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
  /** The category's slug picks what the review can say (KIND_OF); null or unknown: gear. */
  categorySlug?: string | null;
  slug: string;
  name: string;
  price: number;
  rating: number | null;
  categoryId: number | null;
  inStock: boolean;
}

/** What a review can say depends on what the product is: gear, a recovery device, or something you eat or drink. */
type Kind = 'gear' | 'recovery' | 'consumable';

const KIND_OF: Record<string, Kind> = {
  'recovery-wellness': 'recovery',
  recovery: 'recovery',
  wellness: 'recovery',
  'health-supplements': 'consumable',
  nutrition: 'consumable',
};

const PROS: Record<Kind | 'any', readonly string[]> = {
  any: ['Strong value for what it costs', 'Generous warranty and responsive support', 'Feels well made for the price', 'Clear, sensible instructions'],
  gear: [
    'Solid build with no rattles after weeks of daily use',
    'Setup takes under ten minutes with the included tools',
    'Compact footprint that fits a small apartment',
    'Stable and confidence-inspiring under load',
    'Easy to wipe clean after a sweaty session',
    'Adjusts quickly between settings',
    'Light enough to move or pack for travel',
  ],
  recovery: [
    'Noticeably eases sore muscles after hard sessions',
    'Quiet enough to use while watching TV',
    'Battery lasts a week of daily use',
    'Gentle enough for sensitive areas',
    'Easy to reach your own back and shoulders',
    'Simple controls you can use without looking',
  ],
  consumable: [
    'Mixes smoothly with no clumps',
    'Short, clear ingredient list',
    'Pleasant taste that does not get old',
    'Third-party tested for purity',
    'Good value per serving',
    'Sits well on the stomach before training',
  ],
};

const CONS: Record<Kind | 'any', readonly string[]> = {
  any: ['Pricier than most of its rivals', 'Only one colour option', 'Packaging is wasteful'],
  gear: ['Bulky to store when not in use', 'Instructions are thin on detail', 'Heavier than it looks', 'The finish scuffs more easily than we liked', 'Accessories cost extra'],
  recovery: ['Louder than the best in its class', 'Charging takes most of an evening', 'The case is extra', 'Top setting is too strong for beginners'],
  consumable: ['Sweeter than we would like', 'The scoop sits at the bottom of the tub', 'Few flavour options', 'Foams if shaken hard'],
};

const BEST_FOR = [
  'Beginners building a home routine',
  'Regular trainers who want something dependable',
  'Shoppers on a tight budget',
  'Anyone who trains most days',
  'People who want one thing that simply works',
];

const SKIP_IF = [
  'You already own something that works',
  'You want the cheapest option available',
  'You need a specialist, pro-level pick',
  'Your budget is under $30',
];

const VERDICTS = [
  (name: string) => `${name} does the basics very well and is easy to live with; it is the one we would hand to a friend starting out.`,
  (name: string) => `After a month of testing, ${name} stayed reliable and pleasant to use, though rivals offer more for the money.`,
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

export function reviewFor(product: ReviewableProduct, now: number, reviewerIds: readonly (number | null)[]): EditorialReview {
  const random = createRandom(`repwell-demo:review:${product.slug}`);
  const kind = KIND_OF[product.categorySlug ?? ''] ?? 'gear';
  const testedAgo = random.int(20, 320);
  const updatedAgo = random.int(0, testedAgo);
  return {
    verdict: random.pick(VERDICTS)(product.name),
    pros: random.sample([...PROS[kind], ...PROS.any], random.int(2, 5)),
    cons: random.sample([...CONS[kind], ...CONS.any], random.int(1, 3)),
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
