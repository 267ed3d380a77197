import { describe, expect, it } from 'vitest';
import {
  byNameUncategorizedLast,
  categoryFormSchema,
  categoryChangeSummary,
  categoryCreateSchema,
  categorySlug,
  categoryTexts,
  categoryUpdateSchema,
  conflictingCategory,
  deleteConsequenceText,
  deletedCategoryText,
  duplicateCategoryText,
  navigationOrderSchema,
  nextNavigationOrder,
  renumberNavigation,
} from '../../src/domain/admin/categories.ts';

const firstMessage = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error!.issues[0]!.message;
};

describe('the category slug: the name lowercased and hyphenated', () => {
  it.each([
    ['Yoga', 'yoga'],
    ['  Home Gym  ', 'home-gym'],
    ['Recovery & Wellness', 'recovery-wellness'],
    ['Yoga/Pilates', 'yoga-pilates'],
    ['Bands_and.Straps', 'bands-and-straps'],
    ["Women's Fitness", 'womens-fitness'],
    ['Women’s Fitness', 'womens-fitness'],
    ['Café Équipement', 'cafe-equipement'],
    ['Re\u0301sume\u0301 Gear', 'resume-gear'],
    ['--Cardio--', 'cardio'],
    ['3-in-1 Benches!', '3-in-1-benches'],
  ])('%j → %j', (name, slug) => {
    expect(categorySlug(name)).toBe(slug);
  });

  it('is empty when the name has no letter or digit a URL can carry', () => {
    expect(categorySlug('!!!')).toBe('');
    expect(categorySlug('日本')).toBe('');
  });
});

describe('one category per name', () => {
  const existing = [
    { id: 1, name: 'Yoga', slug: 'yoga' },
    { id: 2, name: 'Pilates Studio', slug: 'reformers' },
  ];

  it('finds the category whose slug the new name would take, whatever its case and spacing', () => {
    expect(conflictingCategory('yoga', existing)?.id).toBe(1);
    expect(conflictingCategory('  YOGA ', existing)?.id).toBe(1);
  });

  it('finds a category whose name slugifies the same even when its slug differs after a rename', () => {
    expect(conflictingCategory('Pilates-Studio', existing)?.id).toBe(2);
    expect(conflictingCategory('Reformers', existing)?.id).toBe(2);
  });

  it('lets a category keep its own name, and a new name through', () => {
    expect(conflictingCategory('Yoga', existing, 1)).toBeUndefined();
    expect(conflictingCategory('Kettlebells', existing)).toBeUndefined();
  });

  it('names the existing category in the refusal', () => {
    expect(duplicateCategoryText(existing[0]!)).toBe('A category named "Yoga" (slug "yoga") already exists.');
  });
});

describe('the create request', () => {
  it('trims the name and description, stores a blank description as null, shows in navigation by default', () => {
    expect(categoryCreateSchema.parse({ name: '  Yoga  ', description: '   ' })).toEqual({ name: 'Yoga', description: null, showInNavigation: true });
    expect(categoryCreateSchema.parse({ name: 'Yoga', description: ' Mats and blocks ', showInNavigation: false })).toEqual({
      name: 'Yoga',
      description: 'Mats and blocks',
      showInNavigation: false,
    });
  });

  it.each([
    [{}, categoryTexts.nameRequired],
    [{ name: '' }, categoryTexts.nameRequired],
    [{ name: '    ' }, categoryTexts.nameRequired],
    [{ name: 42 }, categoryTexts.nameRequired],
    [{ name: 'a'.repeat(81) }, categoryTexts.nameTooLong],
    [{ name: '***' }, categoryTexts.nameWithoutSlug],
    [{ name: 'Yoga', description: 5 }, categoryTexts.descriptionInvalid],
    [{ name: 'Yoga', description: 'a'.repeat(501) }, categoryTexts.descriptionTooLong],
    [{ name: 'Yoga', showInNavigation: 'yes' }, categoryTexts.showInNavigationInvalid],
    [[], categoryTexts.bodyInvalid],
    [null, categoryTexts.bodyInvalid],
  ])('refuses %j with %j', (body, message) => {
    expect(firstMessage(categoryCreateSchema, body)).toBe(message);
  });

  it('accepts a name of exactly 80 characters', () => {
    expect(categoryCreateSchema.parse({ name: 'a'.repeat(80) }).name).toHaveLength(80);
  });
});

describe('the update request', () => {
  it('needs show in navigation said outright', () => {
    expect(firstMessage(categoryUpdateSchema, { name: 'Yoga', description: null })).toBe(categoryTexts.showInNavigationInvalid);
    expect(categoryUpdateSchema.parse({ name: ' Yoga ', description: null, showInNavigation: false })).toEqual({ name: 'Yoga', description: null, showInNavigation: false });
  });

  it('summarises what changed for the audit log, or nothing', () => {
    const before = { name: 'Yoga', description: null, showInNavigation: true };
    expect(categoryChangeSummary(before, { name: 'Yoga', description: null, showInNavigation: true })).toBeNull();
    expect(categoryChangeSummary(before, { name: 'Yoga & Pilates', description: 'Mats', showInNavigation: false })).toBe(
      'Updated category "Yoga & Pilates": renamed from "Yoga", description changed, hidden from navigation',
    );
    expect(categoryChangeSummary({ ...before, showInNavigation: false }, { ...before, showInNavigation: true })).toBe('Updated category "Yoga": shown in navigation');
  });
});

describe('the navigation order', () => {
  it.each([
    [{ ids: [] }, categoryTexts.orderEmpty],
    [{ ids: [1, 2, 1] }, categoryTexts.orderDuplicate],
    [{ ids: [1, 'two'] }, categoryTexts.orderInvalid],
    [{ ids: [1.5] }, categoryTexts.orderInvalid],
    [{ ids: [0] }, categoryTexts.orderInvalid],
    [{ ids: 'a,b' }, categoryTexts.orderInvalid],
    [{}, categoryTexts.orderInvalid],
    [{ ids: Array.from({ length: 501 }, (_, index) => index + 1) }, categoryTexts.orderTooLong],
  ])('refuses %j with %j', (body, message) => {
    expect(firstMessage(navigationOrderSchema, body)).toBe(message);
  });

  const categories = [
    { id: 1, name: 'Alpha', navigationOrder: 1 },
    { id: 2, name: 'Bravo', navigationOrder: 2 },
    { id: 3, name: 'Charlie', navigationOrder: 3 },
    { id: 4, name: 'Delta', navigationOrder: null },
    { id: 5, name: 'Echo', navigationOrder: 99 },
  ];

  it('numbers the listed categories 1..n and the others after them, in their previous order; answers only changed rows', () => {
    expect(renumberNavigation(categories, [3, 1])).toEqual([
      { id: 3, navigationOrder: 1 },
      { id: 1, navigationOrder: 2 },
      { id: 2, navigationOrder: 3 },
      { id: 5, navigationOrder: 4 },
      { id: 4, navigationOrder: 5 },
    ]);
    expect(renumberNavigation(categories, [1, 2, 3])).toEqual([
      { id: 5, navigationOrder: 4 },
      { id: 4, navigationOrder: 5 },
    ]);
  });

  it('puts a category joining the navigation after the last one shown', () => {
    expect(nextNavigationOrder([])).toBe(1);
    expect(
      nextNavigationOrder([
        { showInNavigation: true, navigationOrder: 4 },
        { showInNavigation: false, navigationOrder: 99 },
        { showInNavigation: true, navigationOrder: null },
      ]),
    ).toBe(5);
  });
});

describe('texts and order of the list', () => {
  it('says how many products a delete moves to Uncategorized', () => {
    expect(deleteConsequenceText(0)).toBe('It has no products. This cannot be undone.');
    expect(deleteConsequenceText(1)).toBe('Its 1 product moves to Uncategorized. This cannot be undone.');
    expect(deleteConsequenceText(1200)).toBe('Its 1,200 products move to Uncategorized. This cannot be undone.');
    expect(deletedCategoryText({ name: 'Yoga' }, 3)).toBe('"Yoga" is deleted. Its 3 products moved to Uncategorized.');
    expect(deletedCategoryText({ name: 'Yoga' }, 0)).toBe('"Yoga" is deleted. It had no products.');
  });

  it('uses the spec texts for creating', () => {
    expect(categoryTexts.created).toBe('Category created');
    expect(categoryTexts.createFailed).toBe('Error creating category');
  });

  it('sorts by name, case-insensitively, with uncategorized last', () => {
    const sorted = [
      { name: 'Uncategorized', slug: 'uncategorized' },
      { name: 'yoga', slug: 'yoga' },
      { name: 'Zumba', slug: 'zumba' },
      { name: 'Bands', slug: 'bands' },
    ].sort(byNameUncategorizedLast);
    expect(sorted.map((category) => category.slug)).toEqual(['bands', 'yoga', 'zumba', 'uncategorized']);
  });
});

describe('the create and edit forms', () => {
  it('give the request body from what the inputs hold, with the same messages', () => {
    expect(categoryFormSchema.parse({ name: ' Yoga ', description: '  ', showInNavigation: false })).toEqual({ name: 'Yoga', description: null, showInNavigation: false });
    expect(firstMessage(categoryFormSchema, { name: ' ', description: '', showInNavigation: true })).toBe(categoryTexts.nameRequired);
    expect(firstMessage(categoryFormSchema, { name: 'Yoga', description: 'a'.repeat(501), showInNavigation: true })).toBe(categoryTexts.descriptionTooLong);
  });
});
