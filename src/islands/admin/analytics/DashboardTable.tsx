/**
 * A top table of the dashboard (products, categories or pages): sorted and paged on the server by any of its columns,
 * each column header a button that sorts (aria-sort says which way), 'Export CSV' for the whole table in that order.
 */
import { useState } from 'react';
import { defaultDirectionOf, DEFAULT_TABLE_SORT, sortFieldsOf, type AnalyticsTable, type TableRow, type TableSortField } from '../../../domain/admin/analytics.ts';
import { pageCount } from '../../../domain/admin/product-list.ts';
import { useQuery } from '../query.ts';
import { Pager } from '../imports/Pager.tsx';
import { analyticsApi, analyticsKeys, tableParams, type TableState } from './analytics-api.ts';
import { formatCents, formatCount, formatPercent } from './DashboardFormat.ts';
import ExportButton from './DashboardExport.tsx';
import { QueryOutcome } from './QueryOutcome.tsx';
import { tableScroll } from '../ui/dialog-frame.tsx';

const titles: Record<AnalyticsTable, { title: string; label: string }> = {
  products: { title: 'Top products', label: 'Product' },
  categories: { title: 'Top categories', label: 'Category' },
  pages: { title: 'Top pages (where the click was made)', label: 'Page' },
};

const columns: { field: TableSortField; label: string; cell: (row: TableRow) => string }[] = [
  { field: 'views', label: 'Views', cell: (row) => formatCount(row.views) },
  { field: 'clicks', label: 'Clicks', cell: (row) => formatCount(row.clicks) },
  { field: 'clickThroughRate', label: 'CTR', cell: (row) => formatPercent(row.clickThroughRate) },
  { field: 'conversions', label: 'Conversions', cell: (row) => formatCount(row.conversions) },
  { field: 'conversionRate', label: 'Conv. rate', cell: (row) => formatPercent(row.conversionRate) },
  { field: 'commissionCents', label: 'Commission', cell: (row) => formatCents(row.commissionCents) },
  { field: 'saleCents', label: 'Sales', cell: (row) => formatCents(row.saleCents) },
  { field: 'earningsPerClickCents', label: 'EPC', cell: (row) => formatCents(row.earningsPerClickCents) },
];

export default function DashboardTable({ table, range, onOpenProduct }: { table: AnalyticsTable; range: string; onOpenProduct?: (id: number, name: string) => void }) {
  const [state, setState] = useState<TableState>({ ...DEFAULT_TABLE_SORT, page: 1 });
  const query = tableParams(range, state);
  const result = useQuery({ queryKey: analyticsKeys.table(table, query), queryFn: () => analyticsApi.table(table, query), placeholderData: (previous) => previous });
  const fields = sortFieldsOf(table);
  const shown = columns.filter((column) => fields.includes(column.field));
  const { title, label } = titles[table];

  const sortBy = (field: TableSortField) =>
    setState((current) => ({ sort: field, dir: current.sort === field ? (current.dir === 'asc' ? 'desc' : 'asc') : defaultDirectionOf(field), page: 1 }));
  const header = (field: TableSortField, text: string, align: string) => {
    const active = state.sort === field;
    return (
      <th key={field} scope="col" aria-sort={active ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined} className={`px-2 py-2 ${align}`}>
        <button type="button" className="inline-block min-h-6 font-semibold hover:underline" onClick={() => sortBy(field)}>
          {text}
          <span aria-hidden="true">{active ? (state.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
        </button>
      </th>
    );
  };

  return (
    <section aria-labelledby={`analytics-${table}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`analytics-${table}`} className="text-lg font-semibold">
          {title}
        </h3>
        <ExportButton query={`table=${table}&${tableParams(range, state).replace(/&?page=\d+/, '')}`} />
      </div>
      <QueryOutcome result={result}>
        {(data) => (
        <>
          <div className={tableScroll}>
            <table className="w-full text-sm" aria-busy={result.isFetching || undefined} data-table={table}>
              <caption className="sr-only">
                {title}, sorted by {state.sort === 'label' ? label : (columns.find((column) => column.field === state.sort)?.label ?? state.sort)}, {state.dir === 'asc' ? 'ascending' : 'descending'}
              </caption>
              <thead className="border-b border-line">
                <tr>
                  {header('label', label, 'text-left')}
                  {shown.map((column) => header(column.field, column.label, 'text-right'))}
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 ? (
                  <tr>
                    <td colSpan={shown.length + 1} className="px-2 py-4 text-center text-ink-muted">
                      Nothing in this range.
                    </td>
                  </tr>
                ) : (
                  data.rows.map((row) => (
                    <tr key={`${row.id ?? ''}:${row.label}`} className="border-b border-line/60">
                      <th scope="row" className="max-w-xs truncate px-2 py-2 text-left font-normal">
                        {table === 'products' && row.id !== null && onOpenProduct ? (
                          <button type="button" className="min-h-6 text-left font-semibold text-brand-700 hover:underline" onClick={() => onOpenProduct(row.id!, row.label)}>
                            {row.label}
                          </button>
                        ) : (
                          row.label
                        )}
                      </th>
                      {shown.map((column) => (
                        <td key={column.field} className="px-2 py-2 text-right tabular-nums">
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager label={`${title} pages`} page={state.page} pages={pageCount(data.total, data.pageSize)} onPage={(page) => setState((current) => ({ ...current, page }))} />
        </>
        )}
      </QueryOutcome>
    </section>
  );
}
