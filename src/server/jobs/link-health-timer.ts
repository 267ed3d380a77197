/**
 * The local server's stand-in for the Netlify schedule (issue 13, point 2): every `intervalMs` (ten minutes by
 * default) it resumes the open runs or starts a scheduled one when links are due, one invocation at a time, in this
 * process. `npm start` starts it unless LINK_HEALTH_SCHEDULER=off; scripts/server.ts only with LINK_HEALTH_SCHEDULER=on;
 * tests call the service directly.
 */
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../local/logger.ts';
import { startIntervalJob, type IntervalJob } from './interval-job.ts';
import { runLinkChecks, type LinkCheckerOptions, type LinkCheckReport } from './link-checker.ts';
import { sendLinkHealthDigests } from './link-health-digest.ts';

export const DEFAULT_LINK_TIMER_INTERVAL_MS = 10 * 60_000;

export type LinkHealthTimer = IntervalJob<LinkCheckReport>;

export function startLinkHealthTimer(database: Database, options: { intervalMs?: number; logger?: Logger; checker?: LinkCheckerOptions } = {}): LinkHealthTimer {
  return startIntervalJob({
    name: 'Link check',
    intervalMs: options.intervalMs ?? DEFAULT_LINK_TIMER_INTERVAL_MS,
    logger: options.logger,
    run: async (signal) => {
      const report = await runLinkChecks(database, { ...options.checker, signal });
      // The daily e-mail of new problems, as the Netlify schedule sends it (link-health-scheduled.ts).
      const digest = await sendLinkHealthDigests(database);
      for (const failure of digest.failed) options.logger?.error(`Link health digest to ${failure.email} failed: ${failure.error}`);
      return report;
    },
    summary: (report) => (report.checked > 0 ? `Link check: ${report.checked} checked, run ${report.runId} ${report.finished ? 'finished' : `paused (${report.stoppedBecause})`}` : undefined),
  });
}
