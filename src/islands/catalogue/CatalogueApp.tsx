/**
 * The catalogue island (spec section 2, Catalogue /products): headings and breadcrumb, search bar,
 * quiz banner, category browser, and a list view (CatalogueListView.tsx: filter sidebar or drawer,
 * results with Trending and Related Categories) or Top Picks. It hydrates over the pre-rendered
 * page: the product grid the page was built with arrives as `children` and its Trending strip as
 * `trending` (static HTML, not re-rendered), and they stay until the shopper asks for something
 * else; from then on the island renders them from the catalogue data. A page loads the island
 * through the entry for its kind of view (view-parts.ts).
 */
import { memo, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { enhanceProductCards } from '../../components/product-card/card-client.ts';
import type { CatalogueView } from '../../domain/catalogue/catalogue-view.ts';
import type { CategoryLink } from '../../domain/catalogue/categories.ts';
import { serializeCatalogueQuery } from '../../domain/catalogue/query.ts';
import { canonicalCataloguePath, documentTitle, showsCategoryBrowser, showsQuizBanner } from '../../domain/catalogue/view.ts';
import { QuizBanner } from '../quiz/QuizBanner.tsx';
import ListingDisclosure from '../../components/ListingDisclosureText.tsx';
import { CatalogueProvider } from './catalogue-context.ts';
import { CatalogueHeader } from './CatalogueHeader.tsx';
import { CategoryBrowser } from './CategoryBrowser.tsx';
import { SearchBar } from './SearchBar.tsx';
import { catalogueTexts } from './catalogue-errors.ts';
import { UNKNOWN_VERSION, useCatalogue, type CatalogueBase } from './use-catalogue.ts';
import { useCategoryCounts } from './use-category-counts.ts';
import { cardParts, listParts } from './view-parts.ts';

export interface CatalogueAppProps {
  /**
   * Every category, in browser order, without counts (the page's HTML leaves them out: categories.ts); the island
   * reads them from the current build once hydrated. After a deploy the page may show a newer build's products, and
   * then that build's categories and counts (use-catalogue.ts).
   */
  categories: CategoryLink[];
  base: CatalogueBase;
  /** The view the page was pre-rendered with; a list view's products are left out (they are the `children` grid). */
  initialView: CatalogueView;
  /**
   * The line a copy of this page built for readers without JavaScript shows above the list ("Search
   * needs JavaScript; showing all products"); only a <noscript> style ever shows it (no-js.ts).
   */
  noJsNotice?: string | null;
  /** The pre-rendered view's Trending strip, static HTML like the grid (the `trending` slot). */
  trending?: ReactNode;
  children?: ReactNode;
}

// Drawn again only when what they show changes: a filter change redraws the results, not the page around them.
const Quiz = memo(QuizBanner);
const Disclosure = memo(ListingDisclosure);

export default function CatalogueApp(props: CatalogueAppProps) {
  const { base, initialView, noJsNotice = null, trending = null, children } = props;
  const { query, view, prerendered, manifest, current, status, error, navigate, prefetch } = useCatalogue({
    base,
    initialView,
    // The page names neither its data's version (use-catalogue.ts reads the current build's) nor the counts
    // (useCategoryCounts): an edit to one product then changes only the catalogue pages that show it. Until a build's
    // manifest is read, nothing draws from this one's empty lists.
    manifest: { version: UNKNOWN_VERSION, shardKeys: [], categories: [], totals: { products: 0, topPicks: 0 } },
  });
  // The build of the products on screen draws the category links and counts around them.
  const { categories, totals } = useCategoryCounts(manifest, current, props.categories);
  const topRef = useRef<HTMLDivElement>(null);
  const shownQuery = view.query;
  const category = categories.find((entry) => entry.slug === shownQuery.category) ?? null;
  const categoryName = category?.name ?? null;

  const actions = useMemo(() => ({ navigate, top: () => topRef.current }), [navigate]);

  useEffect(() => enhanceProductCards(), []);

  // The list view and the card parts, each once its code is here: with the page that hydrates it, and with the data
  // code before any view is computed (view-parts.ts).
  const list = listParts.value;
  const cards = cardParts.value;

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
        data-catalogue-counts={totals ? 'shown' : 'pending'}
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
                {cards && <cards.TopPicksView view={view} categoryName={categoryName} />}
              </>
            )}
          </div>
        ) : (
          list && (
            <list.CatalogueListView
              view={view}
              prerendered={prerendered}
              status={status}
              failure={failure}
              categories={categories}
              totals={totals}
              categoryName={categoryName}
              categoryKnown={category !== null}
              noJsNotice={noJsNotice}
              prefetch={prefetch}
              trending={trending}
              grid={children}
            />
          )
        )}
      </div>
    </CatalogueProvider>
  );
}
