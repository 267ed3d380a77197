/** Trending {category} Products: the category's four best-rated products (spec sections 2 and 9). */
import { TrendingUp } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueCard } from './CatalogueCard.tsx';
import { sameProducts } from './grid.ts';

/**
 * The strip around its cards, one <li> each: the island's (TrendingStrip) or, on the page as built, the static page's
 * cards (CataloguePage.astro), which the island shows until it computes a view of its own, as it does the grid.
 */
export function TrendingStripFrame({ categoryName, children }: { categoryName: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="trending-heading" className="mb-10">
      <h2 id="trending-heading" className="mb-4 flex items-center gap-2 text-xl font-bold text-ink">
        <TrendingUp aria-hidden="true" size={20} className="text-brand-700" />
        {`Trending ${categoryName} Products`}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6 xl:grid-cols-4" role="list">
        {children}
      </ul>
    </section>
  );
}

export const TrendingStrip = memo(
  function TrendingStrip({ categoryName, products }: { categoryName: string; products: readonly CatalogueProduct[] }) {
    return (
      <TrendingStripFrame categoryName={categoryName}>
        {products.map((product) => (
          <li key={product.id} className="flex">
            <CatalogueCard product={product} />
          </li>
        ))}
      </TrendingStripFrame>
    );
  },
  (before, after) => before.categoryName === after.categoryName && sameProducts(before.products, after.products),
);
