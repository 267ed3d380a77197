/**
 * Netlify Background Function (the -background name makes it one: answered 202 at once, then up to 15 minutes):
 * POST with the job key header runs one price refresh within its budget; what is left waits for the next hourly run.
 * https://docs.netlify.com/functions/background-functions/
 */
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';
import { isPriceRefreshKey, PRICE_REFRESH_KEY_HEADER } from '../../src/server/jobs/price-refresh-handoff.ts';
import { priceRefreshSummary, runPriceRefresh } from '../../src/server/jobs/price-refresh.ts';
import { consoleLogger } from '../../src/server/local/logger.ts';

export const config = { path: '/api/jobs/price-refresh' };

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed', 'Use POST.');
  const database = getDatabase();
  if (!(await isPriceRefreshKey(database, request.headers.get(PRICE_REFRESH_KEY_HEADER)))) {
    return jsonError(403, 'Access Denied', 'This function is started by the scheduled price refresh only.');
  }
  const report = await runPriceRefresh(database, { logger: consoleLogger });
  const line = priceRefreshSummary(report);
  if (line && report.stoppedBecause !== 'not-configured') consoleLogger.info(line);
  return json(report);
};
