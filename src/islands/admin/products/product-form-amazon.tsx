/**
 * Under the product form's affiliate URL: the ASIN and store an Amazon link names, and "Fill from Amazon", which asks
 * the Creators API through the server (POST /api/admin/amazon/item) and fills the form's fields; nothing is saved
 * until the admin saves. A short link (amzn.to) shows the button only: the server follows it. Amazon's pages are
 * never scraped, so without credentials the answer says which fields to fill by hand.
 */
import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { amazonLookupAnswerSchema, amazonLookupTexts, type AmazonLookupAnswer } from '../../../domain/admin/amazon-lookup.ts';
import { parseAmazonLink } from '../../../domain/amazon-asin.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminRequest } from '../api.ts';

export function AmazonFill({ url, onFilled }: { url: string; onFilled: (answer: AmazonLookupAnswer) => void }) {
  const [busy, setBusy] = useState(false);
  const link = parseAmazonLink(url ?? '');
  if (link === null || link.kind === 'store') return null;

  const fill = async () => {
    setBusy(true);
    try {
      const answer = await adminRequest('/api/admin/amazon/item', amazonLookupAnswerSchema, { method: 'POST', json: { url } });
      onFilled(answer);
      toast({ title: amazonLookupTexts.filledTitle, description: amazonLookupTexts.filled(answer.asin), variant: 'success' });
    } catch (error) {
      const description = error instanceof ApiError ? error.description : error instanceof Error ? error.message : String(error);
      toast({ title: amazonLookupTexts.failedTitle, description, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
      {link.kind === 'product' && <span>{amazonLookupTexts.detected(link.asin, link.marketplace)}</span>}
      <button type="button" className={ui.secondaryButton} disabled={busy} onClick={() => void fill()}>
        <PackageSearch aria-hidden="true" className="size-4" />
        {busy ? amazonLookupTexts.busy : amazonLookupTexts.button}
      </button>
    </div>
  );
}
