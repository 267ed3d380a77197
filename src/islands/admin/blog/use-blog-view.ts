/**
 * Which blog screen shows, kept in the URL so a reload or a shared link restores it: the list with its filters
 * (?status=draft&search=foam&page=2), a new post (?new) or a post in the editor (?edit=12). The admin frame owns the
 * path; this owns the query string under /dashboard/blog.
 */
import { useCallback, useEffect, useState } from 'react';
import { blogListQueryFrom, blogListSearchParams, type BlogListQuery } from '../../../domain/admin/blog.ts';

export type BlogView = { kind: 'list'; query: BlogListQuery } | { kind: 'new' } | { kind: 'edit'; id: number };

export function blogViewFrom(search: string): BlogView {
  const params = new URLSearchParams(search);
  if (params.has('new')) return { kind: 'new' };
  const edit = params.get('edit');
  if (edit !== null && /^[1-9]\d{0,15}$/.test(edit)) return { kind: 'edit', id: Number(edit) };
  return { kind: 'list', query: blogListQueryFrom(params) };
}

export function blogViewSearch(view: BlogView): string {
  if (view.kind === 'new') return '?new';
  if (view.kind === 'edit') return `?edit=${view.id}`;
  const params = blogListSearchParams(view.query).toString();
  return params ? `?${params}` : '';
}

export interface BlogViewState {
  view: BlogView;
  /** True once the admin has moved between views here (not on the first render), so focus can follow. */
  moved: boolean;
  /** Changes with every go() and history move, not with replace(): a key for "this visit of a view". */
  visit: number;
  /** A new history entry, as a link would make (list ↔ editor). */
  go(view: BlogView): void;
  /** The same entry, changed in place (typing in the search, a new post getting its id). */
  replace(view: BlogView): void;
}

export function useBlogView(): BlogViewState {
  const [state, setState] = useState(() => ({ view: blogViewFrom(window.location.search), moved: false, visit: 0 }));

  useEffect(() => {
    const onPopState = () => setState((current) => ({ view: blogViewFrom(window.location.search), moved: true, visit: current.visit + 1 }));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const go = useCallback((view: BlogView) => {
    window.history.pushState(null, '', `${window.location.pathname}${blogViewSearch(view)}`);
    setState((current) => ({ view, moved: true, visit: current.visit + 1 }));
  }, []);

  const replace = useCallback((view: BlogView) => {
    window.history.replaceState(null, '', `${window.location.pathname}${blogViewSearch(view)}`);
    setState((current) => ({ ...current, view }));
  }, []);

  return { ...state, go, replace };
}
