/**
 * The local server's stand-in for the Netlify schedule of the price refresh (price-refresh-scheduled.ts): every hour,
 * one run at a time, in this process. `npm start` starts it unless PRICE_REFRESH_SCHEDULER=off; without the Creators
 * API's credentials each run does nothing, said once in the log.
 */
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../local/logger.ts';
import { startIntervalJob, type IntervalJob } from './interval-job.ts';
import { priceRefreshSummary, runPriceRefresh, type PriceRefreshOptions, type PriceRefreshReport } from './price-refresh.ts';

/** As on Netlify (@hourly): with the run's budget, every product is refreshed within a day (docs/operations.md). */
export const DEFAULT_PRICE_REFRESH_INTERVAL_MS = 60 * 60_000;

export type PriceRefreshTimer = IntervalJob<PriceRefreshReport>;

export function startPriceRefreshTimer(database: Database, options: { intervalMs?: number; logger?: Logger; refresh?: PriceRefreshOptions } = {}): PriceRefreshTimer {
  let saidNotConfigured = false;
  return startIntervalJob({
    name: 'Price refresh',
    intervalMs: options.intervalMs ?? DEFAULT_PRICE_REFRESH_INTERVAL_MS,
    logger: options.logger,
    run: (signal) => runPriceRefresh(database, { ...options.refresh, signal }),
    summary: (report) => {
      if (report.stoppedBecause === 'not-configured') {
        if (saidNotConfigured) return undefined;
        saidNotConfigured = true;
      }
      return priceRefreshSummary(report);
    },
  });
}
