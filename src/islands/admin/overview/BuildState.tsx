/**
 * The site's build state in words (describeBuildState), with the elapsed time ticking while a build is queued or
 * running, the failed build's error and log tail, and 'Rebuild now'.
 */
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { describeBuildState, formatElapsed, rebuildTexts, type BuildStatus, type BuildTone } from '../../../domain/admin/overview.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminApi, adminKeys, toastApiError } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { useMutation, useQueryClient } from '../query.ts';

const toneClasses: Record<BuildTone, string> = {
  live: 'border-l-4 border-l-emerald-600',
  busy: 'border-l-4 border-l-amber-500',
  failed: 'border-l-4 border-l-sale',
  none: '',
};

/** The current time, updated every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export default function BuildState({ status }: { status: BuildStatus }) {
  const queryClient = useQueryClient();
  const view = describeBuildState(status, formatDateTime);
  const now = useNow(view.tone === 'busy');
  const rebuild = useMutation({
    mutationFn: adminApi.rebuild,
    onSuccess: () => {
      toast({ title: rebuildTexts.requested, description: rebuildTexts.requestedDescription, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
    },
    onError: (error) => toastApiError(error, rebuildTexts.failed),
  });

  return (
    <section aria-labelledby="build-state-heading" className={`${ui.card} ${toneClasses[view.tone]} space-y-3 p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h2 id="build-state-heading" className="text-sm font-semibold text-ink-muted">
            Public site
          </h2>
          {/* A live region, so a screen reader hears 'Live since …' when the build it waited for is published. */}
          <p role="status" className="text-lg font-bold" data-build-tone={view.tone}>
            {view.headline}
            {view.since && <span className="ml-2 text-base font-normal text-ink-muted">({formatElapsed(now - view.since.getTime())})</span>}
          </p>
          {view.detail && <p className="text-sm text-ink-muted">{view.detail}</p>}
        </div>
        <button type="button" className={ui.secondaryButton} disabled={rebuild.isPending} onClick={() => rebuild.mutate()}>
          <RefreshCw aria-hidden="true" className={`size-4 ${rebuild.isPending ? 'animate-spin' : ''}`} />
          {rebuildTexts.button}
        </button>
      </div>
      {view.log && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">Build log (last lines)</summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-ink/5 p-3 text-xs whitespace-pre-wrap">{view.log}</pre>
        </details>
      )}
    </section>
  );
}
