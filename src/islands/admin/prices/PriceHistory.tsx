/**
 * A product's price history on its admin page: the last check (when, by what, stale or failing), a small inline SVG
 * sparkline of the price paid at each check (no chart library: a path is all it needs) and the checks as a table.
 */
import { chartPoints, priceSourceLabels, priceTexts, sparklinePath, type PriceConfirm, type PriceHistory as History } from '../../../domain/admin/prices.ts';
import { formatPrice } from '../../../domain/money.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { priceApi, priceKeys } from './prices-api.ts';

const WIDTH = 240;
const HEIGHT = 48;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function Sparkline({ history }: { history: History }) {
  const points = chartPoints(history.checks);
  if (points.length === 0) return null;
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Price over the last ${points.length} checks: from ${formatPrice(low)} to ${formatPrice(high)}, now ${formatPrice(prices.at(-1)!)}`}
      className="text-brand-700"
    >
      <path d={sparklinePath(prices, WIDTH, HEIGHT)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** '$89.00 (sale, was $99.00), in stock': the values a confirmation vouches for, as the admin reads them. */
function currentValues(current: PriceConfirm): string {
  const price = current.salePrice !== null && current.salePrice < current.price ? `${formatPrice(current.salePrice)} (sale, was ${formatPrice(current.price)})` : formatPrice(current.price);
  return `${price}, ${current.inStock ? 'in stock' : 'out of stock'}`;
}

/**
 * The admin checked the retailer and the price is still right: stamps it now without retyping it. The values shown
 * travel with the request, so a price that changed meanwhile is refused rather than confirmed unseen.
 */
function ConfirmPrice({ productId, current }: { productId: number; current: PriceConfirm }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => priceApi.confirm(productId, current),
    onSuccess: (history) => {
      queryClient.setQueryData(priceKeys.history(productId), history);
      void queryClient.invalidateQueries({ queryKey: priceKeys.overview });
      toast({ title: priceTexts.confirmed, description: priceTexts.confirmedDescription, variant: 'success' });
    },
    onError: (error) => {
      toastApiError(error, priceTexts.confirmFailed);
      void queryClient.invalidateQueries({ queryKey: priceKeys.history(productId) });
    },
  });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span>
        Now: <strong>{currentValues(current)}</strong>
      </span>
      <button type="button" className={ui.secondaryButton} disabled={confirm.isPending} aria-busy={confirm.isPending || undefined} onClick={() => confirm.mutate()}>
        {confirm.isPending ? 'Confirming…' : 'I checked: still right'}
      </button>
    </div>
  );
}

export default function PriceHistory({ productId }: { productId: number }) {
  const history = useQuery({ queryKey: priceKeys.history(productId), queryFn: () => priceApi.history(productId) });
  return (
    <section aria-labelledby="price-history-heading" className="space-y-3 rounded-card border border-line bg-surface p-4">
      <h2 id="price-history-heading" className="text-lg font-semibold">
        Price history
      </h2>
      {history.isPending && <p role="status">Loading…</p>}
      {history.isError && <p role="alert">The price history could not be loaded. {history.error.message}</p>}
      {history.data && (
        <>
          <p className="text-sm">
            Last checked: {history.data.priceCheckedAt ? `${when.format(new Date(history.data.priceCheckedAt))} UTC` : priceTexts.never}
            {history.data.priceSource && ` (${priceSourceLabels[history.data.priceSource]})`}
            {history.data.stale && <strong className="ml-2 text-sale">Stale: the site shows no price</strong>}
          </p>
          {history.data.priceCheckError !== null && <p className="text-sm text-sale">Last check failed: {history.data.priceCheckError}</p>}
          <ConfirmPrice productId={productId} current={history.data.current} />
          {history.data.checks.length === 0 ? (
            <p className="text-sm text-ink-muted">{priceTexts.noHistory}</p>
          ) : (
            <>
              <Sparkline history={history.data} />
              {/* Scrolls when the history is long: focusable and named, so a keyboard can scroll it too. */}
              <div className="max-h-64 overflow-auto" tabIndex={0} role="group" aria-label="Price checks">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">The last {history.data.checks.length} price checks, newest first</caption>
                  <thead>
                    <tr className="text-ink-muted">
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Checked (UTC)
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Price
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Stock
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        By
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.data.checks.map((check, index) => (
                      <tr key={`${check.checkedAt}-${index}`} className="border-t border-line">
                        <td className="py-1 pr-3 whitespace-nowrap">{when.format(new Date(check.checkedAt))}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">
                          {check.price === null ? (
                            <span className="text-ink-muted">Stock only</span>
                          ) : check.salePrice !== null && check.salePrice < check.price ? (
                            <>
                              {formatPrice(check.salePrice)} <s className="text-ink-muted">{formatPrice(check.price)}</s>
                            </>
                          ) : (
                            formatPrice(check.price)
                          )}
                        </td>
                        <td className="py-1 pr-3">{check.inStock ? 'In stock' : 'Out of stock'}</td>
                        <td className="py-1">{priceSourceLabels[check.source]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
