/**
 * The local server's stand-in for the Netlify Scheduled Function: runs the Pinterest publisher every `intervalMs`
 * (five minutes by default, as pinterest-scheduled.ts), one run at a time. `npm start` starts it unless
 * PINTEREST_SCHEDULER=off; `scripts/server.ts` (tests' builds) only with PINTEREST_SCHEDULER=on; tests that want it
 * start it themselves with a short interval.
 */
import type { Database } from '../../../db/client.ts';
import type { PublishReport } from '../../domain/admin/pinterest/api.ts';
import { errorMessage, type Logger } from '../local/logger.ts';
import { runPinterestPublisher, type PublisherOptions } from './pinterest-publisher.ts';

export const DEFAULT_TIMER_INTERVAL_MS = 5 * 60_000;

export interface PinterestTimer {
  /** Runs once now unless a run is under way (then waits for that one). */
  runNow(): Promise<PublishReport | undefined>;
  stop(): Promise<void>;
}

export function startPinterestTimer(database: Database, options: { intervalMs?: number; logger?: Logger; publisher?: PublisherOptions } = {}): PinterestTimer {
  let running: Promise<PublishReport | undefined> | undefined;
  let stopped = false;
  const runOnce = (): Promise<PublishReport | undefined> => {
    if (running) return running;
    running = runPinterestPublisher(database, options.publisher)
      .then((report) => {
        if (report.published + report.failed > 0) options.logger?.info(`Pinterest: ${report.published} published, ${report.failed} failed, ${report.left} left (${report.stoppedBecause})`);
        return report;
      })
      .catch((error: unknown) => {
        options.logger?.error(`Pinterest publisher failed: ${errorMessage(error)}`);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, options.intervalMs ?? DEFAULT_TIMER_INTERVAL_MS);
  timer.unref();
  return {
    runNow: runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
