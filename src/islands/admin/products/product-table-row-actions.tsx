/**
 * The Products screen's per-row controls: a featured switch, a status select, Edit, and Delete behind a confirmation
 * (its own dialog, so focus returns to the row's button on Cancel). Each change is one
 * call (the bulk endpoint with one id), so a row's edit follows the same rules, audit and rebuild as a bulk one.
 */
import { Pencil, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { productStatuses, type ProductListRow, type ProductStatus } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { productColumn, statusLabels, type ProductColumn } from './product-table-columns.tsx';
import { productDisplayName } from '../../../domain/admin/needs-review.ts';

export interface RowActionHandlers {
  /** The id of a row with a change under way: its controls wait. */
  busyId: number | undefined;
  onFeatured(row: ProductListRow, featured: boolean): void;
  onStatus(row: ProductListRow, status: ProductStatus): void;
  onEdit(row: ProductListRow): void;
  /** Runs after the confirmation; a rejection keeps the dialog open. */
  onDelete(row: ProductListRow): Promise<unknown>;
}

const iconButton = `${ui.secondaryButton} h-8 gap-1 px-3 text-xs`;

export function rowActionColumns(handlers: RowActionHandlers): { featured: ProductColumn; status: ProductColumn; actions: ProductColumn } {
  const featured = productColumn.accessor('isFeatured', {
    id: 'featured',
    header: 'Featured',
    enableSorting: false,
    cell: ({ row: { original: row } }) => (
      <Switch.Root
        checked={row.isFeatured}
        disabled={handlers.busyId === row.id}
        onCheckedChange={(checked) => handlers.onFeatured(row, checked)}
        aria-label={`Featured: ${productDisplayName(row.name)}`}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-ink-muted/40 transition-colors disabled:cursor-wait disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
    ),
  });

  const status = productColumn.accessor('status', {
    id: 'set-status',
    header: 'Set status',
    enableSorting: false,
    cell: ({ row: { original: row } }) => (
      <select
        value={row.status}
        disabled={handlers.busyId === row.id}
        onChange={(event) => handlers.onStatus(row, event.target.value as ProductStatus)}
        aria-label={`Status: ${productDisplayName(row.name)}`}
        className={`${ui.input} h-8 w-32 py-0 text-sm`}
      >
        {productStatuses.map((value) => (
          <option key={value} value={value}>
            {statusLabels[value]}
          </option>
        ))}
      </select>
    ),
  });

  const actions = productColumn.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row: { original: row } }) => (
      <div className="flex gap-2">
        <button type="button" className={iconButton} onClick={() => handlers.onEdit(row)} aria-label={`Edit ${productDisplayName(row.name)}`}>
          <Pencil aria-hidden="true" className="size-3.5" />
          Edit
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className={`${iconButton} text-sale`} aria-label={`Delete ${productDisplayName(row.name)}`}>
              <Trash2 aria-hidden="true" className="size-3.5" />
              Delete
            </button>
          }
          title={`Delete "${productDisplayName(row.name)}"?`}
          description="Its click and view history is deleted with it, and it leaves the public site at the next build. You can undo this for a day (from the toast or from Recent activity on the overview)."
          confirmLabel="Delete"
          onConfirm={() => handlers.onDelete(row)}
        />
      </div>
    ),
  });

  return { featured, status, actions };
}
