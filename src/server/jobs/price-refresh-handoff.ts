/**
 * Where a scheduled price refresh runs. On Netlify a scheduled function stops after 30 s, so it hands the run to the
 * Background Function (15 minutes), as the link checker does (link-health-handoff.ts); anywhere else (npm start,
 * tests) the process lives on and runs it itself. The background function is reachable from the internet: only a
 * caller with the job key starts a run, so nobody outside can spend the account's request rate.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { env } from '../env.ts';
import { consoleLogger, errorMessage } from '../local/logger.ts';
import { serverKey } from '../secrets.ts';
import { onNetlify, type HandOffContext } from './link-health-handoff.ts';
import { priceRefreshSummary, runPriceRefresh, type PriceRefreshOptions, type PriceRefreshReport } from './price-refresh.ts';

/** price-refresh-background's path. */
export const PRICE_REFRESH_FUNCTION_PATH = '/api/jobs/price-refresh';
export const PRICE_REFRESH_KEY_HEADER = 'x-repwell-job-key';

export async function priceRefreshKey(database: Database): Promise<string> {
  return (await serverKey(database, 'price-refresh-job')).toString('hex');
}

export async function isPriceRefreshKey(database: Database, given: string | null): Promise<boolean> {
  const expected = Buffer.from(await priceRefreshKey(database));
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Starts a run elsewhere: the Background Function on Netlify (resolves once it has accepted), this process otherwise
 * (resolves at once with `running`, the run's report to come).
 */
export async function startPriceRefresh(
  database: Database,
  context?: HandOffContext,
  options: PriceRefreshOptions = {},
): Promise<{ running: Promise<PriceRefreshReport | undefined> | null }> {
  if (onNetlify()) {
    const response = await fetch(new URL(PRICE_REFRESH_FUNCTION_PATH, env().SITE_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PRICE_REFRESH_KEY_HEADER]: await priceRefreshKey(database) },
      body: '{}',
    });
    if (response.status !== 202 && !response.ok) throw new Error(`The price refresh background function answered ${response.status}.`);
    return { running: null };
  }
  const work = runPriceRefresh(database, { logger: consoleLogger, ...options }).then(
    (report) => {
      const line = priceRefreshSummary(report);
      if (line && report.stoppedBecause !== 'not-configured') consoleLogger.info(line);
      return report;
    },
    (error: unknown) => {
      consoleLogger.error(`Price refresh failed: ${errorMessage(error)}`);
      return undefined;
    },
  );
  context?.waitUntil?.(work);
  return { running: work };
}
