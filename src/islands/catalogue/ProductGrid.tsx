/**
 * The results grid, in the same markup as the pre-rendered one (PRODUCT_GRID_CLASS). A new list
 * shows at once as many cards as the window holds, and the rest once the browser is idle, in a
 * transition React can interrupt: a filter answers within a frame even on a slow phone, and nothing
 * the shopper can see waits for cards below the fold. Layout is read only before the DOM changes,
 * never between rendering and painting (that would lay the page out twice in one frame).
 */
import { memo, startTransition, useEffect, useRef, useState } from 'react';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueCard } from './CatalogueCard.tsx';
import { EAGER_CARDS, FIRST_BATCH, PRODUCT_GRID_CLASS, PRODUCT_GRID_ITEM_CLASS, sameProducts } from './grid.ts';

/** At the latest, the rest of a list renders this long after its first row, busy or not. */
const REST_WITHIN_MS = 300;

/**
 * How many cards fill the window from the grid's first row, at least a row: read from the grid on screen before the new
 * list replaces it, when its layout is that of the frame last painted (so reading it lays out nothing).
 */
function cardsInView(grid: Element | null): number {
  const card = grid?.firstElementChild?.getBoundingClientRect();
  // Columns from the grid's width (gaps are narrower than a card); rows from the first row down to the window's end.
  return card ? Math.max(FIRST_BATCH, Math.ceil((innerHeight - card.top) / card.height) * Math.round(grid!.clientWidth / card.width)) : FIRST_BATCH;
}

/** Runs `task` when the browser is next idle (soon after the next paint where requestIdleCallback is missing); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: REST_WITHIN_MS });
    return () => cancelIdleCallback(id);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Memoised: a change of query re-renders the island, and a list that did not change must not redraw its cards. */
export const ProductGrid = memo(
  function ProductGrid({ products }: { products: readonly CatalogueProduct[] }) {
    const [list, setList] = useState<readonly CatalogueProduct[]>();
    const [shown, setShown] = useState(0);
    const grid = useRef<HTMLUListElement>(null);
    // A different list starts again with the cards in view (state adjusted while rendering, as React advises), measured
    // on the grid it replaces: the island's, or at first the pre-rendered one.
    if (list !== products) {
      setList(products);
      setShown(cardsInView(grid.current ?? document.querySelector('[data-catalogue-results] ul')));
    }

    // The rest (below the fold) renders once the browser is idle after painting the answer, in a transition that input
    // interrupts: it never delays what the shopper sees.
    useEffect(() => {
      if (shown >= products.length) return;
      return whenIdle(() => startTransition(() => setShown(products.length)));
    }, [shown, products.length]);

    return (
      <ul ref={grid} className={PRODUCT_GRID_CLASS} role="list">
        {products.slice(0, shown).map((product, index) => (
          <li key={product.id} className={PRODUCT_GRID_ITEM_CLASS}>
            <CatalogueCard product={product} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
    );
  },
  // The same cards in the same order are the same grid, whichever query found them (products are made once, catalogue-data.ts).
  (before, after) => sameProducts(before.products, after.products),
);
