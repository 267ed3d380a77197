/**
 * The Products screen (issue 10, point 3): every product whatever its status, searched, filtered, sorted and paged by
 * the server, with the view kept in the URL. Per row: featured switch, status select, Edit (the product editor in a
 * dialog) and Delete after a confirmation.
 */
import { Dialog } from 'radix-ui';
import { useMemo, useRef, useState } from 'react';
import type { BulkAction } from '../../../domain/admin/product-bulk.ts';
import type { ProductListRow, ProductStatus } from '../../../domain/admin/product-list.ts';
import { toastWithUndo } from '../undo/undo-api.ts';
import { CloseButton, overlayClass, sheetFrame } from '../ui/dialog-frame.tsx';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import ProductEditor from './ProductEditor.tsx';
import ProductTable from './ProductTable.tsx';
import { productListApi, refreshAfterProductWrite, useProductList } from './product-list-api.ts';
import {
  categoryColumn,
  clicksColumn,
  commissionColumn,
  conversionsColumn,
  createdColumn,
  nameColumn,
  priceColumn,
  ratingColumn,
  statusColumn,
  stockColumn,
  thumbnailColumn,
  updatedColumn,
} from './product-table-columns.tsx';
import { useProductTableQuery } from './product-table-query.ts';
import { rowActionColumns } from './product-table-row-actions.tsx';
import { healthColumn } from '../link-health/health-column.tsx';
import { priceCheckedColumn } from '../prices/price-column.tsx';

const statusAction: Record<ProductStatus, BulkAction> = { published: 'publish', draft: 'unpublish', active: 'activate' };

export default function ProductsSection() {
  const tableQuery = useProductTableQuery();
  const list = useProductList(tableQuery.query);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ProductListRow>();
  // The element that opened the editor: the dialog has no Radix trigger, so focus is given back by hand.
  const opener = useRef<HTMLElement | null>(null);

  const change = useMutation({
    mutationFn: ({ row, action }: { row: ProductListRow; action: BulkAction }) => productListApi.bulk({ action, ids: [row.id] }),
    onSuccess: (result, { row }) => toastWithUndo(queryClient, { title: result.title, description: result.changed > 0 ? `"${row.name}"` : undefined, variant: 'success' }, result.undoJobId),
    onError: (error) => toastApiError(error, 'Error updating product'),
    onSettled: () => refreshAfterProductWrite(queryClient),
  });
  const remove = useMutation({
    mutationFn: (row: ProductListRow) => productListApi.remove(row.id),
    onSuccess: (deleted, row) =>
      toastWithUndo(queryClient, { title: 'Product deleted', description: `"${row.name}" was deleted. It leaves the public site at the next build.`, variant: 'success' }, deleted.undoJobId),
    onError: (error) => toastApiError(error, 'Error deleting product'),
    onSettled: () => refreshAfterProductWrite(queryClient),
  });

  const busyId = change.isPending ? change.variables.row.id : undefined;
  const columns = useMemo(() => {
    const actions = rowActionColumns({
      busyId,
      onFeatured: (row, featured) => change.mutate({ row, action: featured ? 'feature' : 'unfeature' }),
      onStatus: (row, status) => change.mutate({ row, action: statusAction[status] }),
      onEdit: (row) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setEditing(row);
      },
      onDelete: (row) => remove.mutateAsync(row),
    });
    return [thumbnailColumn, nameColumn, categoryColumn, priceColumn, statusColumn, actions.status, stockColumn, priceCheckedColumn, healthColumn, actions.featured, ratingColumn, clicksColumn, conversionsColumn, commissionColumn, createdColumn, updatedColumn, actions.actions];
    // change.mutate is stable; busyId is what changes the controls.
  }, [busyId, change.mutate, remove.mutateAsync]);

  return (
    <>
      <ProductTable tableQuery={tableQuery} list={list} columns={columns} label="Products" />

      <Dialog.Root
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className={overlayClass} />
          <Dialog.Content
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
            className={sheetFrame('md')}
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-bold">Edit {editing?.name}</Dialog.Title>
              <CloseButton />
            </div>
            {editing && (
              <ProductEditor
                productId={editing.id}
                onDone={() => {
                  setEditing(undefined);
                  refreshAfterProductWrite(queryClient);
                }}
              />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
