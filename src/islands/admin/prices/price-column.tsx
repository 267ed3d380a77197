/** The 'Price checked' column of the Products and Manage tables: how old the price is, by what, and whether it shows. */
import { priceAgeLabel, priceSourceLabels } from '../../../domain/admin/prices.ts';
import type { ProductListRow } from '../../../domain/admin/product-list.ts';
import { productColumn, type ProductColumn } from '../products/product-table-columns.tsx';

function PriceCheckedCell({ row }: { row: ProductListRow }) {
  const checked = row.priceCheckedAt;
  return (
    <div className="min-w-28 text-sm">
      {checked ? (
        <time dateTime={checked} title={new Date(checked).toUTCString()} className="whitespace-nowrap">
          {priceAgeLabel(checked, Date.now())}
        </time>
      ) : (
        <span className="text-ink-muted">Never</span>
      )}
      {row.priceSource && <div className="text-xs text-ink-muted">{priceSourceLabels[row.priceSource]}</div>}
      <div className="flex flex-wrap gap-1">
        {row.priceStale && (
          <span className="mt-1 inline-flex rounded-full border border-sale/40 bg-sale/10 px-2 py-0.5 text-xs font-semibold text-sale">Stale</span>
        )}
        {row.priceCheckError !== null && (
          <span
            className="mt-1 inline-flex rounded-full border border-sale/40 bg-sale/10 px-2 py-0.5 text-xs font-semibold text-sale"
            title={row.priceCheckError}
          >
            Failing
          </span>
        )}
      </div>
    </div>
  );
}

export const priceCheckedColumn: ProductColumn = productColumn.accessor('priceCheckedAt', {
  id: 'priceChecked',
  header: 'Price checked',
  enableSorting: false,
  cell: ({ row }) => <PriceCheckedCell row={row.original} />,
});
