/**
 * The product grid's classes, shared by the pre-rendered grid (Astro) and the island's, so taking
 * over moves nothing. Cards off screen skip style, layout and paint until scrolled near
 * (content-visibility), which keeps a 200-card page and every re-render of it cheap; `auto` remembers a card's real
 * height once drawn. Until then the placeholder stands in for it, so it is a card's height at each width (measured on
 * the demo: about 590 px in one column, 480 to 520 in two or three, 520 to 575 in three at 1280): a placeholder far off
 * moves everything below it when the shopper jumps to the page links and the cards passed over are drawn.
 */
import type { CatalogueProduct } from '../../domain/product-card.ts';

export const PRODUCT_GRID_CLASS = 'grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 sm:gap-6 lg:grid-cols-3';
export const PRODUCT_GRID_ITEM_CLASS =
  'flex [content-visibility:auto] [contain-intrinsic-size:auto_37rem] min-[420px]:[contain-intrinsic-size:auto_31.5rem] xl:[contain-intrinsic-size:auto_34rem]';
/** Cards in the first row load their image eagerly. */
export const EAGER_CARDS = 3;
/**
 * The island draws at once the cards of a new list that are in view, at least a row (three cards: a desktop row, a row
 * and a half at two columns), and the rest when the browser is idle, without blocking input (ProductGrid).
 */
export const FIRST_BATCH = 3;

/** The same cards in the same order are the same grid, whichever query found them (products are made once, catalogue-data.ts). */
export function sameProducts(a: readonly CatalogueProduct[], b: readonly CatalogueProduct[]): boolean {
  return a === b || (a.length === b.length && a.every((product, index) => product === b[index]));
}
