/**
 * A list view of the catalogue island (CatalogueApp.tsx): the filter sidebar, Trending, the list's heading and count
 * with the filters' drawer, the results and pagination, and Related Categories. The page as built shows its grid and
 * Trending strip as static HTML (the island's slots) until the island computes a view of its own; that view's cards
 * are drawn by the card parts (view-parts.ts).
 */
import { memo, useMemo, useRef, type ReactNode } from 'react';
import ListingDisclosure from '../../components/ListingDisclosureText.tsx';
import type { CatalogueListView as ListView } from '../../domain/catalogue/catalogue-view.ts';
import { relatedCategories, type CategoryLink } from '../../domain/catalogue/categories.ts';
import { listHeading, resultCountLabel, showsFilterPanel, showsRelatedCategories } from '../../domain/catalogue/view.ts';
import type { CatalogueStatus } from './use-catalogue.ts';
import { EmptyState } from './EmptyState.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { FiltersDrawer } from './FiltersDrawer.tsx';
import { Pagination } from './Pagination.tsx';
import { RelatedCategories } from './RelatedCategories.tsx';
import { cardParts } from './view-parts.ts';

// Drawn again only when what they show changes: a filter change redraws the results, not the page around them.
const Disclosure = memo(ListingDisclosure);
const Related = memo(RelatedCategories);

interface Props {
  view: ListView;
  /** Whether the view is the one the page was built with: its grid and Trending strip are then the slots below. */
  prerendered: boolean;
  status: CatalogueStatus;
  /** What takes the results' place when the query cannot be answered. */
  failure: ReactNode;
  categories: CategoryLink[];
  /** Once the island has read them (use-category-counts.ts). */
  totals: { products: number } | undefined;
  categoryName: string | null;
  categoryKnown: boolean;
  noJsNotice: string | null;
  prefetch: () => void;
  trending: ReactNode;
  grid: ReactNode;
}

export function CatalogueListView({ view, prerendered, status, failure, categories, totals, categoryName, categoryKnown, noJsNotice, prefetch, trending, grid }: Props) {
  const shownQuery = view.query;
  const loading = status === 'loading';
  const listRef = useRef<HTMLDivElement>(null);
  const related = useMemo(() => relatedCategories(categories, shownQuery.category), [categories, shownQuery.category]);
  // Computed views come with the card parts loaded (use-catalogue.ts).
  const cards = cardParts.value;

  return (
    <div className="md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start md:gap-8 lg:grid-cols-[17rem_minmax(0,1fr)]">
      {showsFilterPanel(shownQuery) && (
        // Sticky below the site header while the list scrolls, with its own scroll when taller than the window.
        <aside
          aria-label="Filters"
          className="hidden md:sticky md:top-[7.5rem] md:block md:max-h-[calc(100dvh-8.5rem)] md:overflow-y-auto md:overscroll-contain md:pr-2 md:pb-4"
          onPointerEnter={prefetch}
          onFocus={prefetch}
        >
          <FilterPanel categories={categories} allCount={totals?.products} />
        </aside>
      )}
      <section aria-labelledby="catalogue-list-heading" aria-busy={loading} className="min-w-0">
        {/* Before the first product, the Trending strip's included (issue 9, point 4). */}
        {!failure && (view.total > 0 || view.trending.length > 0) && <Disclosure className="mb-5" />}
        {!failure &&
          view.trending.length > 0 &&
          (prerendered ? trending : cards && <cards.TrendingStrip categoryName={categoryName ?? ''} products={view.trending} />)}
        {/* A page link brings this back into view (below the sticky header), not the Trending strip above it. */}
        <div ref={listRef} className="mb-4 flex scroll-mt-32 flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="catalogue-list-heading" className="text-xl font-bold text-ink">
              {listHeading(shownQuery, categoryName)}
            </h2>
            <p className="mt-1 text-sm text-ink-muted" role="status">
              {loading ? 'Loading products…' : failure ? 'No products shown' : resultCountLabel(view.total)}
              {status === 'ready' && view.pageCount > 1 && ` · showing ${view.first}–${view.last}, page ${view.page} of ${view.pageCount}`}
            </p>
          </div>
          <FiltersDrawer categories={categories} allCount={totals?.products} resultCount={view.total} onIntent={prefetch} />
        </div>
        {noJsNotice && (
          // Shown only without JavaScript (CataloguePage's <noscript> style); the island answers the query otherwise.
          <p data-no-js-only="" className="mb-4 hidden rounded-lg border border-line bg-muted px-4 py-2 text-sm font-medium text-ink">
            {noJsNotice}
          </p>
        )}
        <div className={loading ? 'opacity-60 transition-opacity' : undefined} data-catalogue-results>
          {failure ??
            (view.total === 0 ? (
              <EmptyState query={shownQuery} categoryKnown={categoryKnown} />
            ) : prerendered ? (
              grid
            ) : (
              cards && <cards.ProductGrid products={view.products} />
            ))}
        </div>
        {!failure && <Pagination query={shownQuery} page={view.page} pageCount={view.pageCount} scrollTarget={() => listRef.current} />}
        {!failure && showsRelatedCategories(shownQuery, categories.length) && <Related categories={related} />}
      </section>
    </div>
  );
}
