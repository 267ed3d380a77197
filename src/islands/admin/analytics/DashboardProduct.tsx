/** A product's drill-down: its figures and daily chart for the range, and its newest conversions. */
import { X } from 'lucide-react';
import { ui } from '../../ui.ts';
import { useQuery } from '../query.ts';
import { analyticsApi, analyticsKeys } from './analytics-api.ts';
import DashboardChart from './DashboardChart.tsx';
import DashboardConversions from './DashboardConversions.tsx';
import DashboardExport from './DashboardExport.tsx';
import { formatCents, formatCount, formatPercent } from './DashboardFormat.ts';
import { QueryOutcome } from './QueryOutcome.tsx';

export default function DashboardProduct({ productId, name, range, onClose }: { productId: number; name: string; range: string; onClose: () => void }) {
  const result = useQuery({ queryKey: analyticsKeys.product(productId, range), queryFn: () => analyticsApi.product(productId, range) });
  const title = `Product: ${result.data?.product.name ?? name}`;
  return (
    <section aria-labelledby="analytics-product" className={`${ui.card} space-y-4 p-4`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id="analytics-product" className="text-lg font-semibold">
          {title}
        </h3>
        <button type="button" className={`${ui.secondaryButton} h-8 px-3 text-xs`} onClick={onClose}>
          <X aria-hidden="true" className="size-4" /> Close product
        </button>
      </div>
      <QueryOutcome result={result}>
        {(data) => (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {(
              [
                ['Views', formatCount(data.figures.views)],
                ['Clicks', formatCount(data.figures.clicks)],
                ['Click-through rate', formatPercent(data.figures.clickThroughRate)],
                ['Conversions', formatCount(data.figures.conversions)],
                ['Conversion rate', formatPercent(data.figures.conversionRate)],
                ['Commission', formatCents(data.figures.commissionCents)],
                ['Earnings per click', formatCents(data.figures.earningsPerClickCents)],
                ['Revenue per 1,000 views', formatCents(data.figures.revenuePerThousandViewsCents)],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-ink-muted">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <DashboardChart series={data.series} subject={data.product.name} />
          <div className="flex items-center justify-between gap-2">
            <h4 className="font-semibold">Recent conversions</h4>
            <DashboardExport query={`table=conversions&product=${productId}`} />
          </div>
          <DashboardConversions caption={`Recent conversions of ${data.product.name}`} rows={data.recentConversions} />
        </>
        )}
      </QueryOutcome>
    </section>
  );
}
