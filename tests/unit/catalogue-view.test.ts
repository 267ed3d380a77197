import { describe, expect, it } from 'vitest';
import { catalogueView } from '../../src/domain/catalogue/catalogue-view.ts';
import { DEFAULT_QUERY, parseCatalogueQuery } from '../../src/domain/catalogue/query.ts';
import {
  breadcrumbTrail,
  canonicalCataloguePath,
  canonicalForPrerenderedPath,
  prerenderedCataloguePath,
  catalogueMode,
  clearedFilters,
  documentTitle,
  emptyState,
  hasActiveFilter,
  listHeading,
  pageHeading,
  resultCountLabel,
  showsCategoryBrowser,
  showsFilterPanel,
  showsQuizBanner,
  showsRelatedCategories,
  showsTrending,
} from '../../src/domain/catalogue/view.ts';
import { items, product } from './catalogue-fixtures.ts';

const q = parseCatalogueQuery;

describe('headings for each mode', () => {
  it('Product Catalog / All Products by default', () => {
    expect(pageHeading(DEFAULT_QUERY, null)).toBe('Product Catalog');
    expect(listHeading(DEFAULT_QUERY, null)).toBe('All Products');
  });

  it('{category} Products / Category: {name} with a category', () => {
    expect(pageHeading(q('category=recovery'), 'Recovery')).toBe('Recovery Products');
    expect(listHeading(q('category=recovery'), 'Recovery')).toBe('Category: Recovery');
  });

  it('Search Results for the term / Results for "{term}" while searching', () => {
    expect(pageHeading(q('search=foam&category=recovery'), 'Recovery')).toBe('Search Results for "foam"');
    expect(listHeading(q('search=foam'), null)).toBe('Results for "foam"');
  });

  it('Top Picks when featured', () => {
    expect(pageHeading(q('featured=true&category=recovery'), 'Recovery')).toBe('Top Picks');
    expect(catalogueMode(q('featured=true&search=x'))).toBe('top-picks');
  });

  it('titles the document after the heading', () => {
    expect(documentTitle(q('category=home'), 'Home Essentials')).toBe('Home Essentials Products | Repwell');
    expect(documentTitle(q('featured=true&category=home'), 'Home Essentials')).toBe('Top Picks: Home Essentials | Repwell');
    expect(documentTitle(q('featured=true'), null)).toBe('Top Picks | Repwell');
  });
});

describe('the breadcrumb is Home, Products, then the current filter', () => {
  it('ends at Products by default', () => {
    expect(breadcrumbTrail(DEFAULT_QUERY, null)).toEqual([{ name: 'Home', href: '/' }, { name: 'Products' }]);
  });

  it('adds the category, Top Picks and the search term', () => {
    expect(breadcrumbTrail(q('category=home'), 'Home Essentials')).toEqual([
      { name: 'Home', href: '/' },
      { name: 'Products', href: '/products' },
      { name: 'Home Essentials' },
    ]);
    expect(breadcrumbTrail(q('featured=true&category=home'), 'Home Essentials').map((crumb) => crumb.name)).toEqual([
      'Home',
      'Products',
      'Top Picks',
      'Home Essentials',
    ]);
    expect(breadcrumbTrail(q('search=mat'), null).at(-1)).toEqual({ name: 'Results for "mat"' });
  });
});

describe('"{n} products found"', () => {
  it('counts', () => {
    expect(resultCountLabel(12)).toBe('12 products found');
    expect(resultCountLabel(0)).toBe('0 products found');
    expect(resultCountLabel(1)).toBe('1 product found');
  });
});

describe('empty states', () => {
  it('"No products in this category" for a category without a search', () => {
    expect(emptyState(q('category=home')).title).toBe('No products in this category');
  });

  it('"No products found" with a hint to try a different search term otherwise', () => {
    const state = emptyState(q('search=unicorn&category=home'));
    expect(state.title).toBe('No products found');
    expect(state.hint).toMatch(/different search term/);
  });
});

describe('the quiz banner shows only with no filter', () => {
  it('shows on the plain catalogue, even when sorted', () => {
    expect(showsQuizBanner(DEFAULT_QUERY)).toBe(true);
    expect(showsQuizBanner(q('sort=price-low'))).toBe(true);
  });

  it.each([
    'category=home',
    'search=mat',
    'featured=true',
    'min_price=10',
    'max_price=10',
    'rating=4%2B',
    'availability=out-of-stock',
    'features=fsa-hsa',
  ])('hides with %s', (search) => {
    expect(hasActiveFilter(q(search))).toBe(true);
    expect(showsQuizBanner(q(search))).toBe(false);
  });
});

describe('which blocks show', () => {
  it('hides the category browser while searching', () => {
    expect(showsCategoryBrowser(q('search=mat'))).toBe(false);
    expect(showsCategoryBrowser(q('featured=true'))).toBe(true);
  });

  it('hides the filter panel in Top Picks', () => {
    expect(showsFilterPanel(q('featured=true'))).toBe(false);
    expect(showsFilterPanel(DEFAULT_QUERY)).toBe(true);
  });

  it('shows Trending with a category and no search', () => {
    expect(showsTrending(q('category=home'))).toBe(true);
    expect(showsTrending(q('category=home&search=mat'))).toBe(false);
    expect(showsTrending(DEFAULT_QUERY)).toBe(false);
  });

  it('shows Related Categories with a category and more than one category', () => {
    expect(showsRelatedCategories(q('category=home'), 2)).toBe(true);
    expect(showsRelatedCategories(q('category=home'), 1)).toBe(false);
    expect(showsRelatedCategories(DEFAULT_QUERY, 5)).toBe(false);
  });
});

describe('Clear All Filters goes back to in-stock, all ratings, newest, no features', () => {
  it('resets the refinements and keeps the category and search term', () => {
    const cleared = clearedFilters(
      q('category=home&search=mat&sort=name&min_price=5&max_price=50&rating=3%2B&availability=out-of-stock&features=fsa-hsa'),
    );
    expect(cleared).toEqual({ ...DEFAULT_QUERY, category: 'home', search: 'mat' });
  });
});

describe('every catalogue URL has a canonical link', () => {
  it('points refinements at the view they refine', () => {
    expect(canonicalCataloguePath(DEFAULT_QUERY)).toBe('/products');
    expect(canonicalCataloguePath(q('sort=name&rating=4%2B'))).toBe('/products');
    expect(canonicalCataloguePath(q('category=home&search=mat'))).toBe('/products?category=home');
    expect(canonicalCataloguePath(q('featured=true&category=home'))).toBe('/products?category=home&featured=true');
  });
});

describe('the view for a query', () => {
  const list = items([
    product({ name: 'Featured', featured: true, rating: 4.5 }),
    product({ name: 'Plain', rating: 3 }),
    product({ name: 'Away', rating: 4.8, category: { name: 'Home', slug: 'home' } }),
  ]);

  it('lists products with Trending for a category', () => {
    const view = catalogueView(list, q('category=recovery'));
    expect(view.kind).toBe('list');
    if (view.kind !== 'list') return;
    expect(view.products.map((entry) => entry.name)).toEqual(['Featured', 'Plain']);
    expect(view.trending.map((entry) => entry.name)).toEqual(['Featured', 'Plain']);
  });

  it('gives Top Picks when featured', () => {
    const view = catalogueView(list, q('featured=true'));
    expect(view.kind).toBe('top-picks');
    if (view.kind !== 'top-picks') return;
    expect(view.editorsChoice.map((entry) => entry.name)).toEqual(['Featured']);
    expect(view.highestRated.map((entry) => entry.name)).toEqual(['Away', 'Featured']);
  });
});

describe('category and Top Picks views are pre-rendered pages that stand for the spec URLs', () => {
  it('publishes them under /products/category/ and /products/top-picks/', () => {
    expect(prerenderedCataloguePath(null, false)).toBe('/products');
    expect(prerenderedCataloguePath('home', false)).toBe('/products/category/home');
    expect(prerenderedCataloguePath(null, true)).toBe('/products/top-picks');
    expect(prerenderedCataloguePath('home', true)).toBe('/products/top-picks/home');
  });

  it('maps each such page back to its canonical URL, for the sitemap', () => {
    expect(canonicalForPrerenderedPath('/products/category/home/')).toBe('/products?category=home');
    expect(canonicalForPrerenderedPath('/products/category/home')).toBe('/products?category=home');
    expect(canonicalForPrerenderedPath('/products/top-picks/')).toBe('/products?featured=true');
    expect(canonicalForPrerenderedPath('/products/top-picks')).toBe('/products?featured=true');
    expect(canonicalForPrerenderedPath('/products/top-picks/home')).toBe('/products?category=home&featured=true');
    expect(canonicalForPrerenderedPath('/products/top-picks/home/')).toBe('/products?category=home&featured=true');
    expect(canonicalForPrerenderedPath('/products/')).toBeNull();
    expect(canonicalForPrerenderedPath('/products/category/')).toBeNull();
    expect(canonicalForPrerenderedPath('/products/category/a/b/')).toBeNull();
    expect(canonicalForPrerenderedPath('/blog/')).toBeNull();
  });
});
