/**
 * The catalogue list in pages (issue 9, point 1): every matching product is reachable by page links
 * that work without JavaScript (/products?page=2), while no view shows more than the spec's 200.
 *
 * 24 a page: it fills whole rows at every grid width (1, 2 and 3 columns; 2 and 4 in the Trending
 * strip's grid), makes about eight rows beside the filter sidebar on a desktop (some 3,500 px
 * instead of 35,000), and keeps the first view's HTML and images light on a phone.
 */
import { CATALOGUE_LIMIT } from '../product.ts';

export const CATALOGUE_PAGE_SIZE = 24;
/** Page links shown either side of the current one, besides the first and the last. */
const NEIGHBOURS = 1;

/** How many pages a list of `total` products takes (at least one, so an empty list has page 1). */
export function pageCount(total: number, size: number = CATALOGUE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSizeWithin(size)));
}

/** A page number within 1…count: a page past the end shows the last one. */
export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, count));
}

/** The page's slice of a sorted list, and where it starts and ends (1-based, for "25–48"). */
export function pageSlice<T>(list: readonly T[], page: number, size: number = CATALOGUE_PAGE_SIZE): { items: T[]; first: number; last: number } {
  const perPage = pageSizeWithin(size);
  const start = (clampPage(page, pageCount(list.length, perPage)) - 1) * perPage;
  const items = list.slice(start, start + perPage);
  return { items, first: items.length > 0 ? start + 1 : 0, last: start + items.length };
}

/** The spec's limit of 200 cards a view holds even if a caller asks for larger pages. */
function pageSizeWithin(size: number): number {
  return Math.min(Math.max(1, Math.floor(size)), CATALOGUE_LIMIT);
}

export type PaginationItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

/**
 * The numbered links of a pagination bar: the first and last page, the current one and its
 * neighbours, with a gap where pages are left out (1 … 4 5 6 … 23). A gap never stands for a
 * single page: that page is shown instead.
 */
export function paginationItems(current: number, count: number): PaginationItem[] {
  const page = clampPage(current, count);
  const shown = new Set<number>([1, count]);
  for (let n = page - NEIGHBOURS; n <= page + NEIGHBOURS; n++) if (n >= 1 && n <= count) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  pages.forEach((n, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && n - previous === 2) items.push({ kind: 'page', page: n - 1, current: false });
    else if (previous !== undefined && n - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: n, current: n === page });
  });
  return items;
}
