/**
 * The products table's query (page, filters, search, sort) kept in the URL's query string, so a reload or a shared
 * link opens the same view. Changes replace the history entry rather than adding one: the back button leaves the
 * section instead of stepping through every keystroke of a search.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  parseProductListQuery,
  productListSearchParams,
  type ProductListQuery,
} from '../../../domain/admin/product-list.ts';

const defaults: ProductListQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, ...DEFAULT_SORT };

function fromLocation(): { query: ProductListQuery; invalid?: string } {
  const parsed = parseProductListQuery(new URLSearchParams(window.location.search));
  return parsed.ok ? { query: parsed.value } : { query: defaults, invalid: parsed.message };
}

export interface ProductTableQuery {
  query: ProductListQuery;
  /** Why the link's query string was ignored, if it was. */
  invalid: string | undefined;
  /** Changes the filter, search or sort: back to page 1. */
  refine(change: Partial<Omit<ProductListQuery, 'page'>>): void;
  setPage(page: number): void;
}

export function useProductTableQuery(): ProductTableQuery {
  const [state, setState] = useState(fromLocation);

  useEffect(() => {
    const search = productListSearchParams(state.query).toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ''}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
  }, [state.query]);

  const refine = useCallback((change: Partial<Omit<ProductListQuery, 'page'>>) => {
    setState(({ query }) => {
      const next: ProductListQuery = { ...query, ...change, page: 1 };
      for (const key of Object.keys(next) as (keyof ProductListQuery)[]) if (next[key] === undefined || next[key] === '') delete next[key];
      return { query: next, invalid: undefined };
    });
  }, []);
  const setPage = useCallback((page: number) => setState(({ query }) => ({ query: { ...query, page: Math.max(1, page) }, invalid: undefined })), []);

  return { query: state.query, invalid: state.invalid, refine, setPage };
}
