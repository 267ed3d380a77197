/**
 * The preview's rows with their states (issue 11, point 6): a page of PAGE_ROWS rows at a time inside an area that
 * scrolls at a maximum height, so 10,000 rows cost the DOM no more than a hundred. The counts of each state sit above
 * the table; an update lists the fields it changes, old → new; the view shows all rows, successes or errors only.
 */
import { useEffect, useState } from 'react';
import type { CsvFieldChange } from '../../../domain/admin/csv/changes.ts';
import type { CsvRowState } from '../../../domain/admin/csv/contract.ts';
import { ui } from '../../ui.ts';
import { Pager } from './Pager.tsx';
import { pageOf, previewCounts, visibleRows, type PreviewFilter, type PreviewRow } from './preview-rows.ts';

export const PAGE_ROWS = 100;

const stateStyles: Record<CsvRowState, string> = {
  new: 'bg-success/15 text-success',
  update: 'bg-brand-50 text-brand-800',
  unchanged: 'bg-muted text-ink-muted',
  delete: 'bg-muted text-ink',
  error: 'bg-sale/10 text-sale',
  pending: 'bg-muted text-ink-muted',
};

export function StateBadge({ state }: { state: CsvRowState }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${stateStyles[state]}`}>{state}</span>;
}

function Changes({ changes }: { changes: readonly CsvFieldChange[] }) {
  return (
    <ul className="space-y-0.5 text-ink" aria-label="Changed fields">
      {changes.map((change) => (
        <li key={change.field} data-field={change.field}>
          <span className="font-semibold">{change.field}</span>: <span className="text-ink-muted line-through">{change.from || '(empty)'}</span> →{' '}
          <span>{change.to || '(empty)'}</span>
        </li>
      ))}
    </ul>
  );
}

function Counts({ rows }: { rows: readonly PreviewRow[] }) {
  const counts = previewCounts(rows);
  const pending = rows.filter((row) => row.state === 'pending').length;
  const parts: [string, number][] = [
    ['new', counts.new],
    ['update', counts.updates],
    ['unchanged', counts.unchanged],
    ['delete', counts.deletes],
    ['error', counts.errors],
    ['pending', pending],
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted" aria-label="Rows by state">
      {parts.map(([state, n]) => (
        <li key={state} data-count={state}>
          <span className="font-semibold text-ink tabular-nums">{n.toLocaleString('en-US')}</span> {state}
        </li>
      ))}
    </ul>
  );
}

export function PreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  const [filter, setFilter] = useState<PreviewFilter>('all');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [filter]);
  const shown = visibleRows(rows, filter);
  const current = pageOf(shown, page, PAGE_ROWS);
  const toggle = (value: PreviewFilter, text: string) => (
    <button type="button" aria-pressed={filter === value} onClick={() => setFilter(value)} className={`${ui.secondaryButton} h-8 px-3 text-xs aria-pressed:bg-brand-700 aria-pressed:text-white`}>
      {text}
    </button>
  );

  return (
    <section aria-labelledby="csv-preview-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="csv-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div role="group" aria-label="Rows to show" className="flex gap-2">
          {toggle('all', 'All rows')}
          {toggle('successes', 'Successes only')}
          {toggle('errors', 'Errors only')}
        </div>
      </div>
      <Counts rows={rows} />
      <div className={`${ui.card} relative max-h-96 overflow-auto`} tabIndex={0} role="region" aria-label="Preview rows">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows of the CSV file and what importing them does</caption>
          <thead className="sticky top-0 border-b border-line bg-surface text-xs font-semibold tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Product
              </th>
              <th scope="col" className="px-3 py-2">
                State
              </th>
              <th scope="col" className="px-3 py-2">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {current.items.map((row) => (
              <tr key={row.rowNumber} className="border-b border-line/60 last:border-0" data-state={row.state}>
                <td className="px-3 py-2 tabular-nums">{row.rowNumber}</td>
                <td className="max-w-72 truncate px-3 py-2" title={row.label}>
                  {row.label}
                </td>
                <td className="px-3 py-2">
                  <StateBadge state={row.state} />
                </td>
                <td className="px-3 py-2 text-sale">{row.changes && row.changes.length > 0 ? <Changes changes={row.changes} /> : row.reason}</td>
              </tr>
            ))}
            {current.items.length === 0 && (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-ink-muted">
                  No rows to show.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager label="Preview pages" page={current.page} pages={current.pages} onPage={setPage} />
    </section>
  );
}
