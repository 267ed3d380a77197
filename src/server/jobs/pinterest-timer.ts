/**
 * The local server's stand-in for the Netlify Scheduled Function: runs the Pinterest publisher every `intervalMs`
 * (five minutes by default, as pinterest-scheduled.ts), one run at a time. `npm start` starts it unless
 * PINTEREST_SCHEDULER=off; `scripts/server.ts` (tests' builds) only with PINTEREST_SCHEDULER=on; tests that want it
 * start it themselves with a short interval.
 */
import type { Database } from '../../../db/client.ts';
import type { PublishReport } from '../../domain/admin/pinterest/api.ts';
import type { Logger } from '../local/logger.ts';
import { startIntervalJob, type IntervalJob } from './interval-job.ts';
import { runPinterestPublisher, type PublisherOptions } from './pinterest-publisher.ts';

export const DEFAULT_TIMER_INTERVAL_MS = 5 * 60_000;

export type PinterestTimer = IntervalJob<PublishReport>;

export function startPinterestTimer(database: Database, options: { intervalMs?: number; logger?: Logger; publisher?: PublisherOptions } = {}): PinterestTimer {
  return startIntervalJob({
    name: 'Pinterest publisher',
    intervalMs: options.intervalMs ?? DEFAULT_TIMER_INTERVAL_MS,
    logger: options.logger,
    run: () => runPinterestPublisher(database, options.publisher),
    summary: (report) => (report.published + report.failed > 0 ? `Pinterest: ${report.published} published, ${report.failed} failed, ${report.left} left (${report.stoppedBecause})` : undefined),
  });
}
