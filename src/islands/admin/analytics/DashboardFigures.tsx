/** The figure cards: each figure of the range with its change against the previous period, said in words. */
import type { AnalyticsSummary } from '../../../domain/admin/analytics.ts';
import { changeText, formatCents, formatCount, formatPercent } from './DashboardFormat.ts';

type FigureKey = keyof AnalyticsSummary['current'];

const cards: { key: FigureKey; label: string; format: (value: number | null) => string }[] = [
  { key: 'views', label: 'Views', format: formatCount },
  { key: 'clicks', label: 'Clicks', format: formatCount },
  { key: 'clickThroughRate', label: 'Click-through rate', format: formatPercent },
  { key: 'conversions', label: 'Conversions', format: formatCount },
  { key: 'conversionRate', label: 'Conversion rate', format: formatPercent },
  { key: 'commissionCents', label: 'Commission', format: formatCents },
  { key: 'earningsPerClickCents', label: 'Earnings per click', format: formatCents },
  { key: 'revenuePerThousandViewsCents', label: 'Revenue per 1,000 views', format: formatCents },
];

export default function DashboardFigures({ summary }: { summary: AnalyticsSummary }) {
  return (
    <ul aria-label="Figures for the range" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, label, format }) => {
        const change = summary.changes[key];
        const arrow = change === null || change === 0 ? '' : change > 0 ? '▲ ' : '▼ ';
        return (
          <li key={key} className="rounded-xl border border-line bg-surface p-4" data-figure={key}>
            <p className="text-sm text-ink-muted">{label}</p>
            <p className="text-2xl font-bold tabular-nums" data-value>
              {format(summary.current[key])}
            </p>
            <p className="text-xs text-ink-muted" data-change>
              <span aria-hidden="true">{arrow}</span>
              {changeText(change)} <span className="sr-only">against</span>
              <span aria-hidden="true">vs</span> previous {summary.range.days} days ({format(summary.previous[key])})
            </p>
          </li>
        );
      })}
    </ul>
  );
}
