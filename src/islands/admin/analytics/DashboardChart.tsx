/**
 * The daily chart of views, clicks and commission (issue 14, point 5), with its table equivalent.
 *
 * Library, measured here (a minimal React line chart bundled with esbuild --minify, gzip -9, minus React itself):
 * Chart.js 4.6.1 + react-chartjs-2 5.3.1 with only the parts below registered 58.0 KB; recharts 3.10.1 117.7 KB;
 * uPlot 1.6.32 23.8 KB. Accessibility: recharts draws SVG with a keyboard tooltip layer; Chart.js and uPlot draw on a
 * canvas, which a screen reader cannot read. Chosen: Chart.js (half recharts' size, well kept, already installed),
 * made accessible here: the canvas is role="img" with a summary, and every chart has a data table with a caption,
 * visually hidden until 'Show data table' is pressed, always read by screen readers.
 */
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useId, useState } from 'react';
import { Line } from 'react-chartjs-2';
import type { SeriesPoint } from '../../../domain/admin/analytics.ts';
import { ui } from '../../ui.ts';
import { formatCents, formatCount, formatDay } from './DashboardFormat.ts';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

function summaryOf(series: readonly SeriesPoint[], subject: string): string {
  if (series.length === 0) return `${subject}: no days.`;
  const total = series.reduce((sum, point) => ({ views: sum.views + point.views, clicks: sum.clicks + point.clicks, cents: sum.cents + point.commissionCents }), { views: 0, clicks: 0, cents: 0 });
  const best = series.reduce((top, point) => (point.commissionCents > top.commissionCents ? point : top), series[0]!);
  const first = formatDay(series[0]!.day);
  const last = formatDay(series[series.length - 1]!.day);
  return (
    `${subject}, ${first} to ${last} (UTC days): ${formatCount(total.views)} views, ${formatCount(total.clicks)} clicks, ${formatCents(total.cents)} commission` +
    (best.commissionCents > 0 ? `; most commission on ${formatDay(best.day)} (${formatCents(best.commissionCents)}).` : '.')
  );
}

export default function DashboardChart({ series, subject }: { series: readonly SeriesPoint[]; subject: string }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const data = {
    labels: series.map((point) => point.day),
    datasets: [
      { label: 'Views', data: series.map((point) => point.views), borderColor: '#2563eb', backgroundColor: '#2563eb', yAxisID: 'count', pointRadius: 0 },
      { label: 'Clicks', data: series.map((point) => point.clicks), borderColor: '#d97706', backgroundColor: '#d97706', borderDash: [6, 3], yAxisID: 'count', pointRadius: 0 },
      { label: 'Commission ($)', data: series.map((point) => point.commissionCents / 100), borderColor: '#15803d', backgroundColor: '#15803d', borderDash: [2, 2], yAxisID: 'money', pointRadius: 0 },
    ],
  };
  return (
    <figure className="space-y-3">
      <div className="relative h-72">
        <Line
          data={data}
          role="img"
          aria-label={summaryOf(series, subject)}
          options={{
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            scales: {
              count: { type: 'linear', position: 'left', beginAtZero: true, title: { display: true, text: 'Views and clicks' } },
              money: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: 'Commission ($)' } },
            },
          }}
        />
      </div>
      <button type="button" className={`${ui.secondaryButton} h-8 px-3 text-xs`} aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
        {showTable ? 'Hide data table' : 'Show data table'}
      </button>
      {/* A scrolling box takes keyboard focus (tabIndex) so a keyboard can scroll it too. */}
      <div id={tableId} className={showTable ? 'max-h-80 overflow-auto' : 'sr-only'} tabIndex={showTable ? 0 : undefined}>
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">{subject} by day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left">Day</th>
              <th scope="col" className="text-right">Views</th>
              <th scope="col" className="text-right">Clicks</th>
              <th scope="col" className="text-right">Commission</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.day}>
                <th scope="row" className="text-left font-normal">{point.day}</th>
                <td className="text-right tabular-nums">{formatCount(point.views)}</td>
                <td className="text-right tabular-nums">{formatCount(point.clicks)}</td>
                <td className="text-right tabular-nums">{formatCents(point.commissionCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
