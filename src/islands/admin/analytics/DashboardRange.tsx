/**
 * The range picker: the last 7, 30 or 90 days, or a custom range of UTC days, kept in the URL (?range= or ?from=&to=)
 * so a reload or a shared link shows the same figures. The server checks the range; a refusal is shown as an error.
 */
import { useState, type FormEvent } from 'react';
import { RANGE_PRESETS } from '../../../domain/admin/analytics.ts';
import { ui } from '../../ui.ts';
import type { QueryUpdate } from '../frame/use-query-state.ts';

const chip = 'rounded-full px-3 py-1.5 text-sm font-semibold border border-line aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:border-brand-700';

export default function DashboardRange({ query, setQuery }: { query: URLSearchParams; setQuery: (update: QueryUpdate, options?: { push?: boolean }) => void }) {
  const custom = query.has('from') || query.has('to') || query.get('range') === 'custom';
  const preset = custom ? null : (query.get('range') ?? '30');
  const [from, setFrom] = useState(query.get('from') ?? '');
  const [to, setTo] = useState(query.get('to') ?? '');
  const [editing, setEditing] = useState(custom);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ range: null, from, to }, { push: true });
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Date range" className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={chip}
            aria-pressed={preset === String(days)}
            onClick={() => {
              setEditing(false);
              setQuery({ range: days === 30 ? null : String(days), from: null, to: null }, { push: true });
            }}
          >
            Last {days} days
          </button>
        ))}
        <button type="button" className={chip} aria-pressed={custom || editing} onClick={() => setEditing(true)}>
          Custom
        </button>
      </div>
      {editing ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className={ui.label}>From (UTC day)</span>
            <input type="date" required value={from} onChange={(event) => setFrom(event.target.value)} className={`${ui.input} h-9`} />
          </label>
          <label className="text-sm">
            <span className={ui.label}>To (UTC day)</span>
            <input type="date" required value={to} onChange={(event) => setTo(event.target.value)} className={`${ui.input} h-9`} />
          </label>
          <button type="submit" className={`${ui.secondaryButton} h-9`}>
            Apply
          </button>
        </form>
      ) : null}
    </div>
  );
}
