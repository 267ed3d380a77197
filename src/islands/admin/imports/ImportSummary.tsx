/** The card after an import (issue 11, point 6): the counts, and every refused row's reason in a scrolling area. */
import { useState } from 'react';
import type { CsvImportCounts } from '../../../domain/admin/csv/contract.ts';
import { ui } from '../../ui.ts';
import { Pager } from './Pager.tsx';
import { pageOf } from './preview-rows.ts';

const PAGE_ERRORS = 100;

export interface RowError {
  rowNumber: number;
  reason: string;
}

export function ImportSummary({
  counts,
  errors,
  failure,
  notice = null,
}: {
  counts: CsvImportCounts;
  errors: readonly RowError[];
  failure: string | null;
  notice?: string | null;
}) {
  const [page, setPage] = useState(1);
  const current = pageOf(errors, page, PAGE_ERRORS);
  const figures: [string, number][] = [
    ['Imported', counts.imported],
    ['Updated', counts.updated],
    ['Deleted', counts.deleted],
    ['Errors', counts.errors],
  ];
  return (
    <section aria-labelledby="csv-summary-heading" className={`${ui.card} space-y-4 p-4`}>
      <h2 id="csv-summary-heading" className="text-lg font-semibold">
        Import summary
      </h2>
      {failure && (
        <p role="alert" className="text-sm font-medium text-sale">
          The import stopped: {failure}
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-lg border border-line bg-muted/60 p-3 text-sm font-medium text-ink">
          {notice}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-lg bg-muted/60 p-3">
            <dt className="text-xs font-semibold text-ink-muted uppercase">{name}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {counts.unchanged > 0 && <p className="text-sm text-ink-muted">{counts.unchanged.toLocaleString('en-US')} of the updated products were already as in the file.</p>}
      <p className="text-sm text-ink-muted">The public site is rebuilt once for the whole import; changes appear when it is live.</p>
      {errors.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">Error details</h3>
          <div role="region" aria-label="Error details" tabIndex={0} className="max-h-64 overflow-auto rounded-lg border border-line p-3">
            <ul className="space-y-1 text-sm text-sale">
              {current.items.map((error) => (
                <li key={error.rowNumber}>{error.reason}</li>
              ))}
            </ul>
          </div>
          <Pager label="Error detail pages" page={current.page} pages={current.pages} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
