/** 'Export CSV' for one dashboard table: the server writes the whole table (analytics-csv.ts) and the browser saves it. */
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { analyticsTexts } from '../../../domain/admin/analytics.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { downloadCsv } from './analytics-api.ts';

export default function DashboardExport({ query, label = 'Export CSV' }: { query: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={`${ui.secondaryButton} h-8 px-3 text-xs`}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        downloadCsv(query, analyticsTexts.exportFailed)
          .catch((error: unknown) => toastApiError(error, analyticsTexts.exportFailed))
          .finally(() => setBusy(false));
      }}
    >
      <FileDown aria-hidden="true" className="size-4" /> {busy ? 'Exporting…' : label}
    </button>
  );
}
