/**
 * The rules of the admin products list and its bulk actions (issue 10, point 3): the query string, the filter a bulk
 * action repeats, the bulk request and the summary sentences.
 */
import { describe, expect, it } from 'vitest';
import { productStatuses as schemaStatuses } from '../../db/schema.ts';
import { bulkDeleteQuestion, bulkRequestSchema, bulkResult, bulkTexts, idsSummary, MAX_BULK_IDS } from '../../src/domain/admin/product-bulk.ts';
import {
  filterOf,
  isCodeLike,
  likeLiteral,
  pageCount,
  pageLabel,
  parseProductListQuery,
  productCountLabel,
  productListSearchParams,
  productListTexts,
  productStatuses,
  publicProductPath,
  SEARCH_MAX,
  thumbnailSrc,
} from '../../src/domain/admin/product-list.ts';

const parse = (query: string) => parseProductListQuery(new URLSearchParams(query));

describe('the list query string', () => {
  it('defaults to the first page of 25, newest first, no filter', () => {
    expect(parse('')).toEqual({ ok: true, value: { page: 1, pageSize: 25, sort: 'created', dir: 'desc' } });
  });

  it('reads every filter, the sort, the page and the page size', () => {
    expect(parse('search=+Foam+Roller+&category=recovery&status=draft&stock=out&featured=true&sort=price&dir=asc&page=3&pageSize=100')).toEqual({
      ok: true,
      value: { search: 'Foam Roller', category: 'recovery', status: 'draft', stock: 'out', featured: true, sort: 'price', dir: 'asc', page: 3, pageSize: 100 },
    });
  });

  it('takes a numeric category as an id and anything else as a slug', () => {
    expect(parse('category=12')).toMatchObject({ ok: true, value: { category: 12 } });
    expect(parse('category=massage-guns')).toMatchObject({ ok: true, value: { category: 'massage-guns' } });
  });

  it('treats empty values as not set: a cleared search box lists everything', () => {
    expect(parse('search=&status=&page=')).toEqual(parse(''));
    expect(parse('search=%20%20')).toEqual(parse(''));
  });

  it('sorts a newly chosen column in its natural direction: names A to Z, figures highest first', () => {
    expect(parse('sort=name')).toMatchObject({ value: { sort: 'name', dir: 'asc' } });
    expect(parse('sort=clicks')).toMatchObject({ value: { sort: 'clicks', dir: 'desc' } });
  });

  it.each([
    ['page=0', productListTexts.pageInvalid],
    ['page=-1', productListTexts.pageInvalid],
    ['page=1.5', productListTexts.pageInvalid],
    ['page=abc', productListTexts.pageInvalid],
    ['page=999999', productListTexts.pageInvalid],
    ['pageSize=10', productListTexts.pageSizeInvalid],
    ['pageSize=1000', productListTexts.pageSizeInvalid],
    [`search=${'a'.repeat(SEARCH_MAX + 1)}`, productListTexts.searchTooLong],
    ['category=Bad%20Slug', productListTexts.categoryInvalid],
    ['status=Published', productListTexts.statusInvalid],
    ['status=archived', productListTexts.statusInvalid],
    ['stock=maybe', productListTexts.stockInvalid],
    ['featured=yes', productListTexts.featuredInvalid],
    ['review=true', productListTexts.reviewInvalid],
    ['sort=price-low', productListTexts.sortInvalid],
    ['dir=up', productListTexts.dirInvalid],
    ['colour=red', 'Unknown parameter: colour.'],
    ['page=1&page=2', 'page must be given once.'],
  ])('refuses %s with a message naming the parameter', (query, message) => {
    expect(parse(query)).toEqual({ ok: false, message });
  });

  it('writes back only what differs from the defaults, so URLs stay short and stable', () => {
    expect(productListSearchParams({ page: 1, pageSize: 25, sort: 'created', dir: 'desc' }).toString()).toBe('');
    expect(productListSearchParams({ search: 'rw-foa', status: 'draft', page: 2, pageSize: 50, sort: 'name', dir: 'asc' }).toString()).toBe(
      'search=rw-foa&status=draft&sort=name&page=2&pageSize=50',
    );
    expect(productListSearchParams({ featured: false, page: 1, pageSize: 25, sort: 'name', dir: 'desc' }).toString()).toBe('featured=false&sort=name&dir=desc');
    expect(productListSearchParams({ page: 1, pageSize: 25, sort: 'created', dir: 'asc' }).toString()).toBe('dir=asc');
  });

  it('round-trips any query through the URL', () => {
    const query = { search: 'mat', category: 4, stock: 'in' as const, featured: true, needsReview: true as const, page: 7, pageSize: 100 as const, sort: 'rating' as const, dir: 'asc' as const };
    expect(parse(productListSearchParams(query).toString())).toEqual({ ok: true, value: query });
  });

  it('gives a bulk action the filter without page and sort', () => {
    expect(filterOf({ search: 'mat', status: 'active', page: 3, pageSize: 50, sort: 'name', dir: 'asc' })).toEqual({ search: 'mat', status: 'active' });
  });
});

describe('search terms', () => {
  it('also looks up SKUs and ASINs for one-word codes only', () => {
    expect(isCodeLike('RW-FOAM-00012')).toBe(true);
    expect(isCodeLike('B0C1234567')).toBe(true);
    expect(isCodeLike('foam roller')).toBe(false);
    expect(isCodeLike('50%')).toBe(false);
  });

  it('matches % and _ literally', () => {
    expect(likeLiteral('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('the pager and the rows', () => {
  it("says 'Page x of y' with at least one page", () => {
    expect(pageLabel(1, 0, 25)).toBe('Page 1 of 1');
    expect(pageLabel(2, 51, 25)).toBe('Page 2 of 3');
    expect(pageCount(10_000, 100)).toBe(100);
  });

  it('counts products in words', () => {
    expect(productCountLabel(1)).toBe('1 product');
    expect(productCountLabel(10_000)).toBe('10,000 products');
  });

  it('links to the public page unless the product is a draft', () => {
    expect(publicProductPath({ slug: 'foam-roller', status: 'active' })).toBe('/product/foam-roller');
    expect(publicProductPath({ slug: 'foam-roller', status: 'draft' })).toBeUndefined();
  });

  it('shows thumbnails only from this site or https addresses', () => {
    expect(thumbnailSrc('/images/products/mat-1.svg')).toBe('/images/products/mat-1.svg');
    expect(thumbnailSrc('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    for (const url of [null, '', 'http://cdn.example.com/a.jpg', '//evil.example/a.jpg', 'javascript:alert(1)', 'https://x.example/a b.jpg']) {
      expect(thumbnailSrc(url), String(url)).toBeUndefined();
    }
  });

  it('knows the same statuses as the database', () => {
    expect(productStatuses).toEqual(schemaStatuses);
  });
});

describe('the bulk request', () => {
  const message = (body: unknown) => {
    const result = bulkRequestSchema.safeParse(body);
    return result.success ? undefined : result.error.issues[0]!.message;
  };

  it('accepts ids or a filter, and drops repeated ids', () => {
    expect(bulkRequestSchema.parse({ action: 'publish', ids: [3, 1, 3] })).toEqual({ action: 'publish', ids: [3, 1] });
    expect(bulkRequestSchema.parse({ action: 'delete', allMatching: { status: 'draft', search: ' x ' } })).toEqual({
      action: 'delete',
      allMatching: { status: 'draft', search: 'x' },
    });
    expect(bulkRequestSchema.parse({ action: 'move', categoryId: 2, ids: [5] })).toEqual({ action: 'move', categoryId: 2, ids: [5] });
  });

  it('accepts 10,000 ids and refuses more', () => {
    const ids = Array.from({ length: MAX_BULK_IDS }, (_, index) => index + 1);
    expect(message({ action: 'feature', ids })).toBeUndefined();
    expect(message({ action: 'feature', ids: [...ids, MAX_BULK_IDS + 1] })).toBe(bulkTexts.idsTooMany);
  });

  it.each([
    [{ action: 'publish', ids: [] }, bulkTexts.idsRequired],
    [{ action: 'publish' }, bulkTexts.targetRequired],
    [{ action: 'publish', ids: [1], allMatching: {} }, bulkTexts.targetRequired],
    [{ action: 'publish', ids: [0] }, bulkTexts.idInvalid],
    [{ action: 'publish', ids: ['1'] }, bulkTexts.idInvalid],
    [{ action: 'publish', ids: [1.5] }, bulkTexts.idInvalid],
    [{ action: 'archive', ids: [1] }, bulkTexts.actionInvalid],
    [{ action: 'move', ids: [1] }, bulkTexts.categoryRequired],
    [{ action: 'publish', ids: [1], categoryId: 2 }, bulkTexts.categoryUnexpected],
    [{ action: 'publish', allMatching: { status: 'gone' } }, productListTexts.statusInvalid],
    [{ action: 'publish', allMatching: { page: 2 } }, undefined],
  ])('refuses %j: %s', (body, expected) => {
    if (expected === undefined) expect(message(body)).toMatch(/Unrecognized key/);
    else expect(message(body)).toBe(expected);
  });
});

describe('the bulk summary', () => {
  it('says what changed and what was already so', () => {
    expect(bulkResult('publish', { matched: 15, changed: 12, missing: 0 })).toEqual({
      action: 'publish',
      matched: 15,
      changed: 12,
      unchanged: 3,
      missing: 0,
      title: 'Published 12 products',
      description: '3 were already published.',
      undoJobId: null,
    });
    expect(bulkResult('unpublish', { matched: 1, changed: 1, missing: 0 })).toMatchObject({ title: 'Unpublished 1 product', description: '' });
    expect(bulkResult('unpublish', { matched: 2, changed: 1, missing: 0 }).description).toBe('1 was already a draft.');
    expect(bulkResult('unpublish', { matched: 5, changed: 1, missing: 0 }).description).toBe('4 were already drafts.');
  });

  it.each([
    ['activate', 'Set 2 products to active', '1 was already active.'],
    ['feature', 'Featured 2 products', '1 was already featured.'],
    ['unfeature', 'Removed 2 products from featured', '1 was not featured.'],
    ['move', 'Moved 2 products to Foam Rollers', '1 was already in Foam Rollers.'],
    ['in-stock', 'Marked 2 products in stock', '1 was already in stock.'],
    ['out-of-stock', 'Marked 2 products out of stock', '1 was already out of stock.'],
  ] as const)('%s: %s / %s', (action, title, description) => {
    expect(bulkResult(action, { matched: 3, changed: 2, missing: 0 }, 'Foam Rollers')).toMatchObject({ title, description });
  });

  it('counts deletes and ids that no longer exist', () => {
    expect(bulkResult('delete', { matched: 1200, changed: 1200, missing: 2 })).toMatchObject({ title: 'Deleted 1,200 products', description: '2 no longer exist.' });
    expect(bulkResult('delete', { matched: 0, changed: 0, missing: 1 })).toMatchObject({ title: 'Deleted 0 products', description: '1 no longer exists.' });
  });

  it('names the ids in the audit line, the first twenty then how many more', () => {
    expect(idsSummary([7])).toBe('id 7');
    expect(idsSummary([1, 2, 3])).toBe('ids 1, 2, 3');
    const many = Array.from({ length: 10_000 }, (_, index) => index + 1);
    expect(idsSummary(many)).toBe(`ids ${many.slice(0, 20).join(', ')} and 9,980 more`);
  });

  it('asks before a bulk delete with the count', () => {
    expect(bulkDeleteQuestion(1)).toBe('Delete 1 product?');
    expect(bulkDeleteQuestion(640)).toBe('Delete 640 products?');
  });
});
