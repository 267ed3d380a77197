/** The newest audit log entries: who changed what, and when. */
import type { AuditRecordView } from '../../../domain/admin/overview.ts';
import { ui } from '../../ui.ts';
import { formatDateTime } from '../format.ts';

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
            <li key={entry.id} className="py-2 text-sm break-words">
              <p className="font-medium text-ink">{entry.summary}</p>
              <p className="text-ink-muted">
                {entry.userEmail} · <time dateTime={entry.at.toISOString()}>{formatDateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
