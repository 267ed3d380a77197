/**
 * The pins table: a page of pins as the server filtered and paged them (TanStack Table in manual mode), with a
 * checkbox per row for the bulk actions. Per pin: its image and title, what it pins (product or post), its board, its
 * status (a published pin's id linking to it on Pinterest, a failed pin's reason) and its publish time.
 */
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import { ExternalLink, ImageOff } from 'lucide-react';
import type { PinView } from '../../../domain/admin/pinterest/api.ts';
import { pinStatusLabels, type PinStatus } from '../../../domain/admin/pinterest/texts.ts';
import { thumbnailSrc } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { formatDateTime } from '../format.ts';
import { Checkbox } from '../ui/Checkbox.tsx';
import { tableScroll } from '../ui/dialog-frame.tsx';

const features = tableFeatures({ rowPaginationFeature, rowSelectionFeature });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of different value types in one list, as TanStack's own examples type them
type PinColumn = ColumnDef<typeof features, PinView, any>;
const column = createColumnHelper<typeof features, PinView>();

const statusTone: Record<PinStatus, string> = {
  draft: 'border-line bg-muted text-ink',
  scheduled: 'border-brand-200 bg-brand-50 text-brand-800',
  publishing: 'border-brand-300 bg-brand-100 text-brand-900',
  published: 'border-success/30 bg-success/10 text-success',
  failed: 'border-sale/40 bg-sale/10 text-sale',
};

export function PinStatusBadge({ status }: { status: PinStatus }) {
  return <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[status]}`}>{pinStatusLabels[status]}</span>;
}

function StatusCell({ pin }: { pin: PinView }) {
  return (
    <div className="min-w-40 space-y-1">
      <PinStatusBadge status={pin.status} />
      {pin.status === 'published' && pin.pinterestPinId && (
        <div className="text-xs">
          {pin.pinterestUrl ? (
            <a href={pin.pinterestUrl} target="_blank" rel="noopener noreferrer" className={`${ui.link} inline-flex items-center gap-1`}>
              Pin {pin.pinterestPinId}
              <ExternalLink aria-hidden="true" className="size-3" />
              <span className="sr-only"> (opens on Pinterest in a new tab)</span>
            </a>
          ) : (
            <span>Pin {pin.pinterestPinId}</span>
          )}
        </div>
      )}
      {pin.status === 'failed' && pin.failureReason && <p className="max-w-64 text-xs text-sale">{pin.failureReason}</p>}
    </div>
  );
}

function TimeCell({ pin }: { pin: PinView }) {
  const at = pin.publishedAt ?? pin.publishAt;
  if (!at) return <span className="text-ink-muted">Not scheduled</span>;
  return (
    <span className="whitespace-nowrap">
      <span className="sr-only">{pin.publishedAt ? 'Published ' : 'Publishes '}</span>
      <time dateTime={at}>{formatDateTime(new Date(at))}</time>
    </span>
  );
}

function pinColumns(onEdit: (pin: PinView) => void): PinColumn[] {
  return [
    column.display({
      id: 'select',
      header: ({ table }) => (
        <Checkbox
          aria-label="Select all pins on this page"
          checked={table.getRowModel().rows.length > 0 && table.getRowModel().rows.every((row) => row.getIsSelected())}
          indeterminate={table.getRowModel().rows.some((row) => row.getIsSelected()) && !table.getRowModel().rows.every((row) => row.getIsSelected())}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => <Checkbox aria-label={`Select pin ${row.original.title}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
    }),
    column.display({
      id: 'image',
      header: () => <span className="sr-only">Image</span>,
      cell: ({ row }) => {
        const src = thumbnailSrc(row.original.imageUrl);
        return src ? (
          <img src={src} alt="" width={32} height={48} loading="lazy" className="h-12 w-8 rounded border border-line object-cover" />
        ) : (
          <ImageOff aria-label="No image" className="size-4 text-ink-muted" />
        );
      },
    }),
    column.accessor('title', {
      header: 'Pin',
      cell: ({ row }) => (
        <div className="min-w-48">
          {row.original.status === 'draft' || row.original.status === 'scheduled' || row.original.status === 'failed' ? (
            <button type="button" className={`${ui.link} text-left`} onClick={() => onEdit(row.original)}>
              {row.original.title}
              <span className="sr-only"> (edit)</span>
            </button>
          ) : (
            <span className="font-semibold">{row.original.title}</span>
          )}
          {row.original.isAffiliate && <div className="text-xs text-ink-muted">Affiliate link · #ad</div>}
        </div>
      ),
    }),
    column.accessor('source', {
      header: 'Source',
      cell: ({ row }) => {
        const { source } = row.original;
        return (
          <span>
            <span className="text-xs font-semibold text-ink-muted uppercase">{source.type === 'product' ? 'Product' : 'Post'}</span>
            <br />
            {source.name ?? <span className="text-ink-muted">Deleted</span>}
          </span>
        );
      },
    }),
    column.accessor('boardName', { header: 'Board', cell: ({ row }) => row.original.boardName ?? <span className="text-ink-muted">None</span> }),
    column.accessor('status', { header: 'Status', cell: ({ row }) => <StatusCell pin={row.original} /> }),
    column.accessor('publishAt', { header: 'Publish time', cell: ({ row }) => <TimeCell pin={row.original} /> }),
  ];
}

const noRows: PinView[] = [];

export interface PinTableProps {
  rows: PinView[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  busy: boolean;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  onEdit: (pin: PinView) => void;
}

export default function PinTable({ rows, total, page, pageSize, busy, rowSelection, onRowSelectionChange, onEdit }: PinTableProps) {
  const table = useTable({
    features,
    columns: pinColumns(onEdit),
    data: rows ?? noRows,
    getRowId: (row) => String(row.id),
    rowCount: total,
    manualPagination: true,
    enableRowSelection: true,
    state: { pagination: { pageIndex: page - 1, pageSize }, rowSelection },
    onRowSelectionChange,
  });
  const bodyRows = table.getRowModel().rows;
  return (
    <div className={`${ui.card} ${tableScroll}`}>
      <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
        <caption className="sr-only">Pins</caption>
        <thead className="border-b border-line bg-muted/60 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-line">
          {bodyRows.map((row) => (
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
      {bodyRows.length === 0 && (
        <p role="status" className="px-4 py-10 text-center text-ink-muted">
          No pins here yet. Start one with New pin, or create drafts in bulk.
        </p>
      )}
    </div>
  );
}
