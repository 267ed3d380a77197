/** "No products found" (with a hint to try another search term) or "No products in this category". */
import { SearchX } from 'lucide-react';
import type { CatalogueQuery } from '../../domain/catalogue/query.ts';
import { clearedFilters, emptyState, hasClearableFilters } from '../../domain/catalogue/view.ts';
import { useCatalogueActions } from './catalogue-context.ts';

export function EmptyState({ query, categoryKnown }: { query: CatalogueQuery; categoryKnown: boolean }) {
  const { navigate } = useCatalogueActions();
  const { title, hint } = emptyState(query, categoryKnown);
  return (
    <div className="rounded-card border border-dashed border-line bg-surface p-10 text-center">
      <SearchX aria-hidden="true" size={32} className="mx-auto mb-3 text-ink-muted" />
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      <p className="mt-1 text-ink-muted">{hint}</p>
      {hasClearableFilters(query) && (
        <button
          type="button"
          data-requires-js=""
          onClick={() => navigate(clearedFilters(query))}
          className="mt-5 inline-flex h-10 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-brand-50"
        >
          Clear All Filters
        </button>
      )}
    </div>
  );
}
