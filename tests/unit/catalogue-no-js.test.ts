import { describe, expect, it } from 'vitest';
import { NO_JS_KINDS, NO_JS_PARAMS, noJsNotice, noJsPageOf, noJsPagePath } from '../../src/domain/catalogue/no-js.ts';
import { QUERY_PARAMS } from '../../src/domain/catalogue/query.ts';

describe('a query a static page cannot answer says so in one line', () => {
  it('names what needs JavaScript and what is shown instead', () => {
    expect(noJsNotice('search', null)).toBe('Search needs JavaScript; showing all products');
    expect(noJsNotice('search', 'Recovery')).toBe('Search needs JavaScript; showing all Recovery products');
    expect(noJsNotice('sort', null)).toBe('Sorting needs JavaScript; showing newest first');
    expect(noJsNotice('filters', 'Recovery')).toBe('Filters need JavaScript; showing all in-stock Recovery products');
  });

  it('covers every parameter a static page cannot answer; category, featured and page have pages of their own', () => {
    const covered = NO_JS_KINDS.flatMap((kind) => NO_JS_PARAMS[kind]);
    expect([...covered, 'category', 'featured', 'page'].sort()).toEqual([...QUERY_PARAMS].sort());
  });

  it('publishes a copy per view and kind, and reads it back from its path', () => {
    expect(noJsPagePath(null, 'search')).toBe('/products/no-js/search');
    expect(noJsPagePath('recovery', 'sort')).toBe('/products/category/recovery/no-js/sort');
    expect(noJsPageOf('/products/no-js/search')).toEqual({ category: null, kind: 'search' });
    expect(noJsPageOf('/products/category/recovery/no-js/filters/')).toEqual({ category: 'recovery', kind: 'filters' });
    expect(noJsPageOf('/products/no-js/other')).toBeNull();
    expect(noJsPageOf('/products/category/recovery')).toBeNull();
    expect(noJsPageOf('/blog/no-js/search')).toBeNull();
  });
});
