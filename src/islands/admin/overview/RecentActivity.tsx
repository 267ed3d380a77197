/** The newest audit log entries: who changed what, and when, with Undo beside a change that can still be undone. */
import { useState } from 'react';
import type { AuditRecordView } from '../../../domain/admin/overview.ts';
import { undoTexts } from '../../../domain/admin/undo.ts';
import { ui } from '../../ui.ts';
import { formatDateTime } from '../format.ts';
import { useQueryClient } from '../query.ts';
import { runUndo } from '../undo/undo-api.ts';

function UndoControl({ entry }: { entry: AuditRecordView }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!entry.undo) return null;
  if (entry.undo.state === 'undone') return <span className="text-xs font-semibold text-ink-muted">Undone</span>;
  if (entry.undo.state === 'expired') return null;
  const jobId = entry.undo.jobId;
  return (
    <button
      type="button"
      className={`${ui.secondaryButton} h-8 px-3 text-xs`}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={`${undoTexts.undoLabel}: ${entry.summary}`}
      onClick={() => {
        setBusy(true);
        void runUndo(queryClient, jobId).finally(() => setBusy(false));
      }}
    >
      {busy ? 'Undoing…' : undoTexts.undoLabel}
    </button>
  );
}

export default function RecentActivity({ entries }: { entries: AuditRecordView[] }) {
  return (
    <section aria-labelledby="activity-heading" className={`${ui.card} p-5`}>
      <h2 id="activity-heading" className="mb-3 text-lg font-bold">
        Recent activity
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-ink-muted">No admin changes yet.</p>
      ) : (
        <ol className="divide-y divide-line">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3 py-2 text-sm break-words">
              <div className="min-w-0">
                <p className="font-medium text-ink">{entry.summary}</p>
                <p className="text-ink-muted">
                  {entry.userEmail} · <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at)}</time>
                </p>
              </div>
              <UndoControl entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
