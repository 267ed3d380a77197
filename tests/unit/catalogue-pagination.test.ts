import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE, clampPage, pageCount, pageSlice, paginationItems, type PaginationItem } from '../../src/domain/catalogue/pagination.ts';
import { CATALOGUE_LIMIT } from '../../src/domain/product.ts';

const labels = (list: PaginationItem[]) => list.map((item) => (item.kind === 'gap' ? '…' : item.current ? `[${item.page}]` : String(item.page))).join(' ');

describe('pages of 24, within the spec’s 200 a view', () => {
  it('fills whole rows of 1, 2, 3 and 4 columns', () => {
    expect(CATALOGUE_PAGE_SIZE).toBeLessThanOrEqual(CATALOGUE_LIMIT);
    for (const columns of [1, 2, 3, 4]) expect(CATALOGUE_PAGE_SIZE % columns).toBe(0);
  });

  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(pageCount(534)).toBe(23);
  });

  it('keeps a page number within the pages there are', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
  });

  it('slices a page and says where it starts and ends', () => {
    const list = Array.from({ length: 50 }, (_, index) => index + 1);
    expect(pageSlice(list, 1)).toEqual({ items: list.slice(0, 24), first: 1, last: 24 });
    expect(pageSlice(list, 3)).toEqual({ items: [49, 50], first: 49, last: 50 });
    expect(pageSlice([], 1)).toEqual({ items: [], first: 0, last: 0 });
  });
});

describe('the numbered page links', () => {
  it('show every page when there are few', () => {
    expect(labels(paginationItems(1, 1))).toBe('[1]');
    expect(labels(paginationItems(2, 4))).toBe('1 [2] 3 4');
  });

  it('show the first, the last, the current page and its neighbours, with gaps between', () => {
    expect(labels(paginationItems(1, 23))).toBe('[1] 2 … 23');
    expect(labels(paginationItems(10, 23))).toBe('1 … 9 [10] 11 … 23');
    expect(labels(paginationItems(23, 23))).toBe('1 … 22 [23]');
  });

  it('never hide a single page behind a gap', () => {
    expect(labels(paginationItems(4, 23))).toBe('1 2 3 [4] 5 … 23');
    expect(labels(paginationItems(3, 5))).toBe('1 2 [3] 4 5');
  });

  it('mark a page past the end as the last', () => {
    expect(labels(paginationItems(99, 3))).toBe('1 2 [3]');
  });
});
