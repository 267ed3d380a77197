/**
 * The Manage screen (issue 10, point 3): the products table with row selection (one row, the page, or every product
 * matching the filters across all pages) and bulk actions applied in one transaction, with a summary toast. The
 * selection is cleared after an action and whenever the filters change, so an action never reaches rows the admin
 * can no longer see.
 */
import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import type { BulkAction, BulkRequestInput } from '../../../domain/admin/product-bulk.ts';
import { filterOf, productCountLabel, productListSearchParams } from '../../../domain/admin/product-list.ts';
import { toastWithUndo } from '../undo/undo-api.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import BulkActionBar, { type BulkOption } from './bulk-action-bar.tsx';
import ExportCsvButton from './ExportCsvButton.tsx';
import ProductTable from './ProductTable.tsx';
import { productListApi, refreshAfterProductWrite, useProductList } from './product-list-api.ts';
import {
  categoryColumn,
  clicksColumn,
  commissionColumn,
  conversionsColumn,
  featuredColumn,
  nameColumn,
  priceColumn,
  statusColumn,
  stockColumn,
  thumbnailColumn,
  updatedColumn,
} from './product-table-columns.tsx';
import { useProductTableQuery } from './product-table-query.ts';
import { selectColumn } from './product-table-select.tsx';
import CheckLinksButton from '../link-health/CheckLinksButton.tsx';
import { healthColumn } from '../link-health/health-column.tsx';
import { priceCheckedColumn } from '../prices/price-column.tsx';

const linkButton = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

export default function ManageSection() {
  const tableQuery = useProductTableQuery();
  const { query } = tableQuery;
  const list = useProductList(query);
  const queryClient = useQueryClient();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);

  const filterKey = productListSearchParams({ ...query, page: 1 }).toString();
  useEffect(() => {
    setRowSelection({});
    setAllMatching(false);
  }, [filterKey]);

  const total = list.data?.total ?? 0;
  const pageRows = list.data?.rows ?? [];
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const count = allMatching ? total : selectedIds.length;
  const wholePageSelected = pageRows.length > 0 && pageRows.every((row) => rowSelection[String(row.id)]);

  const bulk = useMutation({
    mutationFn: (body: BulkRequestInput) => productListApi.bulk(body),
    onSuccess: (result) => {
      toastWithUndo(queryClient, { title: result.title, description: result.description || undefined, variant: 'success' }, result.undoJobId);
      setRowSelection({});
      setAllMatching(false);
    },
    onError: (error) => toastApiError(error, 'Bulk action failed'),
    onSettled: () => refreshAfterProductWrite(queryClient),
  });
  const apply = (action: BulkAction, option: BulkOption = {}) => {
    const target = allMatching ? { allMatching: filterOf(query) } : { ids: selectedIds.map(Number) };
    const extra = action === 'move' ? { categoryId: option.categoryId } : action === 'award' ? { award: option.award ?? '' } : action === 'reviewer' ? { reviewerId: option.reviewerId ?? null } : {};
    return bulk.mutateAsync({ action, ...target, ...extra });
  };

  const columns = useMemo(
    () => [selectColumn(allMatching), thumbnailColumn, nameColumn, categoryColumn, priceColumn, statusColumn, stockColumn, priceCheckedColumn, healthColumn, featuredColumn, clicksColumn, conversionsColumn, commissionColumn, updatedColumn],
    [allMatching],
  );

  return (
    <ProductTable tableQuery={tableQuery} list={list} columns={columns} label="Products to manage" rowSelection={rowSelection} onRowSelectionChange={setRowSelection}>
      <div className="flex justify-end">
        <ExportCsvButton filter={filterOf(query)} />
      </div>
      <BulkActionBar count={count} busy={bulk.isPending} onAction={apply}>
        <CheckLinksButton target={allMatching ? { allMatching: query } : { ids: selectedIds.map(Number) }} disabled={count === 0} />
      </BulkActionBar>
      {allMatching ? (
        <p className="rounded-lg bg-brand-50 px-4 py-2 text-sm">
          All {productCountLabel(total)} matching these filters are selected.{' '}
          <button type="button" className={linkButton} onClick={() => {
              setAllMatching(false);
              setRowSelection({});
            }}>
            Clear selection
          </button>
        </p>
      ) : (
        wholePageSelected &&
        total > pageRows.length && (
          <p className="rounded-lg bg-brand-50 px-4 py-2 text-sm">
            All {productCountLabel(pageRows.length)} on this page are selected.{' '}
            <button type="button" className={linkButton} onClick={() => setAllMatching(true)}>
              Select all {total.toLocaleString('en-US')} matching
            </button>
          </p>
        )
      )}
    </ProductTable>
  );
}
