/**
 * Netlify Scheduled Function: every hour, hands the Amazon price refresh to the Background Function (a scheduled
 * function stops after 30 s; the refresh takes up to its budget of 11 minutes). Hourly runs of that budget refresh
 * every Amazon product well within the 24 hours Amazon's data may be kept (docs/operations.md, "Amazon prices").
 * https://docs.netlify.com/functions/scheduled-functions/
 */
import { getDatabase } from '../../src/server/db.ts';
import { noContent } from '../../src/server/http.ts';
import { startPriceRefresh } from '../../src/server/jobs/price-refresh-handoff.ts';

export const config = { schedule: '@hourly' };

export default async (_request: Request, context?: { waitUntil?: (promise: Promise<unknown>) => void }): Promise<Response> => {
  // On Netlify this waits only for the Background Function to accept the run; elsewhere the run goes on in this process.
  await startPriceRefresh(getDatabase(), context);
  return noContent();
};
