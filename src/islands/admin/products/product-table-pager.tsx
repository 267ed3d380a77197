/** The pager under the products table: 'Page x of y', the total, page size, and first/previous/next/last. */
import type { ReactTable } from '@tanstack/react-table';
import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { rangeLabel } from '../../../domain/admin/overview.ts';
import { PRODUCT_PAGE_SIZES, pageLabel, productCountLabel, type ProductList, type ProductListRow } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import type { ProductTableFeatures } from './product-table-columns.tsx';

const pagerButton = ui.iconButton;

export interface ProductTablePagerProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected state: the pager only calls table methods
  table: ReactTable<ProductTableFeatures, ProductListRow, any>;
  total: number;
  page: number;
  pageSize: number;
  /** The days the clicks, conversions and commission columns count (as the overview and Analytics do). */
  range?: ProductList['range'];
}

export default function ProductTablePager({ table, total, page, pageSize, range }: ProductTablePagerProps) {
  const sizeId = useId();
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        <span className="font-semibold">{pageLabel(page, total, pageSize)}</span>
        <span className="text-ink-muted"> · {productCountLabel(total)}</span>
        {range && <span className="text-ink-muted"> · clicks, conversions and commission of the {rangeLabel(range)}</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId} className="text-ink-muted">
          Rows per page
        </label>
        <select id={sizeId} value={pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))} className={`${ui.input} h-9 w-20 text-sm`}>
          {PRODUCT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" className={pagerButton} onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()} aria-label="First page">
          <ChevronFirst aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={pagerButton} onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()} aria-label="Previous page">
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={pagerButton} onClick={() => table.nextPage()} disabled={!table.getCanNextPage()} aria-label="Next page">
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
        <button type="button" className={pagerButton} onClick={() => table.lastPage()} disabled={!table.getCanNextPage()} aria-label="Last page">
          <ChevronLast aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}
