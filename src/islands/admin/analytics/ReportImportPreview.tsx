/**
 * The report preview (issue 14, point 4): how many rows are matched, unmatched, duplicate, changed or in error, and
 * the rows a page at a time, filterable by outcome.
 */
import { useEffect, useState } from 'react';
import type { ReportPreviewOutcome, ReportPreviewRow } from '../../../domain/admin/revenue-report.ts';
import { ui } from '../../ui.ts';
import { Pager } from '../imports/Pager.tsx';
import { pageOf } from '../imports/preview-rows.ts';

export const REPORT_PAGE_ROWS = 50;

export const outcomeLabels: Readonly<Record<ReportPreviewOutcome, string>> = {
  matched: 'Matched',
  unmatched: 'Unmatched',
  duplicate: 'Duplicate',
  changed: 'Changed',
  error: 'Errors',
};

const outcomeStyles: Record<ReportPreviewOutcome, string> = {
  matched: 'bg-success/15 text-success',
  unmatched: 'bg-muted text-ink',
  duplicate: 'bg-muted text-ink-muted',
  changed: 'bg-brand-50 text-brand-800',
  error: 'bg-sale/10 text-sale',
};

const matchTexts = { click: 'by click id', asin: 'by ASIN', sku: 'by SKU', 'product-id': 'by product id', stored: 'already attributed' } as const;

export function previewTally(rows: readonly ReportPreviewRow[]): Record<ReportPreviewOutcome, number> {
  const counts: Record<ReportPreviewOutcome, number> = { matched: 0, unmatched: 0, duplicate: 0, changed: 0, error: 0 };
  for (const row of rows) counts[row.outcome]++;
  return counts;
}

export function ReportImportPreview({ rows }: { rows: readonly ReportPreviewRow[] }) {
  const [filter, setFilter] = useState<ReportPreviewOutcome | 'all'>('all');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [filter]);
  const tally = previewTally(rows);
  const shown = filter === 'all' ? rows : rows.filter((row) => row.outcome === filter);
  const current = pageOf(shown, page, REPORT_PAGE_ROWS);

  return (
    <section aria-labelledby="report-preview-heading" className="space-y-3">
      <h2 id="report-preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Preview counts">
        {(Object.keys(outcomeLabels) as ReportPreviewOutcome[]).map((outcome) => (
          <div key={outcome} className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs font-semibold text-ink-muted uppercase">{outcomeLabels[outcome]}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-outcome={outcome}>
              {tally[outcome].toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
      <div role="group" aria-label="Rows to show" className="flex flex-wrap gap-2">
        {(['all', ...Object.keys(outcomeLabels)] as (ReportPreviewOutcome | 'all')[]).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
            className={`${ui.secondaryButton} h-8 px-3 text-xs aria-pressed:bg-brand-700 aria-pressed:text-white`}
          >
            {value === 'all' ? 'All rows' : outcomeLabels[value]}
          </button>
        ))}
      </div>
      <div className={`${ui.card} relative max-h-96 overflow-auto`} tabIndex={0} role="region" aria-label="Report rows">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the report and what importing them does</caption>
          <thead className="sticky top-0 border-b border-line bg-surface text-xs font-semibold tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Transaction
              </th>
              <th scope="col" className="px-3 py-2">
                Product
              </th>
              <th scope="col" className="px-3 py-2">
                Outcome
              </th>
              <th scope="col" className="px-3 py-2">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {current.items.map((row) => (
              <tr key={row.rowNumber} className="border-b border-line/60 last:border-0" data-outcome={row.outcome}>
                <td className="px-3 py-2 tabular-nums">{row.rowNumber}</td>
                <td className="max-w-56 truncate px-3 py-2 font-mono text-xs" title={row.transactionId}>
                  {row.transactionId}
                </td>
                <td className="px-3 py-2">
                  {row.productName ? (
                    <>
                      {row.productName} <span className="text-ink-muted">({matchTexts[row.matchedBy ?? 'stored']})</span>
                    </>
                  ) : (
                    row.outcome !== 'error' && <span className="text-ink-muted">Unattributed</span>
                  )}
                </td>
                <td className="px-3 py-2">
                  <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${outcomeStyles[row.outcome]}`}>{row.outcome}</span>
                </td>
                <td className={`px-3 py-2 ${row.outcome === 'error' ? 'text-sale' : 'text-ink-muted'}`}>{row.reason}</td>
              </tr>
            ))}
            {current.items.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-ink-muted">
                  No rows to show.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager label="Report preview pages" page={current.page} pages={current.pages} onPage={setPage} />
    </section>
  );
}
