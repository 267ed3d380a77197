/**
 * The overview's 'Link health' card (issue 13, point 3): how many links are reported as problems, the worst few
 * (each linking to the product in the Products list, where its badge opens the history), how many could not be
 * checked, a link to Manage filtered to problems, and the setting that lets a link found out of stock twice in a
 * row mark its product out of stock (which requests a rebuild); when it is off such a link is only flagged.
 */
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { linkHealthTexts } from '../../../domain/admin/link-health/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { needsAttention } from '../../../domain/admin/link-health/status.ts';
import { HealthBadge } from './HealthBadge.tsx';
import { ACTIVE_RUN_POLL_MS, linkHealthApi, linkHealthKeys } from './link-health-api.ts';
import { runProgressLabel } from './use-link-check-run.ts';

const TOP = 5;
const IDLE_POLL_MS = 30_000;
export const autoOutOfStockLabel = 'Mark products out of stock automatically when a link is found out of stock twice in a row';

function AutoOutOfStockSetting() {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: linkHealthKeys.settings, queryFn: linkHealthApi.settings });
  const save = useMutation({
    mutationFn: (autoMarkOutOfStock: boolean) => linkHealthApi.saveSettings({ autoMarkOutOfStock }),
    onSuccess: (saved) => {
      queryClient.setQueryData(linkHealthKeys.settings, saved);
      toast({
        title: 'Link health settings saved',
        description: saved.autoMarkOutOfStock ? 'Products found out of stock twice in a row will be marked out of stock.' : 'Out-of-stock links will only be flagged.',
        variant: 'success',
      });
    },
    onError: (error) => toastApiError(error, linkHealthTexts.settingsFailed),
  });
  const checked = save.isPending ? save.variables : (settings.data?.autoMarkOutOfStock ?? false);
  return (
    <div className="flex items-start gap-3 border-t border-line pt-4">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={settings.isPending || settings.isError || save.isPending}
        onCheckedChange={(next) => save.mutate(next)}
        aria-describedby={`${id}-help`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-ink-muted/40 transition-colors disabled:cursor-wait disabled:opacity-60 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {autoOutOfStockLabel}
        </label>
        <p id={`${id}-help`} className="text-sm text-ink-muted">
          When on, such a product is marked out of stock and the site is rebuilt. When off, the link is only flagged here for you to decide.
        </p>
      </div>
    </div>
  );
}

export default function LinkHealthCard() {
  const problems = useQuery({
    queryKey: linkHealthKeys.problems,
    queryFn: linkHealthApi.problems,
    refetchInterval: (query) => (query.state.data?.activeRun ? ACTIVE_RUN_POLL_MS : IDLE_POLL_MS),
  });
  const data = problems.data;
  // The problems view also lists blocked links ('could not check'); the worst-first list shows what needs the owner:
  // reported problems, and broken links from their first check on ('Broken (unconfirmed)').
  const status = (row: NonNullable<typeof data>['rows'][number]) => ({ class: row.lastClass, flagged: row.flagged, acknowledged: row.acknowledged });
  const worst = data?.rows.filter((row) => needsAttention(status(row))).slice(0, TOP) ?? [];
  const problemCount = (data?.reported ?? 0) + (data?.unconfirmedBroken ?? 0);
  return (
    <section aria-labelledby="link-health-title" className={`${ui.card} space-y-4 p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="link-health-title" className="text-lg font-bold">
          Link health
        </h2>
        <a href="/dashboard/manage?health=problem" className={ui.link}>
          Show problems in Manage
        </a>
      </div>
      {problems.isPending ? (
        <p role="status">Loading…</p>
      ) : problems.isError || !data ? (
        <p role="alert">{linkHealthTexts.listFailed}.</p>
      ) : (
        <>
          <p>
            <span className="text-2xl font-bold">{problemCount.toLocaleString('en-US')}</span> {problemCount === 1 ? 'link has a problem' : 'links have problems'}
            {data.unconfirmedBroken > 0 && (
              <span className="text-sm text-ink-muted"> · {data.unconfirmedBroken.toLocaleString('en-US')} broken (unconfirmed), checked again within the hour</span>
            )}
            {data.couldNotCheck > 0 && <span className="text-sm text-ink-muted"> · {data.couldNotCheck.toLocaleString('en-US')} could not be checked (blocked by the retailer)</span>}
          </p>
          {data.activeRun && (
            <p role="status" className="text-sm text-ink-muted">
              {runProgressLabel(data.activeRun)}
            </p>
          )}
          {worst.length > 0 ? (
            <ol className="divide-y divide-line" aria-label="Worst links first">
              {worst.map((row) => (
                <li key={row.productId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <a href={`/dashboard/products?search=${encodeURIComponent(row.productName)}`} className={ui.link}>
                    {row.productName}
                  </a>
                  <HealthBadge status={status(row)} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-ink-muted">{data.lastRun || data.activeRun ? 'No link problems found.' : 'No links checked yet.'}</p>
          )}
        </>
      )}
      <AutoOutOfStockSetting />
    </section>
  );
}
