/**
 * The catalogue's state: the query in the URL (pushState on every change, popstate for back and
 * forward) and the view computed for it from the downloaded data.
 *
 * The first render shows exactly what the page was pre-rendered with (so hydration matches);
 * the URL is read right after, and a different query is computed then. The controls follow the
 * requested query at once; headings and results follow the computed view, so they always agree.
 *
 * After a deploy the page's data files are gone: the page then loads the current build's data
 * (CurrentBuild) and answers the query from it, and the categories and counts drawn around the
 * results come from the build of the view shown. When that fails the results give way to the
 * error: the previous list never stands under filters it was not computed for.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { catalogueView, topPicksView, type CatalogueView } from '../../domain/catalogue/catalogue-view.ts';
import type { CatalogueManifest } from '../../domain/catalogue/data-format.ts';
import { catalogueHref, parseCatalogueQuery, queryAtLocation, sameQuery, type CatalogueQuery } from '../../domain/catalogue/query.ts';
import { matchesSearchTerm, searchNeedle } from '../../domain/catalogue/search.ts';
import { CatalogueData, CatalogueDataError, CatalogueDataGone, CurrentBuild, catalogueTexts } from './catalogue-data.ts';

export interface CatalogueBase {
  /** The path this page was pre-rendered for, e.g. /products or /products/category/recovery/. */
  path: string;
  /** Its query, serialised (see serializeCatalogueQuery). */
  search: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (slider drags). */
  replace?: boolean;
  /** Bring the top of the catalogue into view (links that switch category). */
  scrollTo?: HTMLElement | null;
}

export type CatalogueStatus = 'ready' | 'loading' | 'error';

/** Set by the page's inline script while the URL asks for something other than the pre-rendered view. */
export const PENDING_ATTRIBUTE = 'data-catalogue-pending';

function settlePending(): void {
  document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
}

export function useCatalogue(options: { base: CatalogueBase; initialView: CatalogueView; manifest: CatalogueManifest }) {
  const { base, initialView } = options;
  const baseQuery = useMemo(() => parseCatalogueQuery(base.search), [base.search]);
  // The build the page loads from: its own, until a deploy has replaced it.
  const [source, setSource] = useState(options.manifest);
  const data = useMemo(() => new CatalogueData(source), [source]);
  const [currentBuild] = useState(() => new CurrentBuild());
  const [query, setQuery] = useState<CatalogueQuery>(baseQuery);
  const [shown, setShown] = useState<{ view: CatalogueView; prerendered: boolean; manifest: CatalogueManifest }>({
    view: initialView,
    prerendered: true,
    manifest: options.manifest,
  });
  const [status, setStatus] = useState<CatalogueStatus>('ready');
  const [error, setError] = useState<string | null>(null);
  const shownQuery = useRef(initialView.query);

  useEffect(() => {
    const read = () => setQuery(queryAtLocation(window.location.pathname, window.location.search, { path: base.path, query: baseQuery }));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [base.path, baseQuery]);

  useEffect(() => {
    if (sameQuery(query, shownQuery.current)) {
      setStatus('ready');
      setError(null);
      return;
    }
    let cancelled = false;
    // Top Picks come from the small picks file; lists from the card (and search) files in scope.
    const keys = query.featured ? [] : data.keysFor(query.category);
    const needle = query.featured ? null : searchNeedle(query.search);
    const show = () => {
      let view: CatalogueView;
      if (query.featured) {
        view = topPicksView(query, data.picks(query.category));
      } else {
        const matches = needle ? data.descriptionMatches(keys, needle) : null;
        view = catalogueView(data.items(keys), query, {
          matchesSearch: needle && matches ? (item) => matchesSearchTerm(needle, item.product.name, matches.has(item.product.id)) : undefined,
        });
      }
      shownQuery.current = query;
      currentBuild.settled();
      setShown({ view, prerendered: false, manifest: data.manifest });
      setStatus('ready');
      setError(null);
    };
    const fail = (message: string) => {
      setStatus('error');
      setError(message);
    };
    const ready = query.featured ? data.hasPicks() : data.hasCards(keys) && (!needle || data.hasSearch(keys));
    if (ready) {
      show();
      return;
    }
    setStatus('loading');
    const loads = query.featured ? [data.loadPicks()] : [data.loadCards(keys), needle ? data.loadSearch(keys) : undefined];
    Promise.all(loads).then(
      () => {
        if (!cancelled) show();
      },
      (reason: unknown) => {
        if (cancelled) return;
        if (!(reason instanceof CatalogueDataGone)) {
          fail(reason instanceof CatalogueDataError ? reason.message : catalogueTexts.failed);
          return;
        }
        // A newer build replaced this one's files: this runs again with the current build's data.
        void currentBuild.find(reason.version).then((step) => {
          if (cancelled) return;
          if (step.kind === 'switch') setSource(step.manifest);
          else fail(catalogueTexts.updated);
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [query, data, currentBuild]);

  // Once what is on screen answers the URL (or cannot), the pre-rendered content may show again.
  useEffect(() => {
    if (status === 'error' || (status === 'ready' && sameQuery(query, shown.view.query))) settlePending();
  }, [status, query, shown]);

  const lastReplace = useRef(false);
  const navigate = useCallback((next: CatalogueQuery, { replace = false, scrollTo }: NavigateOptions = {}) => {
    const href = catalogueHref(next);
    // Consecutive replacing moves (a slider being dragged or arrowed) share one history entry.
    if (replace && lastReplace.current) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
    lastReplace.current = replace;
    setQuery(next);
    if (scrollTo && scrollTo.getBoundingClientRect().top < 0) scrollTo.scrollIntoView({ block: 'start' });
  }, []);

  /** Starts downloading what the current scope needs, when the shopper shows intent (hover, focus). */
  const prefetch = useCallback(() => {
    if (!query.featured) data.loadCards(data.keysFor(query.category)).catch(() => undefined);
  }, [data, query.category, query.featured]);

  return { query, view: shown.view, prerendered: shown.prerendered, manifest: shown.manifest, status, error, navigate, prefetch };
}
