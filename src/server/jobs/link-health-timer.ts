/**
 * The local server's stand-in for the Netlify schedule (issue 13, point 2): every `intervalMs` (ten minutes by
 * default) it resumes the open runs or starts a scheduled one when links are due, one invocation at a time, in this
 * process. `npm start` starts it unless LINK_HEALTH_SCHEDULER=off; scripts/server.ts only with LINK_HEALTH_SCHEDULER=on;
 * tests call the service directly.
 */
import type { Database } from '../../../db/client.ts';
import { errorMessage, type Logger } from '../local/logger.ts';
import { runLinkChecks, type LinkCheckerOptions, type LinkCheckReport } from './link-checker.ts';

export const DEFAULT_LINK_TIMER_INTERVAL_MS = 10 * 60_000;

export interface LinkHealthTimer {
  runNow(): Promise<LinkCheckReport | undefined>;
  stop(): Promise<void>;
}

export function startLinkHealthTimer(database: Database, options: { intervalMs?: number; logger?: Logger; checker?: LinkCheckerOptions } = {}): LinkHealthTimer {
  const controller = new AbortController();
  let running: Promise<LinkCheckReport | undefined> | undefined;
  const runOnce = (): Promise<LinkCheckReport | undefined> => {
    running ??= runLinkChecks(database, { ...options.checker, signal: controller.signal })
      .then((report) => {
        if (report.checked > 0) options.logger?.info(`Link check: ${report.checked} checked, run ${report.runId} ${report.finished ? 'finished' : `paused (${report.stoppedBecause})`}`);
        return report;
      })
      .catch((error: unknown) => {
        options.logger?.error(`Link check failed: ${errorMessage(error)}`);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? DEFAULT_LINK_TIMER_INTERVAL_MS);
  timer.unref();
  return {
    runNow: runOnce,
    async stop() {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
