/** Contact messages: the latest few on the overview, and every message, a page at a time. */
import { emailStatusLabels, type ContactMessageView, type ContactEmailStatus } from '../../../domain/admin/overview.ts';
import { ui } from '../../ui.ts';
import { adminApi, adminKeys } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { useQueryState } from '../frame/use-query-state.ts';
import { useQuery } from '../query.ts';

const statusClasses: Record<ContactEmailStatus, string> = {
  sent: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-sale',
  not_configured: 'bg-ink/5 text-ink-muted',
};

function EmailStatus({ status }: { status: ContactEmailStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusClasses[status]}`}>{emailStatusLabels[status]}</span>;
}

function MessageItem({ message, full }: { message: ContactMessageView; full: boolean }) {
  return (
    <li className="space-y-1 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">{message.subject}</p>
        <EmailStatus status={message.emailStatus} />
      </div>
      <p className="text-ink-muted">
        {message.name} &lt;
        <a className={ui.link} href={`mailto:${message.email}`}>
          {message.email}
        </a>
        &gt; · <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
      </p>
      {full ? <p className="whitespace-pre-wrap text-ink">{message.message}</p> : <p className="line-clamp-2 text-ink">{message.message}</p>}
    </li>
  );
}

export function LatestMessages({ messages, total, onShowAll }: { messages: ContactMessageView[]; total: number; onShowAll: () => void }) {
  return (
    <section aria-labelledby="messages-heading" className={`${ui.card} p-5`}>
      <h2 id="messages-heading" className="mb-3 text-lg font-bold">
        Latest contact messages
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-ink-muted">No messages yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} full={false} />
            ))}
          </ul>
          <a
            href="?view=messages"
            className={`${ui.link} mt-3 inline-block text-sm`}
            onClick={(event) => {
              event.preventDefault();
              onShowAll();
            }}
          >
            View all {total.toLocaleString('en-US')} messages
          </a>
        </>
      )}
    </section>
  );
}

export function MessagesList({ onBack }: { onBack: () => void }) {
  const [query, setQuery] = useQueryState();
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const messages = useQuery({ queryKey: [...adminKeys.messages, page], queryFn: () => adminApi.messages(page) });
  const pages = messages.data ? Math.max(1, Math.ceil(messages.data.total / messages.data.pageSize)) : 1;

  return (
    <section aria-labelledby="all-messages-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="all-messages-heading" className="text-lg font-bold">
          Contact messages
        </h2>
        <button type="button" className={ui.secondaryButton} onClick={onBack}>
          Back to overview
        </button>
      </div>
      {messages.isPending && <p role="status">Loading…</p>}
      {messages.isError && <p role="alert">The messages could not be loaded.</p>}
      {messages.data && (
        <>
          {messages.data.rows.length === 0 ? (
            <p className="text-ink-muted">No messages yet.</p>
          ) : (
            <ul className={`${ui.card} divide-y divide-line px-5`}>
              {messages.data.rows.map((message) => (
                <MessageItem key={message.id} message={message} full />
              ))}
            </ul>
          )}
          <nav aria-label="Messages pages" className="flex items-center gap-3 text-sm">
            <button type="button" className={ui.secondaryButton} disabled={page <= 1} onClick={() => setQuery({ page: String(page - 1) })}>
              Previous
            </button>
            <span>
              Page {page} of {pages} ({messages.data.total.toLocaleString('en-US')} messages)
            </span>
            <button type="button" className={ui.secondaryButton} disabled={page >= pages} onClick={() => setQuery({ page: String(page + 1) })}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
