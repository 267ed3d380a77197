/**
 * The list carousel (spec sections 2 and 9): three cards a page, previous and next wrap around,
 * one dot per page, and controls only when there are more than three items.
 */
export const CAROUSEL_PAGE_SIZE = 3;

export function carouselPageCount(itemCount: number, pageSize = CAROUSEL_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(itemCount / pageSize));
}

/** Controls and dots appear only when there is more than one page's worth (more than 3 items). */
export function hasCarouselControls(itemCount: number, pageSize = CAROUSEL_PAGE_SIZE): boolean {
  return itemCount > pageSize;
}

/** Next from the last page wraps to the first. */
export function nextCarouselPage(page: number, pageCount: number): number {
  return pageCount > 0 ? (page + 1) % pageCount : 0;
}

/** Previous from the first page wraps to the last. */
export function previousCarouselPage(page: number, pageCount: number): number {
  return pageCount > 0 ? (page - 1 + pageCount) % pageCount : 0;
}

/** The items on a page (the last page may hold fewer). */
export function carouselPageItems<T>(items: readonly T[], page: number, pageSize = CAROUSEL_PAGE_SIZE): T[] {
  return items.slice(page * pageSize, page * pageSize + pageSize);
}
