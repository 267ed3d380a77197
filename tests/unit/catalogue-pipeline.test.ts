import { describe, expect, it } from 'vitest';
import {
  filterCatalogue,
  matchesAvailability,
  matchesCategory,
  matchesFeatured,
  matchesFeatures,
  matchesPriceRange,
  matchesRating,
  matchesText,
  selectCatalogue,
  shopperPrice,
  sortCatalogue,
} from '../../src/domain/catalogue/pipeline.ts';
import { DEFAULT_QUERY, parseCatalogueQuery } from '../../src/domain/catalogue/query.ts';
import { items, names, product } from './catalogue-fixtures.ts';

describe('category keeps the products of that category', () => {
  it('matches by slug; no category keeps all', () => {
    const inRecovery = product({ category: { name: 'Recovery', slug: 'recovery' } });
    const uncategorized = product({ category: null });
    expect(matchesCategory(inRecovery, 'recovery')).toBe(true);
    expect(matchesCategory(inRecovery, 'home')).toBe(false);
    expect(matchesCategory(uncategorized, 'recovery')).toBe(false);
    expect(matchesCategory(uncategorized, null)).toBe(true);
  });
});

describe('featured=true keeps featured products', () => {
  it('needs attributes.is_featured', () => {
    expect(matchesFeatured(product({ featured: true }), true)).toBe(true);
    expect(matchesFeatured(product(), true)).toBe(false);
    expect(matchesFeatured(product(), false)).toBe(true);
  });
});

describe('price bounds are inclusive and use the price the shopper pays', () => {
  it('uses the sale price during a sale', () => {
    const onSale = product({ price: 60, salePrice: 45 });
    expect(shopperPrice(onSale)).toBe(45);
    expect(matchesPriceRange(onSale, null, 50)).toBe(true);
    expect(matchesPriceRange(onSale, 50, null)).toBe(false);
  });

  it('includes both ends', () => {
    const fifty = product({ price: 50 });
    expect(matchesPriceRange(fifty, 50, 50)).toBe(true);
    expect(matchesPriceRange(fifty, 50.01, null)).toBe(false);
    expect(matchesPriceRange(fifty, null, null)).toBe(true);
  });
});

describe('rating 4+, 3+ and 2+ keep products rated at least that', () => {
  it('compares with the minimum and never passes an unrated product', () => {
    expect(matchesRating(product({ rating: 4 }), '4+')).toBe(true);
    expect(matchesRating(product({ rating: 3.9 }), '4+')).toBe(false);
    expect(matchesRating(product({ rating: 2.1 }), '2+')).toBe(true);
    expect(matchesRating(product({ rating: null }), '2+')).toBe(false);
    expect(matchesRating(product({ rating: null }), null)).toBe(true);
  });
});

describe('availability: in-stock alone, out-of-stock alone, or both', () => {
  it('keeps what was asked for', () => {
    const inStock = product({ inStock: true });
    const outOfStock = product({ inStock: false });
    expect(matchesAvailability(inStock, ['in-stock'])).toBe(true);
    expect(matchesAvailability(outOfStock, ['in-stock'])).toBe(false);
    expect(matchesAvailability(outOfStock, ['out-of-stock'])).toBe(true);
    expect(matchesAvailability(inStock, ['out-of-stock'])).toBe(false);
    expect(matchesAvailability(outOfStock, ['in-stock', 'out-of-stock'])).toBe(true);
  });
});

describe('special features map to attribute flags and must all hold', () => {
  it('maps best-seller, amazon-choice, climate-friendly and fsa-hsa to their flags', () => {
    expect(matchesFeatures(product({ bestSeller: true }), ['best-seller'])).toBe(true);
    expect(matchesFeatures(product({ amazonChoice: true }), ['amazon-choice'])).toBe(true);
    expect(matchesFeatures(product({ climatePledge: true }), ['climate-friendly'])).toBe(true);
    expect(matchesFeatures(product({ fsaHsa: true }), ['fsa-hsa'])).toBe(true);
    expect(matchesFeatures(product(), ['fsa-hsa'])).toBe(false);
  });

  it('needs every chosen feature', () => {
    expect(matchesFeatures(product({ bestSeller: true }), ['best-seller', 'fsa-hsa'])).toBe(false);
    expect(matchesFeatures(product({ bestSeller: true, fsaHsa: true }), ['best-seller', 'fsa-hsa'])).toBe(true);
  });
});

describe('search is a case-insensitive match in the name or the description', () => {
  it('matches part of the name or of a description block, ignoring case', () => {
    expect(matchesText('ROLL', 'Foam Roller')).toBe(true);
    expect(matchesText('deep tissue', 'Massage Gun', ['relieves Deep Tissue knots'])).toBe(true);
    expect(matchesText('yoga', 'Massage Gun', ['relieves knots'])).toBe(false);
  });

  it('matches names only when no search data is given', () => {
    const list = items([product({ name: 'Foam Roller' }), product({ name: 'Yoga Mat' })]);
    expect(names(filterCatalogue(list, parseCatalogueQuery('search=foam')))).toEqual(['Foam Roller']);
  });

  it('uses the given search matcher when there is one', () => {
    const list = items([product({ id: 901, name: 'Foam Roller' }), product({ id: 902, name: 'Yoga Mat' })]);
    const matchesSearch = (item: { product: { id: number } }) => item.product.id === 902;
    expect(names(filterCatalogue(list, parseCatalogueQuery('search=anything'), { matchesSearch }))).toEqual(['Yoga Mat']);
  });
});

describe('the default view lists in-stock products only', () => {
  it('leaves out-of-stock products out until availability asks for them', () => {
    const list = items([product({ name: 'In', inStock: true }), product({ name: 'Out', inStock: false })]);
    expect(names(filterCatalogue(list, DEFAULT_QUERY))).toEqual(['In']);
  });
});

describe('sorting: newest (default), oldest, price low and high, rating, name; ties newest first', () => {
  const DAY = 86_400_000;
  const list = items([
    product({ name: 'Bravo', price: 30, rating: 4.1, createdAt: 3 * DAY }),
    product({ name: 'alpha', price: 20, salePrice: 5, rating: null, createdAt: 1 * DAY }),
    product({ name: 'Charlie', price: 10, rating: 4.8, createdAt: 2 * DAY }),
    product({ name: 'Delta', price: 10, rating: 4.1, createdAt: 4 * DAY }),
  ]);

  it('newest first by creation time', () => {
    expect(names(sortCatalogue(list, 'newest'))).toEqual(['Delta', 'Bravo', 'Charlie', 'alpha']);
  });

  it('oldest first', () => {
    expect(names(sortCatalogue(list, 'oldest'))).toEqual(['alpha', 'Charlie', 'Bravo', 'Delta']);
  });

  it('price low to high by the price paid, ties newest first', () => {
    expect(names(sortCatalogue(list, 'price-low'))).toEqual(['alpha', 'Delta', 'Charlie', 'Bravo']);
  });

  it('price high to low', () => {
    expect(names(sortCatalogue(list, 'price-high'))).toEqual(['Bravo', 'Delta', 'Charlie', 'alpha']);
  });

  it('rating highest first, unrated last', () => {
    expect(names(sortCatalogue(list, 'rating'))).toEqual(['Charlie', 'Delta', 'Bravo', 'alpha']);
  });

  it('name A to Z, ignoring case', () => {
    expect(names(sortCatalogue(list, 'name'))).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta']);
  });
});

describe('the list comes in pages of 24, never more than 200 a view, and every match is on a page', () => {
  const list = items(Array.from({ length: 250 }, (_, index) => product({ name: `P${index}`, price: index + 1 })));

  it('shows the first page of the sorted match and reports the full count', () => {
    const selection = selectCatalogue(list, parseCatalogueQuery('sort=price-high'));
    expect(selection.items).toHaveLength(24);
    expect(selection.total).toBe(250);
    expect(selection.pageCount).toBe(11);
    expect(selection.items[0]?.product.price).toBe(250);
  });

  it('reaches the last product of the match on the last page', () => {
    const last = selectCatalogue(list, parseCatalogueQuery('sort=price-high&page=11'));
    expect([last.page, last.first, last.last]).toEqual([11, 241, 250]);
    expect(last.items.at(-1)?.product.price).toBe(1);
    const seen = Array.from({ length: 11 }, (_, index) => selectCatalogue(list, parseCatalogueQuery(`page=${index + 1}`)).items).flat();
    expect(new Set(seen.map((item) => item.product.id)).size).toBe(250);
  });

  it('never puts more than 200 products in one view, whatever page size is asked for', () => {
    const selection = selectCatalogue(list, parseCatalogueQuery(''), { pageSize: 1000 });
    expect(selection.items).toHaveLength(200);
    expect(selection.pageCount).toBe(2);
  });
});

describe('filters combine', () => {
  it('applies every filter together', () => {
    const list = items([
      product({ name: 'Match', category: { name: 'Home', slug: 'home' }, price: 40, rating: 4.5, bestSeller: true }),
      product({ name: 'Wrong category', price: 40, rating: 4.5, bestSeller: true }),
      product({ name: 'Too dear', category: { name: 'Home', slug: 'home' }, price: 400, rating: 4.5, bestSeller: true }),
      product({ name: 'Low rated', category: { name: 'Home', slug: 'home' }, price: 40, rating: 3, bestSeller: true }),
      product({ name: 'Not a best seller', category: { name: 'Home', slug: 'home' }, price: 40, rating: 4.5 }),
    ]);
    const query = parseCatalogueQuery('category=home&max_price=50&rating=4%2B&features=best-seller');
    expect(names(selectCatalogue(list, query).items)).toEqual(['Match']);
  });
});
