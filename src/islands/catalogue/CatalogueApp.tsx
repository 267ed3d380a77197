/**
 * The catalogue island (spec section 2, Catalogue /products): headings and breadcrumb, search bar,
 * quiz banner, category browser, filter sidebar or drawer, results with Trending and Related
 * Categories, or Top Picks. It hydrates over the pre-rendered page: the product grid the page was
 * built with arrives as `children` (static HTML, not re-rendered) and stays until the shopper
 * asks for something else; from then on the island renders the grid from the catalogue data.
 */
import { memo, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { enhanceProductCards } from '../../components/product-card/card-client.ts';
import type { CatalogueView } from '../../domain/catalogue/catalogue-view.ts';
import { relatedCategories, type CategorySummary } from '../../domain/catalogue/categories.ts';
import { serializeCatalogueQuery } from '../../domain/catalogue/query.ts';
import {
  canonicalCataloguePath,
  documentTitle,
  listHeading,
  resultCountLabel,
  showsCategoryBrowser,
  showsFilterPanel,
  showsQuizBanner,
  showsRelatedCategories,
} from '../../domain/catalogue/view.ts';
import { QuizBanner } from '../quiz/QuizBanner.tsx';
import ListingDisclosure from '../../components/ListingDisclosureText.tsx';
import { Pagination } from './Pagination.tsx';
import { CatalogueProvider } from './catalogue-context.ts';
import { CatalogueHeader } from './CatalogueHeader.tsx';
import { CategoryBrowser } from './CategoryBrowser.tsx';
import { EmptyState } from './EmptyState.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { FiltersDrawer } from './FiltersDrawer.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { RelatedCategories } from './RelatedCategories.tsx';
import { SearchBar } from './SearchBar.tsx';
import { TopPicksView } from './TopPicksView.tsx';
import { TrendingStrip } from './TrendingStrip.tsx';
import { catalogueTexts } from './catalogue-errors.ts';
import { UNKNOWN_VERSION, useCatalogue, type CatalogueBase } from './use-catalogue.ts';

export interface CatalogueAppProps {
  /**
   * Every category, in browser order, with what its list and its Top Picks show. After a deploy the page may show a
   * newer build's products, and then that build's categories and counts (use-catalogue.ts).
   */
  categories: CategorySummary[];
  /** What All Products and All Top Picks show. */
  totals: { products: number; topPicks: number };
  base: CatalogueBase;
  /** The view the page was pre-rendered with; a list view's products are left out (they are the `children` grid). */
  initialView: CatalogueView;
  /**
   * The line a copy of this page built for readers without JavaScript shows above the list ("Search
   * needs JavaScript; showing all products"); only a <noscript> style ever shows it (no-js.ts).
   */
  noJsNotice?: string | null;
  children?: ReactNode;
}

// Drawn again only when what they show changes: a filter change redraws the results, not the page around them.
const Quiz = memo(QuizBanner);
const Disclosure = memo(ListingDisclosure);
const Related = memo(RelatedCategories);

export default function CatalogueApp(props: CatalogueAppProps) {
  const { base, initialView, noJsNotice = null, children } = props;
  const { query, view, prerendered, manifest, status, error, navigate, prefetch } = useCatalogue({
    base,
    initialView,
    // The page does not name its data's version (use-catalogue.ts reads the current build's): an edit to one product
    // then changes only the catalogue pages that show it.
    manifest: { version: UNKNOWN_VERSION, shardKeys: [], categories: props.categories, totals: props.totals },
  });
  // The build of the products on screen draws the category links and counts around them.
  const { categories, totals } = manifest;
  const topRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const shownQuery = view.query;
  const category = categories.find((entry) => entry.slug === shownQuery.category) ?? null;
  const categoryName = category?.name ?? null;

  const actions = useMemo(() => ({ navigate, top: () => topRef.current }), [navigate]);
  const related = useMemo(() => relatedCategories(categories, shownQuery.category), [categories, shownQuery.category]);

  useEffect(() => enhanceProductCards(), []);

  // Title and canonical link follow the view, so a shared or bookmarked URL names what it shows.
  useEffect(() => {
    if (prerendered) return;
    document.title = documentTitle(shownQuery, categoryName);
    const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // Resolved against the current canonical URL, so it keeps the site's configured origin.
    if (canonical) canonical.href = new URL(canonicalCataloguePath(shownQuery), canonical.href).href;
  }, [prerendered, shownQuery, categoryName]);

  const loading = status === 'loading';
  // The results the page had answered another query: when the requested one cannot be answered, the error takes
  // their place rather than leave them under the new filters.
  const failure =
    status === 'error' ? (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-sale/30 bg-surface p-4 text-sm">
        <p className="text-ink">{error ?? catalogueTexts.failed}</p>
        <button type="button" onClick={() => window.location.reload()} className="font-semibold text-brand-700 underline underline-offset-4">
          Reload
        </button>
      </div>
    ) : null;

  return (
    <CatalogueProvider actions={actions} query={query}>
      <div
        ref={topRef}
        className="scroll-mt-24"
        // What is on screen, for tests and the benchmark: the query answered, whether more is loading, and from which build.
        data-catalogue-query={serializeCatalogueQuery(shownQuery)}
        data-catalogue-status={status}
        data-catalogue-version={manifest.version}
      >
        <CatalogueHeader query={shownQuery} categoryName={categoryName} />
        {/* Searching runs in the browser: without JavaScript the bar is hidden (BaseLayout's <noscript> style). */}
        <div onPointerEnter={prefetch} onFocus={prefetch} data-requires-js="">
          <SearchBar />
        </div>
        {showsQuizBanner(shownQuery) && (
          // The quiz opens in a dialog: nothing to offer without JavaScript.
          <div className="mb-8" data-requires-js="">
            <Quiz />
          </div>
        )}
        {showsCategoryBrowser(shownQuery) && (
          <CategoryBrowser categories={categories} totals={totals} current={shownQuery.category} featured={shownQuery.featured} />
        )}

        {view.kind === 'top-picks' ? (
          <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : undefined}>
            {failure ?? (
              <>
                <Disclosure className="mb-6" />
                <TopPicksView view={view} categoryName={categoryName} />
              </>
            )}
          </div>
        ) : (
          <div className="md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start md:gap-8 lg:grid-cols-[17rem_minmax(0,1fr)]">
            {showsFilterPanel(shownQuery) && (
              // Sticky below the site header while the list scrolls, with its own scroll when taller than the window.
              <aside
                aria-label="Filters"
                className="hidden md:sticky md:top-[7.5rem] md:block md:max-h-[calc(100dvh-8.5rem)] md:overflow-y-auto md:overscroll-contain md:pr-2 md:pb-4"
                onPointerEnter={prefetch}
                onFocus={prefetch}
              >
                <FilterPanel categories={categories} allCount={totals.products} />
              </aside>
            )}
            <section aria-labelledby="catalogue-list-heading" aria-busy={loading} className="min-w-0">
              {/* Before the first product, the Trending strip's included (issue 9, point 4). */}
              {!failure && (view.total > 0 || view.trending.length > 0) && <Disclosure className="mb-5" />}
              {!failure && view.trending.length > 0 && <TrendingStrip categoryName={categoryName ?? ''} products={view.trending} />}
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
                <FiltersDrawer categories={categories} allCount={totals.products} resultCount={view.total} onIntent={prefetch} />
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
                    <EmptyState query={shownQuery} categoryKnown={category !== null} />
                  ) : prerendered ? (
                    children
                  ) : (
                    <ProductGrid products={view.products} />
                  ))}
              </div>
              {!failure && <Pagination query={shownQuery} page={view.page} pageCount={view.pageCount} scrollTarget={() => listRef.current} />}
              {!failure && showsRelatedCategories(shownQuery, categories.length) && <Related categories={related} />}
            </section>
          </div>
        )}
      </div>
    </CatalogueProvider>
  );
}
