/** Trending {category} Products: the category's four best-rated products (spec sections 2 and 9). */
import { TrendingUp } from 'lucide-react';
import { memo } from 'react';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueCard } from './CatalogueCard.tsx';
import { sameProducts } from './grid.ts';

export const TrendingStrip = memo(
  function TrendingStrip({ categoryName, products }: { categoryName: string; products: readonly CatalogueProduct[] }) {
    return (
      <section aria-labelledby="trending-heading" className="mb-10">
        <h2 id="trending-heading" className="mb-4 flex items-center gap-2 text-xl font-bold text-ink">
          <TrendingUp aria-hidden="true" size={20} className="text-brand-700" />
          {`Trending ${categoryName} Products`}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-6 xl:grid-cols-4" role="list">
          {products.map((product) => (
            <li key={product.id} className="flex">
              <CatalogueCard product={product} />
            </li>
          ))}
        </ul>
      </section>
    );
  },
  (before, after) => before.categoryName === after.categoryName && sameProducts(before.products, after.products),
);
