import { describe, expect, it } from 'vitest';
import {
  categoryHref,
  countedLinks,
  mobileChipCategories,
  orderCategories,
  productCountLabel,
  relatedCategories,
  topPickCountLabel,
  uncountedLinks,
} from '../../src/domain/catalogue/categories.ts';

const category = (name: string, slug: string, productCount = 10) => ({ name, slug, productCount, topPickCount: 0 });

describe('categories are sorted by name with uncategorized last', () => {
  it('orders by name, ignoring case, and puts uncategorized at the end', () => {
    const ordered = orderCategories([
      category('Uncategorized', 'uncategorized'),
      category('wellness', 'wellness'),
      category('Budget Picks', 'budget'),
      category('Office Wellness', 'office'),
    ]);
    expect(ordered.map((entry) => entry.slug)).toEqual(['budget', 'office', 'wellness', 'uncategorized']);
  });
});

describe('mobile shows the first 5 categories as chips, and the current one', () => {
  const slugs = (list: { slug: string }[]) => list.map((entry) => entry.slug);
  const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug) => ({ slug }));

  it('takes five', () => {
    expect(slugs(mobileChipCategories(all))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(slugs(mobileChipCategories(all, 'c'))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('adds the current category at the end when it is not among the five', () => {
    expect(slugs(mobileChipCategories(all, 'g'))).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
  });

  it('adds nothing for an unknown category', () => {
    expect(slugs(mobileChipCategories(all, 'zzz'))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('related categories are up to 4 others, following the current one', () => {
  const ordered = countedLinks(orderCategories([
    category('A', 'a'),
    category('B', 'b'),
    category('C', 'c', 0),
    category('D', 'd'),
    category('E', 'e'),
    category('F', 'f'),
    category('Uncategorized', 'uncategorized'),
  ]));

  it('takes the next four in order, wrapping, skipping empty ones and uncategorized', () => {
    expect(relatedCategories(ordered, 'b').map((entry) => entry.slug)).toEqual(['d', 'e', 'f', 'a']);
    expect(relatedCategories(ordered, 'f').map((entry) => entry.slug)).toEqual(['a', 'b', 'd', 'e']);
  });

  it('never includes the current category and gives none for an unknown one', () => {
    expect(relatedCategories(ordered, 'a').map((entry) => entry.slug)).not.toContain('a');
    expect(relatedCategories(ordered, 'zzz')).toEqual([]);
  });

  it('gives none when there is only one category', () => {
    expect(relatedCategories(countedLinks([category('A', 'a')]), 'a')).toEqual([]);
  });

  it('are the same before the counts are known: a page without them knows which categories are empty', () => {
    const uncounted = uncountedLinks(orderCategories([category('A', 'a'), category('B', 'b', 0), category('C', 'c'), category('D', 'd')]));
    expect(uncounted.every((link) => link.productCount === undefined && link.topPickCount === undefined)).toBe(true);
    expect(relatedCategories(uncounted, 'a').map((entry) => entry.slug)).toEqual(['c', 'd']);
  });
});

describe('category links go to /products?category={slug} and keep featured=true', () => {
  it('builds the links', () => {
    expect(categoryHref('recovery', false)).toBe('/products?category=recovery');
    expect(categoryHref('recovery', true)).toBe('/products?category=recovery&featured=true');
    expect(categoryHref(null, true)).toBe('/products?featured=true');
    expect(categoryHref(null, false)).toBe('/products');
  });

  it('counts products', () => {
    expect(productCountLabel(1)).toBe('1 product');
    // Not known yet: the link shows its name alone.
    expect(productCountLabel(undefined)).toBe('');
    expect(topPickCountLabel(undefined)).toBe('');
    expect(productCountLabel(12)).toBe('12 products');
    expect(topPickCountLabel(1)).toBe('1 top pick');
    expect(topPickCountLabel(14)).toBe('14 top picks');
  });
});
