/**
 * The recommendation quiz (spec sections 2, 4, 5 and 9): five questions in a fixed order, one
 * choice each, and a result picked from five fixed recommendation sets.
 */

export const quizQuestionIds = ['goal', 'budget', 'experience', 'space', 'time'] as const;
export type QuizQuestionId = (typeof quizQuestionIds)[number];

export const goals = ['muscle', 'pain-relief', 'wellness', 'performance'] as const;
/** The spec's budget bands: under $50, $50-$150, $150-$500, $500+. */
export const budgets = ['budget', 'mid', 'premium', 'pro'] as const;
export const experiences = ['beginner', 'intermediate', 'experienced'] as const;
export const spaces = ['minimal', 'moderate', 'dedicated'] as const;
export const times = ['short', 'medium', 'long'] as const;

export interface QuizAnswers {
  goal: (typeof goals)[number];
  budget: (typeof budgets)[number];
  experience: (typeof experiences)[number];
  space: (typeof spaces)[number];
  time: (typeof times)[number];
}

export interface QuizOption<V extends string = string> {
  value: V;
  label: string;
  hint?: string;
}

export interface QuizQuestion<K extends QuizQuestionId = QuizQuestionId> {
  id: K;
  question: string;
  options: readonly QuizOption<QuizAnswers[K]>[];
}

/** A budget band as a price range; `max` is null for the open-ended band. */
export interface PriceBand {
  min: number;
  max: number | null;
}

export const BUDGET_BANDS: Readonly<Record<QuizAnswers['budget'], PriceBand & { label: string }>> = {
  budget: { min: 0, max: 50, label: 'Under $50' },
  mid: { min: 50, max: 150, label: '$50-$150' },
  premium: { min: 150, max: 500, label: '$150-$500' },
  pro: { min: 500, max: null, label: '$500+' },
};

type QuestionList = readonly [
  QuizQuestion<'goal'>,
  QuizQuestion<'budget'>,
  QuizQuestion<'experience'>,
  QuizQuestion<'space'>,
  QuizQuestion<'time'>,
];

/** The questions in the spec's order: goal, budget, experience, space, time. */
export const quizQuestions: QuestionList = [
  {
    id: 'goal',
    question: "What's your main goal?",
    options: [
      { value: 'muscle', label: 'Build muscle and strength' },
      { value: 'pain-relief', label: 'Relieve pain and soreness' },
      { value: 'wellness', label: 'Improve overall wellness' },
      { value: 'performance', label: 'Boost athletic performance' },
    ],
  },
  {
    id: 'budget',
    question: "What's your budget?",
    options: budgets.map((value) => ({ value, label: BUDGET_BANDS[value].label })),
  },
  {
    id: 'experience',
    question: 'How experienced are you?',
    options: [
      { value: 'beginner', label: 'Beginner', hint: 'Just getting started' },
      { value: 'intermediate', label: 'Intermediate', hint: 'Training regularly for a while' },
      { value: 'experienced', label: 'Experienced', hint: 'Years of consistent training' },
    ],
  },
  {
    id: 'space',
    question: 'How much space do you have?',
    options: [
      { value: 'minimal', label: 'Minimal', hint: 'A corner of a room or a closet' },
      { value: 'moderate', label: 'Moderate', hint: 'Part of a spare room' },
      { value: 'dedicated', label: 'Dedicated', hint: 'A home gym or garage' },
    ],
  },
  {
    id: 'time',
    question: 'How much time can you spend each day?',
    options: [
      { value: 'short', label: 'Under 15 minutes' },
      { value: 'medium', label: '15-30 minutes' },
      { value: 'long', label: 'More than 30 minutes' },
    ],
  },
];

export const recommendationIds = ['premium-muscle', 'budget-pain-relief', 'compact-wellness', 'advanced-performance', 'balanced'] as const;
export type RecommendationId = (typeof recommendationIds)[number];

export interface Recommendation {
  id: RecommendationId;
  title: string;
  description: string;
  /** What the set is made of, shown as a list on the result screen. */
  picks: readonly string[];
  /** The catalogue category Shop Recommendations opens, or null for every category. */
  categorySlug: string | null;
}

/** The five fixed recommendation sets (spec section 9). Category slugs are the seeded ones the spec links to. */
export const RECOMMENDATIONS: Readonly<Record<RecommendationId, Recommendation>> = {
  'premium-muscle': {
    id: 'premium-muscle',
    title: 'Premium Muscle Builder',
    description: 'Durable, adjustable strength equipment that grows with you, for serious muscle gains at home.',
    picks: ['Adjustable dumbbells or kettlebells', 'A sturdy adjustable bench', 'A quality protein powder'],
    categorySlug: 'fitness-equipment',
  },
  'budget-pain-relief': {
    id: 'budget-pain-relief',
    title: 'Budget Pain Relief Kit',
    description: 'Affordable recovery tools that ease soreness and tight muscles without a big spend.',
    picks: ['A foam roller', 'A massage ball set', 'A reusable hot and cold pack'],
    categorySlug: 'recovery',
  },
  'compact-wellness': {
    id: 'compact-wellness',
    title: 'Compact Wellness Setup',
    description: 'Space-saving essentials for daily movement, stretching and better rest in a small home.',
    picks: ['A foldable yoga mat', 'Resistance bands', 'A sleep or relaxation aid'],
    categorySlug: 'wellness',
  },
  'advanced-performance': {
    id: 'advanced-performance',
    title: 'Advanced Performance Stack',
    description: 'Tools experienced athletes use to train harder, track progress and recover faster.',
    picks: ['A percussion massage gun', 'A heart-rate or fitness tracker', 'Electrolytes for hard sessions'],
    categorySlug: 'fitness',
  },
  balanced: {
    id: 'balanced',
    title: 'Balanced Starter Set',
    description: 'A well-rounded mix of training and recovery gear to build a healthy routine.',
    picks: ['Resistance bands or light dumbbells', 'A foam roller', 'A comfortable exercise mat'],
    categorySlug: null,
  },
};

/**
 * The result (spec section 9), first matching rule wins:
 * - premium muscle: goal muscle and budget premium or pro;
 * - budget pain relief: goal pain relief and the under-$50 budget (the set's name says both);
 * - compact wellness: goal wellness and minimal space;
 * - advanced performance: goal performance and experience experienced;
 * - otherwise the balanced default.
 */
export function recommendationFor(answers: QuizAnswers): Recommendation {
  const { goal, budget, experience, space } = answers;
  if (goal === 'muscle' && (budget === 'premium' || budget === 'pro')) return RECOMMENDATIONS['premium-muscle'];
  if (goal === 'pain-relief' && budget === 'budget') return RECOMMENDATIONS['budget-pain-relief'];
  if (goal === 'wellness' && space === 'minimal') return RECOMMENDATIONS['compact-wellness'];
  if (goal === 'performance' && experience === 'experienced') return RECOMMENDATIONS['advanced-performance'];
  return RECOMMENDATIONS.balanced;
}

/**
 * Shop Recommendations: the catalogue filtered like the answers, i.e. the set's category (when it
 * has one) and the budget band as min_price and max_price (max left out for $500+).
 */
export function shopUrl(answers: QuizAnswers): string {
  const params = new URLSearchParams();
  const { categorySlug } = recommendationFor(answers);
  if (categorySlug) params.set('category', categorySlug);
  const band = BUDGET_BANDS[answers.budget];
  params.set('min_price', String(band.min));
  if (band.max !== null) params.set('max_price', String(band.max));
  return `/products?${params.toString()}`;
}

/** Partial answers while the quiz is in progress. */
export type QuizProgress = Partial<QuizAnswers>;

/** The complete answer set, or null while a question is unanswered. */
export function completedAnswers(progress: QuizProgress): QuizAnswers | null {
  const { goal, budget, experience, space, time } = progress;
  if (!goal || !budget || !experience || !space || !time) return null;
  return { goal, budget, experience, space, time };
}

/** Progress through the quiz as a percentage: question n of 5 shows n/5. */
export function progressPercent(step: number): number {
  const total = quizQuestions.length;
  return Math.round(((Math.min(Math.max(step, 0), total - 1) + 1) / total) * 100);
}
