/**
 * The results grid, in the same markup as the pre-rendered one (PRODUCT_GRID_CLASS). A new list
 * shows its first screenful at once and the rest after that has been painted, in a transition
 * React can interrupt, so a filter answers quickly even when it brings two hundred cards.
 */
import { memo, startTransition, useEffect, useState } from 'react';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueCard } from './CatalogueCard.tsx';
import { EAGER_CARDS, FIRST_BATCH, PRODUCT_GRID_CLASS, PRODUCT_GRID_ITEM_CLASS } from './grid.ts';

/** Memoised: a change of query re-renders the island before the new list exists, and that must not redraw two hundred cards. */
export const ProductGrid = memo(function ProductGrid({ products }: { products: readonly CatalogueProduct[] }) {
  const [list, setList] = useState(products);
  const [shown, setShown] = useState(FIRST_BATCH);
  // A different list starts again from its first screenful (state adjusted while rendering, as React advises).
  if (list !== products) {
    setList(products);
    setShown(FIRST_BATCH);
  }

  // The rest waits until the first screenful has been painted, then renders without blocking input.
  useEffect(() => {
    if (shown >= products.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(products.length)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, products.length]);

  return (
    <ul className={PRODUCT_GRID_CLASS} role="list">
      {products.slice(0, shown).map((product, index) => (
        <li key={product.id} className={PRODUCT_GRID_ITEM_CLASS}>
          <CatalogueCard product={product} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
});
