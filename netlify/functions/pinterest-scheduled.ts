/**
 * The Pinterest publisher's Netlify Scheduled Function (issue 12, point 4): every five minutes, one run of the same
 * service the local timer and 'Publish now' call. Netlify stops a scheduled function after 30 s, so the run keeps to a
 * 25 s budget and leaves what does not fit for the next one. Scheduled functions take no payload and are not
 * reachable by URL in production (https://docs.netlify.com/functions/scheduled-functions/); the local server gives it
 * no route either (src/server/local/functions.ts) and runs the same service on a timer instead.
 */
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';
import { DEFAULT_BUDGET_MS, runPinterestPublisher } from '../../src/server/jobs/pinterest-publisher.ts';

// Cron in UTC, as Netlify reads it.
export const config = { schedule: '*/5 * * * *' };

export default async (): Promise<Response> => {
  const report = await runPinterestPublisher(getDatabase(), { budgetMs: DEFAULT_BUDGET_MS });
  console.log(`pinterest-scheduled: ${report.published} published, ${report.failed} failed, ${report.left} left (${report.stoppedBecause})`);
  return json({ published: report.published, failed: report.failed, left: report.left, reconciled: report.reconciled, stoppedBecause: report.stoppedBecause });
};
