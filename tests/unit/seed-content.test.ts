/**
 * Demo content that reads true (issue 9, point 7): what a product's name and description state
 * agrees with its specifications, and every product, featured ones above all, sits in a
 * category that fits it.
 */
import { describe, expect, it } from 'vitest';
import { categorySlugs, generateProducts, type CategorySlug } from '../../db/seed/index.ts';
import { fitsCategory } from '../../db/seed/category-fit.ts';
import { namesKey, quantitiesIn, textContradictions } from '../../db/seed/consistency.ts';
import { effectivePrice } from '../../src/domain/product.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const categories = categorySlugs.map((slug, index) => ({ id: index + 1, slug }));
const catalogue = generateProducts(640, NOW, categories);
const slugOf = (categoryId: number | null | undefined): CategorySlug => categorySlugs[(categoryId ?? 0) - 1] ?? 'uncategorized';

describe('reading quantities', () => {
  it('reads numbers and number words with their unit, in minutes, pounds and inches', () => {
    expect(quantitiesIn('Automatic shut-off after two hours').map(({ lo, hi }) => [lo, hi])).toEqual([[120, 120]]);
    expect(quantitiesIn('90 minutes')[0]).toMatchObject({ dimension: 'time', lo: 90, hi: 90 });
    expect(quantitiesIn('Use it for 15 to 20 minutes')[0]).toMatchObject({ lo: 15, hi: 20 });
    expect(quantitiesIn('1 kg')[0]).toMatchObject({ dimension: 'weight', lo: 2.2 });
    expect(quantitiesIn('31 x 31 x 29 inches').map((q) => q.lo)).toEqual([31, 31, 29]);
    expect(quantitiesIn('3/4 inch Rubber')[0]).toMatchObject({ dimension: 'length', lo: 0.75 });
  });

  it('ties a sentence to a specification key it names', () => {
    expect(namesKey('Automatic shut-off after two hours', 'auto_shutoff')).toBe(true);
    expect(namesKey('Battery lasts up to 3 hours', 'battery_life')).toBe(true);
    expect(namesKey('Soft, machine-washable cover', 'auto_shutoff')).toBe(false);
  });
});

describe('descriptions and specifications agree', () => {
  it("finds the heating pad's old disagreement: two hours in the text, 90 minutes in the specifications", () => {
    const found = textContradictions('Heating Pad', '<ul><li>Automatic shut-off after two hours for safety</li></ul>', { auto_shutoff: '90 minutes' });
    expect(found).toEqual([expect.objectContaining({ key: 'auto_shutoff', stated: 'two hours', specified: '90 minutes' })]);
    expect(textContradictions('Heating Pad', '<ul><li>Automatic shut-off after two hours for safety</li></ul>', { auto_shutoff: '2 hours' })).toEqual([]);
  });

  it("compares a name's size with the dimensions, and ranges with ranges", () => {
    expect(textContradictions('Foam Roller, 36 inch', '', { dimensions: '13 x 5.5 inches' })).toHaveLength(1);
    expect(textContradictions('Foam Roller, 36 inch', '', { dimensions: '36 x 6 inches' })).toEqual([]);
    expect(textContradictions('Lamp', '<p>The timer runs 10-60 minutes.</p>', { timer: '5-60 minutes' })).toHaveLength(1);
    expect(textContradictions('Lamp', '<p>The timer runs 10-60 minutes.</p>', { timer: '10-60 minutes' })).toEqual([]);
  });

  it('leaves alone a quantity of another measure or far from the key', () => {
    expect(textContradictions('Floor Tiles, 3/4 inch Rubber', '', { tile_size: '24 x 24 inches', thickness: '3/4 inch' })).toEqual([]);
    expect(textContradictions('Rack', '<p>Check your ceiling height first: allow about 6 inches above the rack.</p>', { height: '90 inches' })).toEqual([]);
  });

  it('holds for every seeded product', () => {
    const contradictions = catalogue.flatMap(({ product }) =>
      textContradictions(product.name, product.description ?? '', product.specifications as Record<string, unknown>).map((found) => ({
        product: product.name,
        ...found,
      })),
    );
    expect(contradictions).toEqual([]);
  });
});

describe('products sit in categories that fit them', () => {
  const fit = (product: (typeof catalogue)[number]['product']) =>
    fitsCategory(slugOf(product.categoryId), {
      name: product.name,
      tags: ((product.attributes as Record<string, unknown>).tags as string[] | undefined) ?? [],
      effectivePrice: effectivePrice(product.price ?? 0, product.salePrice),
    });

  it('keeps knee sleeves out of Recovery and dear products out of Budget Picks', () => {
    expect(fitsCategory('recovery', { name: 'Liftguard Pro Knee Sleeves, Pair', tags: ['knee sleeves', 'squats'], effectivePrice: 49.99 })).toBe(false);
    expect(fitsCategory('recovery', { name: 'Restora Relief Foam Roller, 18 inch', tags: [], effectivePrice: 29.99 })).toBe(true);
    expect(fitsCategory('budget', { name: 'Kettlebell, 35 lb', tags: [], effectivePrice: 64.99 })).toBe(false);
    expect(fitsCategory('budget', { name: 'Kettlebell, 10 lb', tags: [], effectivePrice: 24.99 })).toBe(true);
  });

  it("every featured product (the categories' Editor's Choice) fits its category", () => {
    const featured = catalogue.filter(({ product }) => (product.attributes as Record<string, unknown>).is_featured === true);
    expect(featured.length).toBeGreaterThan(50);
    expect(featured.filter(({ product }) => !fit(product)).map(({ product }) => `${slugOf(product.categoryId)}: ${product.name}`)).toEqual([]);
  });

  it('so does every other product', () => {
    expect(catalogue.filter(({ product }) => !fit(product)).map(({ product }) => `${slugOf(product.categoryId)}: ${product.name}`)).toEqual([]);
  });
});
