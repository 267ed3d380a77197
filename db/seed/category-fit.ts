/**
 * Which products fit which demo category (issue 9, point 7: knee sleeves are not Recovery's
 * Editor's Choice). A product fits a category when its name or tags contain one of the
 * category's keywords, and Budget Picks also needs a price under $40 (the category's own
 * promise). The seed tests hold every generated product to these rules.
 */
import type { CategorySlug } from './categories.ts';

/** The most a Budget Pick costs (effective price, in dollars). */
export const BUDGET_MAX_PRICE = 40;

const keywords = (...words: string[]) => new RegExp(`\\b(${words.join('|')})`, 'i');

const STRENGTH = [
  'dumbbell',
  'kettlebell',
  'weight bench',
  'power rack',
  'pull-up',
  'slam ball',
  'weighted vest',
  'resistance band',
  'loop band',
  'suspension',
];
const CARDIO = ['rowing', 'exercise bike', 'treadmill', 'walking pad', 'jump rope'];
const SUPPLEMENTS = ['protein', 'creatine', 'electrolyte', 'magnesium', 'collagen', 'omega', 'vitamin'];
const SLEEP_AND_CALM = ['sleep', 'weighted blanket', 'white noise', 'sunrise', 'pillow', 'aroma', 'relaxation'];

export const CATEGORY_KEYWORDS: Readonly<Record<Exclude<CategorySlug, 'uncategorized' | 'budget'>, RegExp>> = {
  'fitness-equipment': keywords(...STRENGTH, ...CARDIO, 'ab wheel', 'gym floor', 'lifting belt', 'weightlifting belt', 'home gym'),
  fitness: keywords(
    ...STRENGTH,
    ...CARDIO,
    'ab wheel',
    'ab roller',
    'hip bands',
    'stability ball',
    'yoga mat',
    'smartwatch',
    'heart rate',
    'balance board',
    'sleeves',
    'wrist wraps',
    'lifting',
  ),
  recovery: keywords('foam roller', 'massage', 'stretch', 'mobility', 'acupressure', 'cold therapy', 'ice', 'compression', 'tens', 'cold plunge', 'yoga block'),
  'recovery-wellness': keywords(
    'massage',
    'recovery',
    'compression',
    'tens',
    'heating pad',
    'heat therapy',
    'cold',
    'sauna',
    'foam roller',
    'acupressure',
    'lumbar',
  ),
  'health-supplements': keywords(...SUPPLEMENTS),
  nutrition: keywords(...SUPPLEMENTS, 'bars', 'shaker', 'water bottle', 'hydration'),
  'safety-protection': keywords(
    'sleeves',
    'wraps',
    'lifting belt',
    'weightlifting belt',
    'lifting grips',
    'lifting gloves',
    'posture',
    'gym floor',
    'floor protection',
    'anti-fatigue',
  ),
  wellness: keywords(
    ...SLEEP_AND_CALM,
    ...SUPPLEMENTS,
    'yoga',
    'smartwatch',
    'heart rate',
    'smart scale',
    'body composition',
    'stretching strap',
    'acupressure',
    'tens',
    'sauna',
    'neck',
    'heating pad',
    'air purifier',
    'humidifier',
    'blue light',
    'posture',
    'desk treadmill',
  ),
  home: keywords(
    ...SLEEP_AND_CALM,
    'air purifier',
    'humidifier',
    'diffuser',
    'heating pad',
    'cold plunge',
    'smart scale',
    'body composition',
    'yoga mat',
    'water bottle',
    'adjustable dumbbell',
    'weight bench',
    'rowing',
    'exercise bike',
    'walking pad',
    'standing desk',
    'chair',
    'anti-fatigue',
    'gym floor',
    'home gym',
  ),
  office: keywords('desk', 'chair', 'footrest', 'lumbar', 'blue light', 'posture', 'walking pad', 'anti-fatigue', 'balance board', 'stability ball', 'neck'),
};

export interface FitInput {
  name: string;
  tags: readonly string[];
  /** What the shopper pays: the sale price during a sale, else the price. */
  effectivePrice: number;
}

/** Whether a product belongs in the category; 'uncategorized' fits anything (it is the unsorted pile). */
export function fitsCategory(category: CategorySlug, { name, tags, effectivePrice }: FitInput): boolean {
  if (category === 'uncategorized') return true;
  if (category === 'budget') return effectivePrice < BUDGET_MAX_PRICE;
  return CATEGORY_KEYWORDS[category].test(`${name} ${tags.join(' ')}`);
}
