/**
 * The overview's 'Prices' card: how many prices are stale (older than the limit, or never checked: the site shows
 * 'Check price on {retailer}' for them), how many checks are failing, when the scheduled refresh last ran ('never'
 * until it has), links to Manage filtered to each, and the stale limit setting (1 to 24 hours; saving rebuilds the site).
 */
import { useId, useState, type FormEvent } from 'react';
import { lastRefreshLabel, priceTexts } from '../../../domain/admin/prices.ts';
import { DEFAULT_STALE_AFTER_HOURS, MAX_STALE_AFTER_HOURS, MIN_STALE_AFTER_HOURS } from '../../../domain/product-display/price-age.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { adminKeys, toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { productListKeys } from '../products/product-list-api.ts';
import { priceApi, priceKeys } from './prices-api.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const number = (value: number) => value.toLocaleString('en-US');

function StaleLimitSetting({ hours }: { hours: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(hours));
  const save = useMutation({
    mutationFn: (staleAfterHours: number) => priceApi.saveSettings({ staleAfterHours }),
    onSuccess: (saved) => {
      queryClient.setQueryData(priceKeys.overview, saved);
      void queryClient.invalidateQueries({ queryKey: productListKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
      toast({
        title: 'Price settings saved',
        description: `Prices older than ${saved.staleAfterHours} hours are no longer shown once the site is rebuilt.`,
        variant: 'success',
      });
    },
    onError: (error) => toastApiError(error, priceTexts.settingsFailed),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Number(value));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-t border-line pt-4">
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          Hide prices older than (hours)
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_STALE_AFTER_HOURS}
          max={MAX_STALE_AFTER_HOURS}
          step={1}
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-describedby={`${id}-help`}
          className={`${ui.input} mt-1 w-24`}
        />
      </div>
      <button type="submit" className={ui.secondaryButton} disabled={save.isPending}>
        Save
      </button>
      <p id={`${id}-help`} className="basis-full text-sm text-ink-muted">
        Default {DEFAULT_STALE_AFTER_HOURS}. Amazon allows its prices to be kept 24 hours at most, so the limit cannot be longer.
      </p>
    </form>
  );
}

export default function PricesCard() {
  const overview = useQuery({ queryKey: priceKeys.overview, queryFn: priceApi.overview });
  const data = overview.data;
  return (
    <section aria-labelledby="prices-title" className={`${ui.card} space-y-4 p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="prices-title" className="text-lg font-bold">
          Prices
        </h2>
        <a href="/dashboard/manage?price=stale" className={ui.link}>
          Show stale prices in Manage
        </a>
      </div>
      {overview.isPending ? (
        <p role="status">Loading…</p>
      ) : overview.isError || !data ? (
        <p role="alert">The price figures could not be loaded.</p>
      ) : (
        <>
          <p>
            <span className="text-2xl font-bold">{number(data.stale)}</span> of {number(data.total)} {data.stale === 1 ? 'price is' : 'prices are'} stale
            <span className="text-sm text-ink-muted"> (older than {data.staleAfterHours} hours or never checked: shown as 'Check price on …')</span>
          </p>
          <p className="text-sm">
            {data.failing > 0 ? (
              <a href="/dashboard/manage?price=failing" className={ui.link}>
                {number(data.failing)} failing {data.failing === 1 ? 'check' : 'checks'}
              </a>
            ) : (
              'No failing price checks'
            )}
            {' · '}Last price refresh: <strong>{lastRefreshLabel(data.lastRefreshAt, (date) => `${when.format(date)} UTC`)}</strong>
            {data.lastRefreshCount !== null && ` (${number(data.lastRefreshCount)} refreshed)`}
          </p>
          {data.lastRefreshError && (
            <p role="alert" className="text-sm">
              {data.lastRefreshError}
            </p>
          )}
          <StaleLimitSetting key={data.staleAfterHours} hours={data.staleAfterHours} />
        </>
      )}
    </section>
  );
}
