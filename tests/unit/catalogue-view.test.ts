import { describe, expect, it } from 'vitest';
import { catalogueView } from '../../src/domain/catalogue/catalogue-view.ts';
import { DEFAULT_QUERY, parseCatalogueQuery } from '../../src/domain/catalogue/query.ts';
import {
  activeFilterCount,
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

  it('a neutral heading for an unknown category, never "{slug} Products"', () => {
    expect(pageHeading(q('category=unknown'), null)).toBe('Product Catalog');
    expect(listHeading(q('category=unknown'), null)).toBe('Category not found');
    expect(documentTitle(q('category=unknown'), null)).toBe('Product Catalog | Repwell');
    expect(breadcrumbTrail(q('category=unknown'), null).map((crumb) => crumb.name)).toEqual(['Home', 'Products']);
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

  it('gives every page of a list its own title', () => {
    expect(documentTitle(q('page=2'), null)).toBe('Product Catalog – Page 2 | Repwell');
    expect(documentTitle(q('category=home&page=3'), 'Home Essentials')).toBe('Home Essentials Products – Page 3 | Repwell');
    expect(documentTitle(q('featured=true&page=3'), null)).toBe('Top Picks | Repwell');
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
  it('"No products in this category" for a category that holds nothing with the default filters', () => {
    expect(emptyState(q('category=home'), true).title).toBe('No products in this category');
  });

  it('"No products in this category" for an unknown category, whatever the filters', () => {
    expect(emptyState(q('category=unknown'), false).title).toBe('No products in this category');
    expect(emptyState(q('category=unknown&rating=4'), false).title).toBe('No products in this category');
  });

  it('"No products found" with a hint to try a different search term when a search emptied the list', () => {
    const state = emptyState(q('search=unicorn&category=home'), true);
    expect(state.title).toBe('No products found');
    expect(state.hint).toMatch(/different search term/);
  });

  it('"No products found", not "No products in this category", when the filters emptied a category', () => {
    for (const filters of ['rating=4', 'max_price=5', 'features=fsa-hsa', 'availability=out-of-stock']) {
      const state = emptyState(q(`category=home&${filters}`), true);
      expect(state.title, filters).toBe('No products found');
      expect(state.hint).toMatch(/different search term/);
    }
    expect(emptyState(q('rating=4'), true).title).toBe('No products found');
  });
});

describe("the phone's Filters button counts the filters that are set", () => {
  it('counts price, rating, availability and each feature; not the sort, category or search', () => {
    expect(activeFilterCount(DEFAULT_QUERY)).toBe(0);
    expect(activeFilterCount(q('sort=rating&category=home&search=mat'))).toBe(0);
    expect(activeFilterCount(q('min_price=10&max_price=50'))).toBe(1);
    expect(activeFilterCount(q('rating=4&availability=in-stock,out-of-stock'))).toBe(2);
    expect(activeFilterCount(q('features=best-seller,fsa-hsa&max_price=50'))).toBe(3);
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

  it('makes each page of a list canonical to itself, not to page 1', () => {
    expect(canonicalCataloguePath(q('page=2'))).toBe('/products?page=2');
    expect(canonicalCataloguePath(q('category=home&page=3&sort=name'))).toBe('/products?category=home&page=3');
    expect(canonicalCataloguePath(q('page=1'))).toBe('/products');
    // Top Picks is not a list: it has no pages.
    expect(canonicalCataloguePath(q('featured=true&page=2'))).toBe('/products?featured=true');
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
    expect([view.total, view.page, view.pageCount, view.first, view.last]).toEqual([2, 1, 1, 1, 2]);
  });

  it('shows one page of 24 and counts the whole match', () => {
    const many = items(Array.from({ length: 50 }, (_, index) => product({ name: `P${index + 1}`, id: index + 1 })));
    const second = catalogueView(many, q('page=2'));
    if (second.kind !== 'list') throw new Error('expected a list');
    expect(second.products.map((entry) => entry.name)).toEqual(Array.from({ length: 24 }, (_, index) => `P${index + 25}`));
    expect([second.total, second.page, second.pageCount, second.first, second.last]).toEqual([50, 2, 3, 25, 48]);
    const past = catalogueView(many, q('page=9'));
    if (past.kind !== 'list') throw new Error('expected a list');
    expect([past.page, past.first, past.last, past.products.length]).toEqual([3, 49, 50, 2]);
  });

  it('keeps out-of-stock products out of the Trending strip', () => {
    const stock = items([product({ name: 'Gone', rating: 5, inStock: false }), product({ name: 'Here', rating: 3 })]);
    const view = catalogueView(stock, q('category=recovery&availability=in-stock,out-of-stock'));
    if (view.kind !== 'list') throw new Error('expected a list');
    expect(view.products.map((entry) => entry.name)).toEqual(['Gone', 'Here']);
    expect(view.trending.map((entry) => entry.name)).toEqual(['Here']);
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

  it("publishes a list's later pages below it", () => {
    expect(prerenderedCataloguePath(null, false, 2)).toBe('/products/page/2');
    expect(prerenderedCataloguePath('home', false, 3)).toBe('/products/category/home/page/3');
    expect(prerenderedCataloguePath('home', false, 1)).toBe('/products/category/home');
    expect(canonicalForPrerenderedPath('/products/page/2')).toBe('/products?page=2');
    expect(canonicalForPrerenderedPath('/products/category/home/page/3/')).toBe('/products?category=home&page=3');
    expect(canonicalForPrerenderedPath('/products/page/1')).toBeNull();
    expect(canonicalForPrerenderedPath('/products/page/x')).toBeNull();
    expect(canonicalForPrerenderedPath('/products/category/home/page/')).toBeNull();
    expect(canonicalForPrerenderedPath('/products/category/home/no-js/search')).toBeNull();
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
