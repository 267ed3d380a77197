/**
 * The pins list's view (status, board, page, page size) in the URL's query string, so a reload or a shared link shows
 * the same pins. A link the contract's parser refuses shows every pin and says why.
 */
import { parsePinListQuery, DEFAULT_PIN_PAGE_SIZE, type PinListQuery } from '../../../domain/admin/pinterest/api.ts';
import { useQueryState } from '../frame/use-query-state.ts';

export interface PinListView {
  query: PinListQuery;
  invalid: string | undefined;
  /** Changes a filter or the page size: back to page 1. */
  refine(change: { status?: string | null; board?: string | null; pageSize?: number }): void;
  setPage(page: number): void;
}

const LIST_PARAMS = ['status', 'board', 'source', 'page', 'pageSize'] as const;

export function usePinListView(): PinListView {
  const [params, setParams] = useQueryState();
  const own = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = params.get(name);
    if (value !== null) own.set(name, value);
  }
  const parsed = parsePinListQuery(own);
  const query: PinListQuery = parsed.ok ? parsed.value : { page: 1, pageSize: DEFAULT_PIN_PAGE_SIZE };
  return {
    query,
    invalid: parsed.ok ? undefined : parsed.message,
    refine: (change) =>
      setParams({
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.board !== undefined ? { board: change.board } : {}),
        ...(change.pageSize !== undefined ? { pageSize: change.pageSize === DEFAULT_PIN_PAGE_SIZE ? null : String(change.pageSize) } : {}),
        page: null,
      }),
    setPage: (page) => setParams({ page: page <= 1 ? null : String(page) }),
  };
}
