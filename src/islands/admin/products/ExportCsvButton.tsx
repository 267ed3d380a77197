/**
 * 'Export CSV' on the Manage screen (issue 11, point 7): every product matching the list's current filter (all of
 * them without one), as the CSV the server streams, saved under the dated name it gives. Fetched rather than linked,
 * so a refusal (an expired session) shows as a toast instead of a downloaded error page.
 */
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { exportUrl } from '../../../domain/admin/csv/contract.ts';
import { csvTexts } from '../../../domain/admin/csv/texts.ts';
import { hasFilter, type ProductFilter } from '../../../domain/admin/product-list.ts';
import { ApiError } from '../../../lib/api.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { saveBlob } from '../imports/download.ts';

const FALLBACK_NAME = 'repwell-products.csv';

/** The file name of a Content-Disposition header (the plain filename="…" form the export sends). */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_NAME;
}

async function download(filter: ProductFilter): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportUrl(filter), { credentials: 'same-origin', headers: { accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, csvTexts.exportFailed, 'Please check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { title?: string; description?: string } } | null;
    throw new ApiError(response.status, body?.error?.title ?? csvTexts.exportFailed, body?.error?.description ?? `The export failed (${response.status}).`);
  }
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')));
}

export default function ExportCsvButton({ filter }: { filter: ProductFilter }) {
  const [busy, setBusy] = useState(false);
  const filtered = hasFilter(filter);
  return (
    <button
      type="button"
      className={ui.secondaryButton}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        download(filter)
          .catch((error: unknown) => toastApiError(error, csvTexts.exportFailed))
          .finally(() => setBusy(false));
      }}
    >
      <FileDown aria-hidden="true" className="size-4" /> {busy ? 'Exporting…' : filtered ? 'Export CSV (filtered)' : 'Export CSV'}
    </button>
  );
}
