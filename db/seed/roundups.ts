/**
 * Three demo roundups ('The best massage guns of {year}', adjustable dumbbells, foam rollers), so a new site shows
 * picks, the comparison table and the ItemList working. Each is built from the demo products whose name says what
 * they are, in stock: the best scored is Best Overall, the cheapest well scored one Best Budget, the dearest well
 * scored one Best Upgrade, and the next best a fourth pick with the roundup's own label. Every pick carries a review
 * (a product picked without one gets the seed's review, reviews.ts), so its box shows a score and a verdict.
 * Deterministic: the same catalogue gives the same picks and texts. Published long enough ago to sit after the
 * articles in the blog's list, and revised since ('Updated {date}').
 */
import { formatPrice } from '../../src/domain/money.ts';
import { roundupTitle } from '../../src/domain/editorial/roundup.ts';
import type { EditorialReview, Roundup } from '../../src/domain/editorial/types.ts';
import { reviewFor, type ReviewableProduct } from './reviews.ts';

interface PickText {
  (name: string, price: string): string;
}

interface RoundupPlan {
  slug: string;
  thing: string;
  /** Which products it ranks, by name. */
  matches: RegExp;
  category: string;
  illustration: string;
  byline: string;
  publishedDaysAgo: number;
  revisedDaysAfter: number;
  excerpt: string;
  intro: string;
  fourthAward: string;
  /** One per award, in the order Best Overall, Best Budget, Best Upgrade, the fourth. */
  paragraphs: [PickText, PickText, PickText, PickText];
  howWeChose: string;
  competition: string;
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

export const ROUNDUP_PLANS: readonly RoundupPlan[] = [
  {
    slug: 'best-massage-guns',
    thing: 'massage guns',
    matches: /massage gun/i,
    category: 'recovery',
    illustration: 'how-to-use-a-massage-gun',
    byline: 'maya-chen',
    publishedDaysAgo: 200,
    revisedDaysAfter: 188,
    excerpt: 'We ran every massage gun in our catalogue through weeks of post-workout use to find the ones worth your money, from a pocket-sized budget pick to a quiet, powerful upgrade.',
    intro: p(
      'A good massage gun will not fix a bad training plan, but it does make the ten minutes after a hard session more pleasant, and many of our testers used one every evening once they had it. The trouble is that most of them look alike: a handle, a motor, a box of heads. The differences show up in the stall force, the noise and how long the battery really lasts.',
      'We used each one on quads, calves, glutes and the upper back, charged them flat to full, and timed them against a phone sound meter. These are the ones we would buy again.',
    ),
    fourthAward: 'Best for Travel',
    paragraphs: [
      (name, price) => `The <strong>${name}</strong> is the one we reached for most. It keeps its speed when you lean into a thick muscle, the grip stays comfortable through a full back-and-legs session, and at ${price} it costs far less than the brand names it keeps up with. The included heads cover what most people need: a ball for large muscles and a flat head for the rest.`,
      (name, price) => `At ${price}, the <strong>${name}</strong> is the cheapest massage gun we would recommend without hesitation. It is not as strong as our top pick and it gets louder on the top setting, but for calves and forearms after a run or a climbing session it does the job well.`,
      (name, price) => `If you use a massage gun every day, the <strong>${name}</strong> is worth the extra money (${price}). It has the most torque of the guns we tried, and it stays quiet enough to use in a shared flat. It is heavier, so reaching your own shoulders takes more effort.`,
      (name, price) => `The <strong>${name}</strong> (${price}) is small enough for a gym bag or carry-on and still strong enough for legs after a long day of walking. Its battery was the surprise: a week of short sessions on one charge.`,
    ],
    howWeChose: p(
      'We started from every massage gun in stock in our catalogue and dropped any with a shoppers’ rating under 3.5 or a pattern of complaints about failing batteries. The rest were used by three testers for at least two weeks each.',
      'We scored them on stall force (how hard you can press before the motor slows), noise at the middle setting, battery life from a full charge, grip comfort and the usefulness of the included heads. Price came last: a cheap gun had to be good, not just cheap.',
    ),
    competition: p(
      'Several heated-head models came close, but the heat was barely noticeable through the head and cost battery life. A few mini guns were simply too weak for legs. Guns that went out of stock during testing are left out until they are back.',
    ),
  },
  {
    slug: 'best-adjustable-dumbbells',
    thing: 'adjustable dumbbells',
    matches: /adjustable dumbbell/i,
    category: 'equipment',
    illustration: 'beginner-home-gym-setup',
    byline: 'jordan-reyes',
    publishedDaysAgo: 205,
    revisedDaysAfter: 190,
    excerpt: 'A pair of adjustable dumbbells replaces a whole rack in a corner of your living room. We tested the ones in our catalogue for speed of change, balance and how they hold up to being dropped.',
    intro: p(
      'Adjustable dumbbells are the single most useful purchase for a home gym with little space: one compact pair covers everything from lateral raises to heavy rows. They also vary more than any other piece of equipment we test, from smooth dial systems to pin-and-plate designs that take a minute per change.',
      'We trained with each set for a month of full-body sessions, changed weights hundreds of times, and dropped them (gently) onto rubber flooring. Here are the ones we would put in our own homes.',
    ),
    fourthAward: 'Best for Small Spaces',
    paragraphs: [
      (name, price) => `The <strong>${name}</strong> changes weight in seconds, stays balanced in the hand at every setting, and survived a month of daily use without a rattle. At ${price}, it is the set we recommend to most people starting a home gym.`,
      (name, price) => `The <strong>${name}</strong> (${price}) covers the range most beginners need for a year or more of progress. The change mechanism is slower than our top pick and the handle is a little thick, but nothing else this cheap felt as solid.`,
      (name, price) => `For lifters who will outgrow a 50 lb set, the <strong>${name}</strong> is the one to buy (${price}). The extra range is worth it for rows and presses, and the cradle holds the plates securely between sets.`,
      (name, price) => `The <strong>${name}</strong> (${price}) has the smallest footprint of the sets we tested, and its cradle fits under a bed. A good choice if the dumbbells must disappear after every session.`,
    ],
    howWeChose: p(
      'We considered every adjustable dumbbell in stock in our catalogue and looked first at the weight range and increments, since a set you outgrow in three months is no bargain.',
      'Each set was used for presses, rows, lunges and curls three times a week. We timed weight changes, checked how the plates sat in the cradle, and noted any wobble or noise. Sets that jammed or let plates slip were out.',
    ),
    competition: p(
      'Fixed hex dumbbells are cheaper per pound and nearly indestructible, but a full rack takes far more floor space. Some single dumbbells are sold as a pair in name only: check whether the price is for one or two before you compare.',
    ),
  },
  {
    slug: 'best-foam-rollers',
    thing: 'foam rollers',
    matches: /foam roller/i,
    category: 'recovery',
    illustration: 'how-to-foam-roll',
    byline: 'maya-chen',
    publishedDaysAgo: 210,
    revisedDaysAfter: 195,
    excerpt: 'From a plain, firm roller that costs less than a gym day pass to a vibrating one that reaches deeper, these are the foam rollers we would buy.',
    intro: p(
      'A foam roller is the cheapest recovery tool there is and, used a few minutes a day, one of the most helpful. What matters is firmness, length and the surface: too soft and it does nothing, too hard and you will not use it.',
      'We rolled quads, hamstrings, calves and upper backs on each of these for weeks, checked them for flattening, and had a beginner and a physiotherapist try them too.',
    ),
    fourthAward: 'Best Vibrating',
    paragraphs: [
      (name, price) => `The <strong>${name}</strong> has the firmness that suits most people: enough pressure for quads and IT bands without making the upper back a test of will. It kept its shape through weeks of daily use, and ${price} is fair for a roller that should last years.`,
      (name, price) => `At ${price}, the <strong>${name}</strong> is proof that a foam roller does not need to be expensive. It is plain and smooth, and that is fine: it is the roller we would give someone who has never used one.`,
      (name, price) => `The <strong>${name}</strong> (${price}) reaches deeper than a plain roller, and our testers with tight calves and hips preferred it. It is louder and needs charging, so it is an addition to a plain roller rather than a replacement.`,
      (name, price) => `If you want the vibration without the top price, the <strong>${name}</strong> (${price}) is the one to get: three speeds, a battery that lasts several sessions, and a grippy surface that does not slide on a wooden floor.`,
    ],
    howWeChose: p(
      'We took every foam roller in stock in our catalogue and checked firmness, length (18 inches or longer is easier for the back) and how the surface felt through a T-shirt.',
      'Each roller was used daily for three weeks, then checked for dents or flattening. Vibrating rollers were also timed from a full charge.',
    ),
    competition: p(
      'Textured grid rollers look effective but several testers found the ridges too sharp for daily use. Short 12-inch rollers travel well but are awkward for the upper back. We left out rollers that were out of stock when we last updated this guide.',
    ),
  },
];

export interface RoundupCandidate extends ReviewableProduct {
  review: EditorialReview | null;
}

export interface SeedRoundup {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  category: string;
  published: true;
  publishedAt: Date;
  createdAt: Date;
  updatedAt: Date;
  kind: 'roundup';
  roundup: Roundup;
  byline: string;
}

const DAY = 86_400_000;
/** A pick must be this well scored to be a budget or upgrade pick (a review's score, 1–10). */
const GOOD_SCORE = 7;
const byId = (a: { product: { id: number } }, b: { product: { id: number } }) => a.product.id - b.product.id;

/**
 * The roundups the catalogue can support (at least two picks each), and the reviews to add for picks that had none.
 * `reviews` is the seed's reviews by product id; it is not changed.
 */
export function generateRoundups(
  catalogue: readonly ReviewableProduct[],
  reviews: ReadonlyMap<number, EditorialReview>,
  now: Date,
  reviewerIds: readonly (number | null)[],
): { roundups: SeedRoundup[]; addedReviews: Map<number, EditorialReview> } {
  const addedReviews = new Map<number, EditorialReview>();
  const reviewers = reviewerIds.length > 0 ? reviewerIds : [null];
  const roundups: SeedRoundup[] = [];
  for (const plan of ROUNDUP_PLANS) {
    const scored = catalogue
      .filter((product) => product.inStock && plan.matches.test(product.name))
      .map((product) => ({ product, review: reviews.get(product.id) ?? reviewFor(product, now.getTime(), reviewers) }));
    const picks: { product: ReviewableProduct; review: EditorialReview; award: string; paragraph: PickText }[] = [];
    const take = (award: string, paragraph: PickText, entry: (typeof scored)[number] | undefined) => {
      if (entry && !picks.some((pick) => pick.product.id === entry.product.id)) picks.push({ ...entry, award, paragraph });
    };
    const free = () => scored.filter((entry) => !picks.some((pick) => pick.product.id === entry.product.id));
    const best = () => [...free()].sort((a, b) => b.review.score! - a.review.score! || (b.product.rating ?? 0) - (a.product.rating ?? 0) || byId(a, b))[0];
    const good = () => free().filter((entry) => entry.review.score! >= GOOD_SCORE);
    take('Best Overall', plan.paragraphs[0], best());
    take('Best Budget', plan.paragraphs[1], [...good()].sort((a, b) => a.product.price - b.product.price || byId(a, b))[0]);
    take('Best Upgrade', plan.paragraphs[2], [...good()].sort((a, b) => b.product.price - a.product.price || byId(a, b))[0]);
    take(plan.fourthAward, plan.paragraphs[3], best());
    if (picks.length < 2) continue;
    for (const pick of picks) if (!reviews.has(pick.product.id)) addedReviews.set(pick.product.id, pick.review);
    const publishedAt = new Date(now.getTime() - plan.publishedDaysAgo * DAY);
    const year = now.getUTCFullYear();
    roundups.push({
      title: roundupTitle(plan.thing, year),
      slug: `${plan.slug}-${year}`,
      excerpt: plan.excerpt,
      content: plan.intro,
      imageUrl: `/images/blog/${plan.illustration}.svg`,
      category: plan.category,
      published: true,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: new Date(Math.min(now.getTime(), publishedAt.getTime() + plan.revisedDaysAfter * DAY)),
      kind: 'roundup',
      roundup: {
        thing: plan.thing,
        year,
        picks: picks.map((pick) => ({ productId: pick.product.id, award: pick.award, paragraph: `<p>${pick.paragraph(escapeHtml(pick.product.name), formatPrice(pick.product.price))}</p>` })),
        howWeChose: plan.howWeChose,
        competition: plan.competition,
      },
      byline: plan.byline,
    });
  }
  return { roundups, addedReviews };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
