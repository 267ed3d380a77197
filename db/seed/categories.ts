/**
 * The demo categories. The slugs are the ones the spec links to (footer, header,
 * quick links) plus 'uncategorized', the default category that navigation hides.
 */
export const categorySlugs = [
  'fitness-equipment',
  'recovery-wellness',
  'health-supplements',
  'safety-protection',
  'fitness',
  'recovery',
  'wellness',
  'nutrition',
  'home',
  'budget',
  'office',
  'uncategorized',
] as const;

export type CategorySlug = (typeof categorySlugs)[number];

export interface SeedCategory {
  slug: CategorySlug;
  name: string;
  description: string;
  showInNavigation: boolean;
  navigationOrder: number;
}

export const seedCategories: readonly SeedCategory[] = [
  {
    slug: 'fitness-equipment',
    name: 'Fitness Equipment',
    description: 'Dumbbells, kettlebells, benches, racks and cardio machines that fit a spare room or garage.',
    showInNavigation: true,
    navigationOrder: 1,
  },
  {
    slug: 'recovery-wellness',
    name: 'Recovery & Wellness',
    description: 'Massage guns, compression, heat and cold therapy to help sore muscles bounce back between sessions.',
    showInNavigation: true,
    navigationOrder: 2,
  },
  {
    slug: 'health-supplements',
    name: 'Health Supplements',
    description: 'Protein, creatine, electrolytes, magnesium and other supplements with clear labels and sensible doses.',
    showInNavigation: true,
    navigationOrder: 3,
  },
  {
    slug: 'safety-protection',
    name: 'Safety & Protection',
    description: 'Sleeves, wraps, belts, braces and floor protection that keep joints and floors safe while you train.',
    showInNavigation: true,
    navigationOrder: 4,
  },
  {
    slug: 'fitness',
    name: 'Fitness',
    description: 'Everyday training gear for strength, cardio and conditioning at home.',
    showInNavigation: true,
    navigationOrder: 5,
  },
  {
    slug: 'recovery',
    name: 'Recovery',
    description: 'Foam rollers, massage tools and stretching aids for daily mobility work.',
    showInNavigation: true,
    navigationOrder: 6,
  },
  {
    slug: 'wellness',
    name: 'Wellness',
    description: 'Sleep, stress and general well-being: yoga gear, trackers, sleep aids and more.',
    showInNavigation: true,
    navigationOrder: 7,
  },
  {
    slug: 'nutrition',
    name: 'Nutrition',
    description: 'Protein, bars, hydration and the bottles and shakers that go with them.',
    showInNavigation: true,
    navigationOrder: 8,
  },
  {
    slug: 'home',
    name: 'Home Essentials',
    description: 'Air purifiers, humidifiers, blankets and other comforts for a healthier home.',
    showInNavigation: true,
    navigationOrder: 9,
  },
  {
    slug: 'budget',
    name: 'Budget Picks',
    description: 'Well-reviewed gear that costs little, most of it under $40.',
    showInNavigation: true,
    navigationOrder: 10,
  },
  {
    slug: 'office',
    name: 'Office Wellness',
    description: 'Standing desks, desk treadmills, ergonomic chairs and eye comfort for long working days.',
    showInNavigation: true,
    navigationOrder: 11,
  },
  {
    slug: 'uncategorized',
    name: 'Uncategorized',
    description: 'Products that have not been sorted into a category yet.',
    showInNavigation: false,
    navigationOrder: 99,
  },
];
