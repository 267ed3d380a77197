/**
 * The product grid's classes, shared by the pre-rendered grid (Astro) and the island's, so taking
 * over moves nothing. Cards off screen skip style, layout and paint until scrolled near
 * (content-visibility), which keeps a 200-card page and every re-render of it cheap; the
 * placeholder height is close to a card's, and `auto` remembers the real one once drawn.
 */
export const PRODUCT_GRID_CLASS = 'grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 sm:gap-6 lg:grid-cols-3';
export const PRODUCT_GRID_ITEM_CLASS = 'flex [content-visibility:auto] [contain-intrinsic-size:auto_30rem]';
/** Cards in the first row load their image eagerly. */
export const EAGER_CARDS = 3;
/**
 * The island draws a new list a row at a time (three cards: a desktop row, a row and a half at two columns) until the
 * window is full, and the rest right after the first paint, without blocking input (ProductGrid).
 */
export const FIRST_BATCH = 3;
