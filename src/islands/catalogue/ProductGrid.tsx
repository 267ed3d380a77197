/**
 * The results grid, in the same markup as the pre-rendered one (PRODUCT_GRID_CLASS). A new list
 * shows the cards the window can show at once, and the rest after that frame has been painted, in
 * a transition React can interrupt: a filter answers within a frame even on a slow phone, and
 * nothing the shopper can see waits for cards below the fold.
 */
import { memo, startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueCard } from './CatalogueCard.tsx';
import { EAGER_CARDS, FIRST_BATCH, PRODUCT_GRID_CLASS, PRODUCT_GRID_ITEM_CLASS } from './grid.ts';

/** At the latest, the rest of a list renders this long after its first row, busy or not. */
const REST_WITHIN_MS = 300;

/** Whether the grid's last card ends above the bottom of the window: then more cards would be in view. */
function windowHasRoomBelow(grid: HTMLElement | null): boolean {
  const last = grid?.lastElementChild;
  return last instanceof HTMLElement && last.getBoundingClientRect().bottom < window.innerHeight;
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
    const [list, setList] = useState(products);
    const [shown, setShown] = useState(FIRST_BATCH);
    const grid = useRef<HTMLUListElement>(null);
    // A different list starts again from its first row (state adjusted while rendering, as React advises).
    if (list !== products) {
      setList(products);
      setShown(FIRST_BATCH);
    }

    // Before the first paint: a row more while the window has room below the last card (a grid scrolled into view, a
    // tall window), so every card in view is in that first frame. Cards below the fold are not worth a frame's delay.
    useLayoutEffect(() => {
      if (shown < products.length && windowHasRoomBelow(grid.current)) setShown((count) => count + FIRST_BATCH);
    }, [shown, products]);

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

export function sameProducts(a: readonly CatalogueProduct[], b: readonly CatalogueProduct[]): boolean {
  return a === b || (a.length === b.length && a.every((product, index) => product === b[index]));
}
