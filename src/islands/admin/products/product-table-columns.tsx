/**
 * The columns both products screens share (TanStack Table v9), and the table's features: sorting and paging are done
 * by the server (manual), row selection by id is the Manage screen's. Sortable columns have the ids of the list's
 * sort fields, so the table's sorting state maps onto the query string one to one.
 */
import {
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
} from '@tanstack/react-table';
import { CircleAlert, ImageOff } from 'lucide-react';
import { needsReviewLabels, productDisplayName, type NeedsReviewReason } from '../../../domain/admin/needs-review.ts';
import { publicProductPath, thumbnailSrc, type ProductListRow, type ProductStatus } from '../../../domain/admin/product-list.ts';
import { formatPrice } from '../../../domain/money.ts';
import { ui } from '../../ui.ts';

export const productTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature });
export type ProductTableFeatures = typeof productTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of different value types in one list, as TanStack's own examples type them
export type ProductColumn = ColumnDef<ProductTableFeatures, ProductListRow, any>;

export const productColumn = createColumnHelper<ProductTableFeatures, ProductListRow>();

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const statusLabels: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', published: 'Published' };

const statusTone: Record<ProductStatus, string> = {
  draft: 'border-line bg-muted text-ink-muted',
  active: 'border-brand-200 bg-brand-50 text-brand-800',
  published: 'border-success/30 bg-success/10 text-success',
};

export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${statusTone[status]}`}>{statusLabels[status]}</span>;
}

/** Shown under the name of a product the site could not fill in by itself, until an admin saves it. */
export function NeedsReviewBadge({ reason }: { reason: NeedsReviewReason }) {
  return (
    <span className="mt-1 inline-flex items-center gap-1 rounded-full border border-sale/40 bg-sale/10 px-2 py-0.5 text-xs font-semibold text-sale">
      <CircleAlert aria-hidden="true" className="size-3.5" />
      {needsReviewLabels[reason]}
    </span>
  );
}

function Thumbnail({ row }: { row: ProductListRow }) {
  const src = thumbnailSrc(row.imageUrl);
  if (!src) {
    return (
      <span className="flex size-10 items-center justify-center rounded-md bg-muted text-ink-muted" role="img" aria-label={`No image for ${productDisplayName(row.name)}`}>
        <ImageOff aria-hidden="true" className="size-4" />
      </span>
    );
  }
  return <img src={src} alt={productDisplayName(row.name)} width={40} height={40} loading="lazy" decoding="async" className="size-10 rounded-md border border-line bg-surface object-contain" />;
}

function NameCell({ row }: { row: ProductListRow }) {
  const path = publicProductPath(row);
  const codes = [row.sku && `SKU ${row.sku}`, row.asin && `ASIN ${row.asin}`].filter(Boolean).join(' · ');
  return (
    <div className="min-w-48">
      {path ? (
        <a href={path} target="_blank" rel="noopener" className={ui.link}>
          {productDisplayName(row.name)}
          <span className="sr-only"> (opens the public page in a new tab)</span>
        </a>
      ) : (
        <span className="font-semibold">{productDisplayName(row.name)}</span>
      )}
      {codes && <div className="text-xs text-ink-muted">{codes}</div>}
      {row.needsReview && <NeedsReviewBadge reason={row.needsReview} />}
    </div>
  );
}

export const thumbnailColumn: ProductColumn = productColumn.display({
  id: 'image',
  header: () => <span className="sr-only">Image</span>,
  cell: ({ row }) => <Thumbnail row={row.original} />,
});

export const nameColumn: ProductColumn = productColumn.accessor('name', { header: 'Name', cell: ({ row }) => <NameCell row={row.original} /> });

export const categoryColumn: ProductColumn = productColumn.accessor('category', {
  header: 'Category',
  enableSorting: false,
  cell: ({ getValue }) => (getValue() as ProductListRow['category'])?.name ?? <span className="text-ink-muted">None</span>,
});

export const priceColumn: ProductColumn = productColumn.accessor('price', {
  header: 'Price',
  cell: ({ row }) => {
    const { price, salePrice } = row.original;
    if (salePrice !== null && salePrice < price) {
      return (
        <span className="whitespace-nowrap">
          <span className="font-semibold text-sale">{formatPrice(salePrice)}</span> <s className="text-xs text-ink-muted">{formatPrice(price)}</s>
        </span>
      );
    }
    return <span className="whitespace-nowrap">{formatPrice(price)}</span>;
  },
});

export const statusColumn: ProductColumn = productColumn.accessor('status', {
  header: 'Status',
  enableSorting: false,
  cell: ({ row }) => <StatusBadge status={row.original.status} />,
});

export const stockColumn: ProductColumn = productColumn.accessor('inStock', {
  header: 'Stock',
  enableSorting: false,
  cell: ({ row }) =>
    row.original.inStock ? <span className="whitespace-nowrap text-success">In stock</span> : <span className="whitespace-nowrap text-sale">Out of stock</span>,
});

export const featuredColumn: ProductColumn = productColumn.accessor('isFeatured', {
  header: 'Featured',
  enableSorting: false,
  cell: ({ row }) => (row.original.isFeatured ? 'Featured' : <span className="text-ink-muted">No</span>),
});

export const ratingColumn: ProductColumn = productColumn.accessor('rating', {
  header: 'Rating',
  cell: ({ row }) => (row.original.rating === null ? <span className="text-ink-muted">None</span> : `${row.original.rating.toFixed(1)}/5`),
});

export const clicksColumn: ProductColumn = productColumn.accessor('clickCount', {
  id: 'clicks',
  header: 'Clicks',
  cell: ({ row }) => row.original.clickCount.toLocaleString('en-US'),
});

export const conversionsColumn: ProductColumn = productColumn.accessor('conversionCount', {
  id: 'conversions',
  header: 'Conversions',
  cell: ({ row }) => row.original.conversionCount.toLocaleString('en-US'),
});

export const commissionColumn: ProductColumn = productColumn.accessor('revenueCents', {
  id: 'commission',
  header: 'Commission',
  cell: ({ row }) => formatPrice(row.original.revenueCents / 100),
});

function dateCell(iso: string) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {dateFormat.format(new Date(iso))}
    </time>
  );
}

export const createdColumn: ProductColumn = productColumn.accessor('createdAt', { id: 'created', header: 'Added', cell: ({ row }) => dateCell(row.original.createdAt) });
export const updatedColumn: ProductColumn = productColumn.accessor('updatedAt', { id: 'updated', header: 'Updated', cell: ({ row }) => dateCell(row.original.updatedAt) });
