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
 *
 * The code that reads the data files loads on first need or intent (dataModule), in parallel with nothing the
 * shopper waits for: the first answer waits for the data files anyway.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CatalogueView } from '../../domain/catalogue/catalogue-view.ts';
import { CURRENT_MANIFEST_URL, readManifestFile, type CatalogueManifest } from '../../domain/catalogue/manifest-file.ts';
import { catalogueHref, parseCatalogueQuery, queryAtLocation, sameQuery, type CatalogueQuery } from '../../domain/catalogue/query.ts';
import { onDemand } from '../load-on-intent.ts';
import { CatalogueDataError, CatalogueDataGone, catalogueTexts } from './catalogue-errors.ts';
import { loadViewParts } from './view-parts.ts';

/**
 * What answers a query (catalogue-data.ts: fetching, the index, making cards) loads when the shopper first shows
 * intent or asks for another view: the page as built needs none of it to show and to hydrate.
 */
const dataModule = onDemand(() => import('./catalogue-data.ts'));

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

/**
 * The version of a pre-rendered page's data: none. A catalogue page is built without its data's version, which
 * changes with every edit to any product (it names the files), so that an edit changes only the pages that show
 * what it changed; the island reads the current build's manifest when it starts, and answers from its files.
 */
export const UNKNOWN_VERSION = '';

let reading: Promise<CatalogueManifest | null> | undefined;

/** The current build's manifest, read once per page; null when it cannot be had or used. */
function readCurrentManifestOnce(): Promise<CatalogueManifest | null> {
  reading ??= fetch(CURRENT_MANIFEST_URL, { credentials: 'same-origin', cache: 'no-cache' })
    .then(async (response) => (response.ok ? readManifestFile(await response.json()) : null))
    .catch(() => null);
  return reading;
}

export function useCatalogue(options: { base: CatalogueBase; initialView: CatalogueView; manifest: CatalogueManifest }) {
  const { base, initialView } = options;
  const baseQuery = useMemo(() => parseCatalogueQuery(base.search), [base.search]);
  // The build the page loads from: its own, until a deploy has replaced it.
  const [source, setSource] = useState(options.manifest);
  const [code, setCode] = useState(() => dataModule.value);
  const data = useMemo(() => (code ? new code.CatalogueData(source) : null), [code, source]);
  const currentBuild = useMemo(() => (code ? new code.CurrentBuild() : null), [code]);
  // The code that draws a computed view (view-parts.ts) loads beside the code that computes it, so every view shown
  // once the data code is here can be drawn at once.
  const loadCode = useCallback(
    () =>
      Promise.all([dataModule.load(), loadViewParts()]).then(([loaded]) => {
        setCode(() => loaded);
        return loaded;
      }),
    [],
  );
  const [query, setQuery] = useState<CatalogueQuery>(baseQuery);
  const [shown, setShown] = useState<{ view: CatalogueView; prerendered: boolean; manifest: CatalogueManifest }>({
    view: initialView,
    prerendered: true,
    manifest: options.manifest,
  });
  const [status, setStatus] = useState<CatalogueStatus>('ready');
  const [error, setError] = useState<string | null>(null);
  const shownQuery = useRef(initialView.query);

  /**
   * Shows the answer to a query when the loaded data holds it, in the same render as the controls that asked (one
   * render a change, not one for the controls and another for the results); false when it must be loaded first.
   */
  const answer = useCallback(
    (next: CatalogueQuery): boolean => {
      if (sameQuery(next, shownQuery.current)) {
        setStatus('ready');
        setError(null);
        return true;
      }
      // Without the build's manifest there are no files to answer from (not an empty catalogue).
      if (!data || data.manifest.version === UNKNOWN_VERSION || !data.canAnswer(next)) return false;
      const view = data.view(next);
      shownQuery.current = next;
      currentBuild?.settled();
      setShown({ view, prerendered: false, manifest: data.manifest });
      setStatus('ready');
      setError(null);
      return true;
    },
    [data, currentBuild],
  );

  // Back and forward answer with the data of the moment (the build may change after a deploy) without reading the URL again.
  const answerRef = useRef(answer);
  answerRef.current = answer;
  useEffect(() => {
    const read = () => {
      const next = queryAtLocation(window.location.pathname, window.location.search, { path: base.path, query: baseQuery });
      setQuery(next);
      answerRef.current(next);
    };
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [base.path, baseQuery]);

  // The current build's manifest, read once the island has hydrated (with the page's own small module, not the data
  // code): the counts drawn around the list come from it (the page's HTML leaves them out), and so do the files of the
  // shopper's first change, which then need no read of their own.
  useEffect(() => {
    let cancelled = false;
    void readCurrentManifestOnce().then((manifest) => {
      if (!cancelled && manifest) setSource((known) => (known.version === UNKNOWN_VERSION ? manifest : known));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // When that read failed or the page could not use it (another data format), the data code finds the build to
  // load from, with its retries, once it has loaded (on the shopper's first intent).
  useEffect(() => {
    if (source.version !== UNKNOWN_VERSION || !currentBuild) return;
    let cancelled = false;
    void currentBuild.find(UNKNOWN_VERSION).then((step) => {
      if (!cancelled && step.kind === 'switch') setSource(step.manifest);
    });
    return () => {
      cancelled = true;
    };
  }, [source.version, currentBuild]);

  // What the data at hand could not answer at once: load it, then answer (or say why not).
  useEffect(() => {
    if (answer(query)) return;
    let cancelled = false;
    setStatus('loading');
    // Without the code yet, this runs again once it has loaded (data changes), and then loads the files. Files named
    // by no build yet wait on the manifest's read (above), as a gone build's files do.
    const files = !data ? loadCode() : data.manifest.version === UNKNOWN_VERSION ? Promise.reject(new CatalogueDataGone(UNKNOWN_VERSION)) : data.load(query);
    files.then(
      () => {
        if (!cancelled) answer(query);
      },
      (reason: unknown) => {
        if (cancelled) return;
        if (!(reason instanceof CatalogueDataGone)) {
          setStatus('error');
          setError(reason instanceof CatalogueDataError ? reason.message : catalogueTexts.failed);
          return;
        }
        // A newer build replaced this one's files: this runs again with the current build's data.
        void currentBuild?.find(reason.version).then((step) => {
          if (cancelled) return;
          if (step.kind === 'switch') setSource(step.manifest);
          else {
            setStatus('error');
            setError(catalogueTexts.updated);
          }
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [query, data, answer, currentBuild]);

  // Once what is on screen answers the URL (or cannot), the pre-rendered content may show again.
  useEffect(() => {
    if (status === 'error' || (status === 'ready' && sameQuery(query, shown.view.query))) settlePending();
  }, [status, query, shown]);

  const lastReplace = useRef(false);
  const navigate = useCallback(
    (next: CatalogueQuery, { replace = false, scrollTo }: NavigateOptions = {}) => {
      const href = catalogueHref(next);
      // Consecutive replacing moves (a slider being dragged or arrowed) share one history entry.
      if (replace && lastReplace.current) window.history.replaceState(null, '', href);
      else window.history.pushState(null, '', href);
      lastReplace.current = replace;
      setQuery(next);
      answer(next);
      if (scrollTo && scrollTo.getBoundingClientRect().top < 0) scrollTo.scrollIntoView({ block: 'start' });
    },
    [answer],
  );

  /** Starts downloading what the current scope needs, when the shopper shows intent (hover, focus). */
  const prefetchWanted = useRef(false);
  const prefetch = useCallback(() => {
    if (!data || data.manifest.version === UNKNOWN_VERSION) {
      // The code, then (above) the build's manifest: the files' download starts once both are here.
      prefetchWanted.current = true;
      loadCode().catch(() => undefined);
      return;
    }
    if (!query.featured) data.loadCards(data.keysFor(query.category)).catch(() => undefined);
  }, [data, loadCode, query.category, query.featured]);
  // Intent shown before the code and the manifest had loaded still starts the files' download once they have.
  useEffect(() => {
    if (data && data.manifest.version !== UNKNOWN_VERSION && prefetchWanted.current) {
      prefetchWanted.current = false;
      prefetch();
    }
  }, [data, prefetch]);

  return { query, view: shown.view, prerendered: shown.prerendered, manifest: shown.manifest, current: source, status, error, navigate, prefetch };
}
