/** Previous / next for a long list shown a page at a time (the preview and the error details at 10,000 rows). */
import { ui } from '../../ui.ts';

const small = `${ui.secondaryButton} h-8 px-3 text-xs`;

export function Pager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2 text-sm">
      <button type="button" className={small} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="tabular-nums text-ink-muted">
        Page {page} of {pages}
      </span>
      <button type="button" className={small} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
