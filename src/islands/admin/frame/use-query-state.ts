/**
 * A section's view state in the URL's query string (a list's page and filters, an open editor), so a reload, a
 * bookmark or a shared link shows the same view. Changes replace the history entry by default (typing in a search
 * box should not fill the back button); `push` adds one for moves a reader expects Back to undo.
 *
 *   const [query, setQuery] = useQueryState();
 *   const page = Number(query.get('page') ?? 1);
 *   setQuery({ page: String(page + 1) });      // ?page=2
 *   setQuery({ view: null }, { push: true });  // removes view, new history entry
 */
import { useCallback, useEffect, useState } from 'react';

const CHANGE_EVENT = 'admin:querychange';

export type QueryUpdate = Record<string, string | null | undefined>;

export function useQueryState(): [URLSearchParams, (update: QueryUpdate, options?: { push?: boolean }) => void] {
  const [search, setSearch] = useState(() => (typeof window === 'undefined' ? '' : window.location.search));

  useEffect(() => {
    const sync = () => setSearch(window.location.search);
    window.addEventListener('popstate', sync);
    window.addEventListener(CHANGE_EVENT, sync);
    return () => {
      window.removeEventListener('popstate', sync);
      window.removeEventListener(CHANGE_EVENT, sync);
    };
  }, []);

  const update = useCallback((changes: QueryUpdate, options: { push?: boolean } = {}) => {
    const url = new URL(window.location.href);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') url.searchParams.delete(name);
      else url.searchParams.set(name, value);
    }
    if (url.href === window.location.href) return;
    if (options.push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);

  return [new URLSearchParams(search), update];
}
