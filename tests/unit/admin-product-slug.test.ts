/** The product slug rule (spec section 5), its numeric suffix and the reserved names (issue 10, point 4). */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, RESERVED_PRODUCT_SLUGS, productSlugBase, slugFollowsName, uniqueProductSlug } from '../../src/domain/admin/product-slug.ts';

describe('productSlugBase', () => {
  it.each([
    ['Foam Roller Pro', 'foam-roller-pro'],
    ['  Massage   Gun  (2nd Gen)! ', 'massage-gun-2nd-gen'],
    ['Crème Brûlée Protein', 'creme-brulee-protein'],
    ['Knee Sleeve - Pair', 'knee-sleeve-pair'],
    ['100% Whey, 5 lb', '100-whey-5-lb'],
  ])('lower-cases, drops disallowed characters and hyphenates spaces: %s', (name, slug) => {
    expect(productSlugBase(name)).toBe(slug);
  });

  it('gives "product" for a name with no allowed character', () => {
    expect(productSlugBase('!!!')).toBe('product');
    expect(productSlugBase('护膝')).toBe('product');
  });

  it('cuts long names at a hyphen', () => {
    const slug = productSlugBase('Adjustable Dumbbell Set With Stand And Storage Tray For Home Gym Strength Training Fifty Pounds Each');
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^adjustable-dumbbell-set.*[a-z]$/);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('uniqueProductSlug', () => {
  it('keeps a free base', () => {
    expect(uniqueProductSlug('foam-roller', new Set(['foam-roller-pro']))).toBe('foam-roller');
  });

  it('adds -2, -3 … past the taken ones', () => {
    expect(uniqueProductSlug('foam-roller', new Set(['foam-roller']))).toBe('foam-roller-2');
    expect(uniqueProductSlug('foam-roller', new Set(['foam-roller', 'foam-roller-2', 'foam-roller-3']))).toBe('foam-roller-4');
    expect(uniqueProductSlug('foam-roller', new Set(['foam-roller', 'foam-roller-3']))).toBe('foam-roller-2');
  });

  it('never gives a reserved name', () => {
    expect(uniqueProductSlug('index', new Set())).toBe('index-2');
    expect(uniqueProductSlug('not-found', new Set(['not-found-2']))).toBe('not-found-3');
    expect(uniqueProductSlug(productSlugBase('Not Found'), new Set())).toBe('not-found-2');
  });

  it('reserves every static page under src/pages/product/', () => {
    const pages = readdirSync(resolve(import.meta.dirname, '../../src/pages/product'))
      .filter((file) => !file.startsWith('[') && !file.startsWith('_'))
      .map((file) => file.replace(/\.(astro|ts|js|md|mdx|html)$/, ''));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(RESERVED_PRODUCT_SLUGS.has(page), `${page} is reserved`).toBe(true);
    expect(RESERVED_PRODUCT_SLUGS.has('index')).toBe(true);
  });
});

describe('slugFollowsName', () => {
  it('is true for the base and the base with a numeric suffix only', () => {
    expect(slugFollowsName('ab-wheel-pro', 'Ab Wheel Pro')).toBe(true);
    expect(slugFollowsName('ab-wheel-pro-3', 'Ab Wheel Pro!')).toBe(true);
    expect(slugFollowsName('ab-roller', 'Ab Wheel Pro')).toBe(false);
    expect(slugFollowsName('ab-wheel-pro-max', 'Ab Wheel Pro')).toBe(false);
  });
});
