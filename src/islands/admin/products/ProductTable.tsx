/**
 * The products table both screens use (issue 10, point 3): the search and filter toolbar, a server-side sorted and
 * paged table (TanStack Table v9 in manual mode: the server has already filtered, sorted and paged the rows), the
 * pager, and the loading, error and empty states. Screens add their own columns (row actions on Products, selection
 * on Manage) and anything to show above the table.
 */
import { functionalUpdate, useTable, type OnChangeFn, type PaginationState, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import {
  defaultDirection,
  filterOf,
  hasFilter,
  productListTexts,
  productSortFields,
  type ProductList,
  type ProductListRow,
  type ProductPageSize,
  type ProductSortField,
} from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { productTableFeatures, type ProductColumn } from './product-table-columns.tsx';
import ProductTablePager from './product-table-pager.tsx';
import type { ProductTableQuery } from './product-table-query.ts';
import ProductTableToolbar from './product-table-toolbar.tsx';
import { tableScroll } from '../ui/dialog-frame.tsx';

const noRows: ProductListRow[] = [];
const noSelection: RowSelectionState = {};
const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

export interface ProductListResult {
  data: ProductList | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
}

export interface ProductTableProps {
  tableQuery: ProductTableQuery;
  list: ProductListResult;
  columns: ProductColumn[];
  /** The table's accessible name. */
  label: string;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Shown between the toolbar and the table (the Manage screen's selection notice and bulk actions). */
  children?: ReactNode;
}

function isSortField(id: string): id is ProductSortField {
  return (productSortFields as readonly string[]).includes(id);
}

export default function ProductTable({ tableQuery, list, columns, label, rowSelection, onRowSelectionChange, children }: ProductTableProps) {
  const { query, refine, setPage } = tableQuery;
  const sorting = useMemo<SortingState>(() => [{ id: query.sort, desc: query.dir === 'desc' }], [query.sort, query.dir]);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: query.page - 1, pageSize: query.pageSize }), [query.page, query.pageSize]);

  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    const [next] = functionalUpdate(updater, sorting);
    if (next && isSortField(next.id)) refine({ sort: next.id, dir: next.desc ? 'desc' : 'asc' });
  };
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const next = functionalUpdate(updater, pagination);
    if (next.pageSize !== pagination.pageSize) refine({ pageSize: next.pageSize as ProductPageSize });
    else setPage(next.pageIndex + 1);
  };

  const table = useTable({
    features: productTableFeatures,
    columns,
    data: list.data?.rows ?? noRows,
    getRowId: (row) => String(row.id),
    rowCount: list.data?.total ?? 0,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: rowSelection !== undefined,
    state: { sorting, pagination, rowSelection: rowSelection ?? noSelection },
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange,
  });

  const total = list.data?.total ?? 0;
  const rows = table.getRowModel().rows;

  return (
    <div className="space-y-4">
      <ProductTableToolbar tableQuery={tableQuery} />
      {tableQuery.invalid && (
        <p role="alert" className="text-sm text-sale">
          The link's filters were not understood ({tableQuery.invalid}), so all products are shown.
        </p>
      )}
      {children}
      {list.isPending ? (
        <p role="status" className="py-10 text-center text-ink-muted">
          Loading…
        </p>
      ) : list.isError ? (
        <p role="alert" className="py-10 text-center text-ink-muted">
          The products could not be loaded. Please try again.
        </p>
      ) : (
        <div className={`${ui.card} ${tableScroll}`}>
          <table className="w-full text-left text-sm" aria-busy={list.isFetching || undefined}>
            <caption className="sr-only">{label}</caption>
            <thead className="border-b border-line bg-muted/60 text-xs font-semibold tracking-wide text-ink-muted uppercase">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = header.column;
                    if (!column.getCanSort()) {
                      return (
                        <th key={header.id} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                          <table.FlexRender header={header} />
                        </th>
                      );
                    }
                    const sorted = column.getIsSorted();
                    const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
                    // A column already sorted flips; a new one starts in its natural direction (names A to Z, figures highest first).
                    const nextDesc = sorted ? sorted === 'asc' : isSortField(column.id) && defaultDirection(column.id) === 'desc';
                    return (
                      <th key={header.id} scope="col" aria-sort={sorted ? ariaSort[sorted] : 'none'} className="px-3 py-2.5 whitespace-nowrap">
                        <button
                          type="button"
                          onClick={() => column.toggleSorting(nextDesc)}
                          className="inline-flex min-h-6 items-center gap-1 rounded uppercase hover:text-ink focus-visible:text-ink"
                        >
                          <table.FlexRender header={header} />
                          <Icon aria-hidden="true" className={`size-3.5 ${sorted ? 'text-brand-700' : 'opacity-50'}`} />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.id} className={row.getIsSelected() ? 'bg-brand-50' : undefined}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2 align-middle">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && (
            <p role="status" className="px-4 py-10 text-center text-ink-muted">
              {hasFilter(filterOf(query)) || total > 0 ? productListTexts.empty : productListTexts.noProducts}
            </p>
          )}
        </div>
      )}
      {list.data && <ProductTablePager table={table} total={total} page={query.page} pageSize={query.pageSize} range={list.data.range} />}
    </div>
  );
}
