/** Related Categories: up to four other categories with their product counts, each opening /products?category={slug}. */
import { ArrowRight } from 'lucide-react';
import { productCountLabel, type CategoryLink } from '../../domain/catalogue/categories.ts';
import { DEFAULT_QUERY } from '../../domain/catalogue/query.ts';
import { CatalogueLink } from './CatalogueLink.tsx';

export function RelatedCategories({ categories }: { categories: readonly CategoryLink[] }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="related-categories-heading" className="mt-12">
      <h2 id="related-categories-heading" className="mb-4 text-xl font-bold text-ink">
        Related Categories
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {categories.map((category) => (
          <li key={category.slug}>
            <CatalogueLink
              to={{ ...DEFAULT_QUERY, category: category.slug }}
              className="group flex h-full items-center justify-between gap-3 rounded-card border border-line bg-surface p-4 shadow-card hover:border-brand-300 hover:shadow-card-hover"
            >
              <span>
                <span className="block font-semibold text-ink">{category.name}</span>
                {/* A line kept for the count, empty until the island has it (use-category-counts.ts). */}
                <span className="block min-h-5 text-sm text-ink-muted">{productCountLabel(category.productCount)}</span>
              </span>
              <ArrowRight aria-hidden="true" size={18} className="text-brand-700 transition-transform group-hover:translate-x-0.5" />
            </CatalogueLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
