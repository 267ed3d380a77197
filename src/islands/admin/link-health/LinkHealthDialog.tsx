/**
 * One product's link health (issue 13, point 3) in a Radix dialog opened from its health badge: the current result,
 * 'Check now', 'Acknowledge' for a failing result ('this redirect is fine': it stops being reported until it
 * changes), and the history of checks, newest first. After 'Check now' the history is asked again every couple of
 * seconds until the new check is stored.
 */
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { linkHealthTexts, type LinkHealthHistory } from '../../../domain/admin/link-health/api.ts';
import { classLabels, isCouldNotCheck } from '../../../domain/admin/link-health/classes.ts';
import { healthPolicy } from '../../../domain/admin/link-health/state.ts';
import type { ProductListRow } from '../../../domain/admin/product-list.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { healthStatusLabel } from '../../../domain/admin/link-health/status.ts';
import { HealthBadge, notCheckedLabel } from './HealthBadge.tsx';
import { ACTIVE_RUN_POLL_MS, linkHealthApi, linkHealthKeys, refreshLinkHealth } from './link-health-api.ts';
import { CloseButton, dialogFrame, overlayClass, tableScroll } from '../ui/dialog-frame.tsx';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const smallButton = `${ui.secondaryButton} h-9 px-3`;

/** The badge's words, and for an unconfirmed result how far it is from confirmed: 'Broken (unconfirmed), 1 of 2 checks'. */
function currentSummary(health: NonNullable<LinkHealthHistory['health']>): string {
  const label = healthStatusLabel({ class: health.lastClass, flagged: health.flagged, acknowledged: health.acknowledged });
  if (health.lastClass === 'ok' || health.lastClass === 'blocked' || health.flagged) return label;
  return `${label}, ${Math.min(health.consecutive, healthPolicy.flagAfter)} of ${healthPolicy.flagAfter} checks`;
}

function HistoryBody({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  // The newest check id when 'Check now' was answered: poll until a newer one is stored.
  const [waitingAfter, setWaitingAfter] = useState<number | null>();
  const history = useQuery({
    queryKey: linkHealthKeys.history(productId),
    queryFn: () => linkHealthApi.history(productId),
    refetchInterval: (query) => {
      if (waitingAfter === undefined) return false;
      const newest = query.state.data?.checks[0]?.id ?? null;
      return newest === waitingAfter ? ACTIVE_RUN_POLL_MS : false;
    },
  });
  const newestId = history.data?.checks[0]?.id ?? null;
  useEffect(() => {
    if (waitingAfter === undefined || newestId === waitingAfter) return;
    setWaitingAfter(undefined);
    refreshLinkHealth(queryClient);
  }, [newestId, waitingAfter, queryClient]);

  const check = useMutation({
    mutationFn: () => linkHealthApi.check({ ids: [productId] }),
    onSuccess: () => {
      toast({ title: 'Link check started', description: 'The result appears here in a moment.', variant: 'success' });
      setWaitingAfter(newestId);
      void history.refetch();
    },
    onError: (error) => toastApiError(error, linkHealthTexts.checkFailed),
  });
  const acknowledge = useMutation({
    mutationFn: ({ lastClass, lastFinalUrl }: NonNullable<LinkHealthHistory['health']>) => {
      // The button is only shown for a failing result; an OK one has nothing to acknowledge.
      if (lastClass === 'ok') throw new Error(linkHealthTexts.cannotAcknowledgeOk);
      return linkHealthApi.acknowledge(productId, { class: lastClass, finalUrl: lastFinalUrl });
    },
    onSuccess: (row) => toast({ title: 'Result acknowledged', description: `"${classLabels[row.lastClass]}" is no longer reported for this product until the result changes.`, variant: 'success' }),
    onError: (error) => toastApiError(error, linkHealthTexts.acknowledgeFailed),
    onSettled: () => refreshLinkHealth(queryClient),
  });

  if (history.isPending) return <p role="status">Loading…</p>;
  if (history.isError) return <p role="alert">The link checks could not be loaded.</p>;
  const { health, checks, product } = history.data;
  const checking = check.isPending || waitingAfter !== undefined;

  return (
    <div className="space-y-4">
      <p className="text-sm break-all text-ink-muted">
        Checks <span className="font-mono">{health?.url ?? product.affiliateUrl}</span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold" aria-live="polite">
          Current result: {health ? currentSummary(health) : notCheckedLabel}
          {health && isCouldNotCheck(health.lastClass) && <span className="font-normal text-ink-muted"> — the retailer did not answer the checker; this does not mean the link is broken.</span>}
        </p>
        <button type="button" className={smallButton} disabled={checking} onClick={() => check.mutate()}>
          {checking ? 'Checking…' : 'Check now'}
        </button>
        {health && health.lastClass !== 'ok' && !health.acknowledged && (
          <button type="button" className={smallButton} disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(health)}>
            Acknowledge
          </button>
        )}
      </div>
      {health && health.lastClass !== 'ok' && !health.acknowledged && (
        <p className="text-sm text-ink-muted">Acknowledge a result that is fine (for example, an expected redirect): it stops being reported until it changes.</p>
      )}
      {checks.length === 0 ? (
        <p className="text-sm text-ink-muted">This link has not been checked yet.</p>
      ) : (
        <div className={tableScroll}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Link checks of {product.name}, newest first</caption>
            <thead className="border-b border-line text-xs font-semibold tracking-wide text-ink-muted uppercase">
              <tr>
                <th scope="col" className="px-2 py-2">Checked</th>
                <th scope="col" className="px-2 py-2">Status</th>
                <th scope="col" className="px-2 py-2">Result</th>
                <th scope="col" className="px-2 py-2">Final URL</th>
                <th scope="col" className="px-2 py-2">Detail</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {checks.map((item) => (
                <tr key={item.id}>
                  <td className="px-2 py-2 whitespace-nowrap">
                    <time dateTime={item.checkedAt}>{timeFormat.format(new Date(item.checkedAt))}</time>
                  </td>
                  <td className="px-2 py-2">{item.statusCode ?? 'None'}</td>
                  <td className="px-2 py-2">
                    <HealthBadge status={{ class: item.class, flagged: true, acknowledged: false }} />
                  </td>
                  <td className="max-w-64 px-2 py-2 break-all">{item.finalUrl ?? '—'}</td>
                  <td className="px-2 py-2">{item.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The health column's cell: the badge, as the button that opens the product's link checks. */
export function HealthCell({ row }: { row: ProductListRow }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex min-h-6 items-center rounded-full focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none" aria-label={`Link health of ${row.name}: ${row.health ? healthStatusLabel(row.health) : notCheckedLabel}`}>
        {row.health ? <HealthBadge status={row.health} /> : <span className="text-xs text-ink-muted underline underline-offset-4">{notCheckedLabel}</span>}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          aria-describedby={undefined}
          className={dialogFrame('lg')}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-ink">Link health of {row.name}</Dialog.Title>
            <CloseButton />
          </div>
          {open && <HistoryBody productId={row.id} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
