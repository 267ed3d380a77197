import { describe, expect, it } from 'vitest';
import {
  catalogueHref,
  DEFAULT_QUERY,
  parseAvailability,
  parseCatalogueQuery,
  parsePrice,
  parseRating,
  queryAtLocation,
  sameQuery,
  serializeCatalogueQuery,
  toggled,
  withQuery,
} from '../../src/domain/catalogue/query.ts';

describe('every catalogue query parameter is read from the URL', () => {
  it('reads all nine parameters of the spec, and the page', () => {
    const query = parseCatalogueQuery(
      'category=recovery&search=foam%20roller&featured=true&sort=price-high&min_price=20&max_price=80&rating=4%2B&availability=in-stock,out-of-stock&features=fsa-hsa,best-seller&page=3',
    );
    expect(query).toEqual({
      category: 'recovery',
      search: 'foam roller',
      featured: true,
      sort: 'price-high',
      minPrice: 20,
      maxPrice: 80,
      rating: '4+',
      availability: ['in-stock', 'out-of-stock'],
      features: ['best-seller', 'fsa-hsa'],
      page: 3,
    });
  });

  it('reads the page as a whole number from 1; anything else is page 1', () => {
    expect(parseCatalogueQuery('page=2').page).toBe(2);
    expect(parseCatalogueQuery('page=%202%20').page).toBe(2);
    for (const bad of ['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page=', 'page=1e3', 'page=9999999']) {
      expect(parseCatalogueQuery(bad).page, bad).toBe(1);
    }
  });

  it('gives the defaults for an empty query: newest, in stock only, no filters', () => {
    expect(parseCatalogueQuery('')).toEqual(DEFAULT_QUERY);
  });

  it('trims the search term and treats a blank one as none', () => {
    expect(parseCatalogueQuery('search=%20%20mat%20').search).toBe('mat');
    expect(parseCatalogueQuery('search=%20%20').search).toBeNull();
  });

  it('takes featured only when it is true', () => {
    expect(parseCatalogueQuery('featured=true').featured).toBe(true);
    expect(parseCatalogueQuery('featured=yes').featured).toBe(false);
  });
});

describe('sort accepts newest (default), oldest, price-low, price-high, rating and name', () => {
  it.each(['newest', 'oldest', 'price-low', 'price-high', 'rating', 'name'])('accepts %s', (sort) => {
    expect(parseCatalogueQuery(`sort=${sort}`).sort).toBe(sort);
  });

  it('falls back to newest for anything else', () => {
    expect(parseCatalogueQuery('sort=cheapest').sort).toBe('newest');
  });
});

describe('min_price and max_price apply only when numeric', () => {
  it('reads numbers, including decimals', () => {
    expect(parsePrice('49.5')).toBe(49.5);
    expect(parsePrice(' 150 ')).toBe(150);
  });

  it('ignores empty and non-numeric values', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('12abc')).toBeNull();
    expect(parsePrice(null)).toBeNull();
    expect(parseCatalogueQuery('min_price=cheap&max_price=lots')).toMatchObject({ minPrice: null, maxPrice: null });
  });

  it('drops a lower bound of 0 or less, which excludes nothing', () => {
    expect(parseCatalogueQuery('min_price=0&max_price=50')).toMatchObject({ minPrice: null, maxPrice: 50 });
  });
});

describe('the rating filter applies only for 4+, 3+ and 2+', () => {
  it('reads the three options, however the plus sign arrived', () => {
    expect(parseRating('4+')).toBe('4+');
    // An unencoded '+' in a query string decodes to a space.
    expect(parseCatalogueQuery('rating=3+').rating).toBe('3+');
    expect(parseRating('2')).toBe('2+');
  });

  it('treats all and anything else as no filter', () => {
    expect(parseRating('all')).toBeNull();
    expect(parseRating('5+')).toBeNull();
    expect(parseRating('1+')).toBeNull();
  });
});

describe('availability is a comma list that defaults to in-stock only', () => {
  it('defaults to in-stock only', () => {
    expect(parseAvailability(null)).toEqual(['in-stock']);
    expect(parseAvailability('nonsense')).toEqual(['in-stock']);
  });

  it('keeps out-of-stock alone, or both', () => {
    expect(parseAvailability('out-of-stock')).toEqual(['out-of-stock']);
    expect(parseAvailability('out-of-stock, in-stock')).toEqual(['in-stock', 'out-of-stock']);
  });
});

describe('features accept best-seller, amazon-choice, climate-friendly and fsa-hsa', () => {
  it('keeps the known keys once, in a fixed order', () => {
    expect(parseCatalogueQuery('features=fsa-hsa,climate-friendly,amazon-choice,best-seller,fsa-hsa,shiny').features).toEqual([
      'best-seller',
      'amazon-choice',
      'climate-friendly',
      'fsa-hsa',
    ]);
  });
});

describe('the URL is canonical: fixed order, defaults left out', () => {
  it('writes nothing for the default view', () => {
    expect(serializeCatalogueQuery(DEFAULT_QUERY)).toBe('');
    expect(catalogueHref(DEFAULT_QUERY)).toBe('/products');
  });

  it('writes parameters in a fixed order with readable commas and an encoded plus', () => {
    const query = parseCatalogueQuery('features=fsa-hsa&rating=4%2B&sort=rating&category=home&availability=out-of-stock,in-stock');
    expect(serializeCatalogueQuery(query)).toBe('category=home&sort=rating&rating=4%2B&availability=in-stock,out-of-stock&features=fsa-hsa');
  });

  it('round-trips every view', () => {
    const query = parseCatalogueQuery(
      'category=office&search=desk&featured=true&sort=name&min_price=10.5&max_price=99&rating=2%2B&availability=out-of-stock&features=climate-friendly&page=4',
    );
    expect(parseCatalogueQuery(serializeCatalogueQuery(query))).toEqual(query);
    expect(sameQuery(query, parseCatalogueQuery(catalogueHref(query).split('?')[1] ?? ''))).toBe(true);
  });
});

describe('changing a query keeps it canonical', () => {
  it('clears a blank search and re-orders lists', () => {
    const query = withQuery(DEFAULT_QUERY, { search: '   ', features: ['fsa-hsa', 'best-seller'], availability: [] });
    expect(query.search).toBeNull();
    expect(query.features).toEqual(['best-seller', 'fsa-hsa']);
    // Unticking both stock boxes goes back to the default rather than listing nothing.
    expect(query.availability).toEqual(['in-stock']);
  });

  it('writes the page last, and not at all for page 1', () => {
    expect(catalogueHref(parseCatalogueQuery('page=2&category=home&sort=name'))).toBe('/products?category=home&sort=name&page=2');
    expect(catalogueHref(parseCatalogueQuery('page=1&category=home'))).toBe('/products?category=home');
  });

  it('returns to page 1 when anything but the page changes: a new filter or order is a new list', () => {
    const onPage3 = parseCatalogueQuery('category=home&page=3');
    expect(withQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(withQuery(onPage3, { sort: 'rating' }).page).toBe(1);
    expect(withQuery(onPage3, { category: 'office' }).page).toBe(1);
    expect(withQuery(onPage3, { rating: '4+' }).page).toBe(1);
    expect(withQuery(onPage3, { features: ['fsa-hsa'] }).page).toBe(1);
    expect(withQuery(onPage3, { minPrice: 10, maxPrice: 50 }).page).toBe(1);
    expect(withQuery(onPage3, { search: 'mat' }).page).toBe(1);
  });

  it('toggles a value in a list', () => {
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggled(['b'], 'a')).toEqual(['b', 'a']);
  });
});

describe('a pre-rendered category or Top Picks page stands for its query', () => {
  const base = { path: '/products/category/recovery/', query: { ...DEFAULT_QUERY, category: 'recovery' } };

  it('applies the base query at its own path, with the URL parameters on top', () => {
    expect(queryAtLocation('/products/category/recovery/', '', base).category).toBe('recovery');
    expect(queryAtLocation('/products/category/recovery', '?sort=name', base)).toMatchObject({ category: 'recovery', sort: 'name' });
  });

  it('uses the URL alone anywhere else, e.g. after pushState to /products?…', () => {
    expect(queryAtLocation('/products', '?category=home', base).category).toBe('home');
    expect(queryAtLocation('/products/', '', base).category).toBeNull();
  });
});
