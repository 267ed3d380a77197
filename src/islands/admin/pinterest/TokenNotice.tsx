/**
 * The connection to Pinterest, said plainly (issue 12, points 3 and 5): no token (use the CSV route instead), a token
 * Pinterest refused (renew it), and with a token the Trial-access caveat, the pace and the publisher's last run.
 */
import { AlertTriangle, Info } from 'lucide-react';
import type { PinterestState } from '../../../domain/admin/pinterest/api.ts';
import { pinTexts } from '../../../domain/admin/pinterest/texts.ts';
import { ui } from '../../ui.ts';
import { formatDateTime } from '../format.ts';

export default function TokenNotice({ state }: { state: PinterestState }) {
  if (!state.configured || state.tokenStatus === 'not_configured') {
    return (
      <section aria-labelledby="pinterest-token-title" className="rounded-lg border border-sale/40 bg-sale/5 p-4 text-sm">
        <h2 id="pinterest-token-title" className="flex items-center gap-2 font-bold text-ink">
          <AlertTriangle aria-hidden="true" className="size-4 text-sale" />
          {pinTexts.notConfiguredTitle}
        </h2>
        <p className="mt-1">{state.tokenMessage ?? pinTexts.notConfigured}</p>
        <p className="mt-1 text-ink-muted">{pinTexts.csvRoute} Select pins below and choose Export CSV.</p>
      </section>
    );
  }
  return (
    <div className="space-y-3">
      {state.tokenStatus === 'needs_renewal' && (
        <section role="alert" aria-labelledby="pinterest-token-title" className="rounded-lg border border-sale/40 bg-sale/5 p-4 text-sm">
          <h2 id="pinterest-token-title" className="flex items-center gap-2 font-bold text-ink">
            <AlertTriangle aria-hidden="true" className="size-4 text-sale" />
            {pinTexts.tokenNeedsRenewalTitle}
          </h2>
          <p className="mt-1">{state.tokenMessage ?? pinTexts.tokenNeedsRenewal}</p>
        </section>
      )}
      <section aria-label="Pinterest connection" className={`${ui.card} space-y-1 p-4 text-sm`}>
        <p className="flex items-start gap-2">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>{state.trialAccessNotice}</span>
        </p>
        <p className="text-ink-muted">
          Publishing at most {state.pinsPerHour} pins per hour · {state.due} due now
          {state.rateLimitedUntil && <> · {pinTexts.rateLimited} (until {formatDateTime(new Date(state.rateLimitedUntil))})</>}
        </p>
        {state.lastRun && (
          <p className="text-ink-muted">
            Last run {formatDateTime(new Date(state.lastRun.at))}: {state.lastRun.message}
          </p>
        )}
      </section>
    </div>
  );
}
