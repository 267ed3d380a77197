/**
 * The analytics dashboard (issue 14, point 5), the first tab of /dashboard/analytics: a range of UTC days, its figures
 * against the previous period, the daily chart, the top tables, a product's drill-down and the conversions waiting
 * for a product. Every figure is read from the rows stored (src/server/admin/analytics.ts).
 */
import { useState } from 'react';
import { useQueryState } from '../frame/use-query-state.ts';
import { useQuery } from '../query.ts';
import { analyticsApi, analyticsKeys } from './analytics-api.ts';
import DashboardChart from './DashboardChart.tsx';
import DashboardExport from './DashboardExport.tsx';
import DashboardFigures from './DashboardFigures.tsx';
import { formatDay } from './DashboardFormat.ts';
import DashboardProduct from './DashboardProduct.tsx';
import DashboardRange from './DashboardRange.tsx';
import DashboardTable from './DashboardTable.tsx';
import DashboardUnattributed from './DashboardUnattributed.tsx';
import { QueryOutcome } from './QueryOutcome.tsx';

/** The range part of the page's query string, as the API takes it. */
function rangeQuery(query: URLSearchParams): string {
  const params = new URLSearchParams();
  for (const name of ['range', 'from', 'to']) {
    const value = query.get(name);
    if (value) params.set(name, value);
  }
  return params.toString();
}

export default function Dashboard() {
  const [query, setQuery] = useQueryState();
  const range = rangeQuery(query);
  const [product, setProduct] = useState<{ id: number; name: string } | null>(null);
  const summary = useQuery({ queryKey: analyticsKeys.summary(range), queryFn: () => analyticsApi.summary(range), placeholderData: (previous) => previous });

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <DashboardRange key={range} query={query} setQuery={setQuery} />
        <p className="text-sm text-ink-muted">
          {summary.data
            ? `${formatDay(summary.data.range.from)} to ${formatDay(summary.data.range.to)}, compared with ${formatDay(summary.data.range.previous.from)} to ${formatDay(summary.data.range.previous.to)}. `
            : ''}
          Days are UTC days (Coordinated Universal Time), not your local time.
        </p>
      </div>
      <QueryOutcome result={summary}>
        {(data) => (
        <>
          <DashboardFigures summary={data} />
          <section aria-labelledby="analytics-daily" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="analytics-daily" className="text-lg font-semibold">
                Views, clicks and commission by day
              </h3>
              <DashboardExport query={`table=daily&${range}`} />
            </div>
            <DashboardChart series={data.series} subject="All products" />
          </section>
          {product ? <DashboardProduct key={product.id} productId={product.id} name={product.name} range={range} onClose={() => setProduct(null)} /> : null}
          <DashboardTable table="products" range={range} onOpenProduct={(id, name) => setProduct({ id, name })} />
          <DashboardTable table="categories" range={range} />
          <DashboardTable table="pages" range={range} />
          <DashboardUnattributed />
        </>
        )}
      </QueryOutcome>
    </div>
  );
}
