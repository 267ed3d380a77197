/**
 * One job run every `intervalMs` in this process, one run at a time: the local server's stand-in for a Netlify
 * schedule (pinterest-timer.ts, link-health-timer.ts). A tick or `runNow` while a run is under way joins that run;
 * a failed run is logged and answers undefined, so the timer keeps going.
 */
import { errorMessage, type Logger } from '../local/logger.ts';

export interface IntervalJob<Report> {
  /** Runs once now unless a run is under way (then waits for that one). */
  runNow(): Promise<Report | undefined>;
  /** Stops the timer, aborts the signal and waits for the run under way. */
  stop(): Promise<void>;
}

export interface IntervalJobOptions<Report> {
  intervalMs: number;
  /** One run; `signal` aborts when the job stops. */
  run: (signal: AbortSignal) => Promise<Report>;
  /** The line to log after a run, or undefined for none. */
  summary: (report: Report) => string | undefined;
  /** Names the job in the failure line ('<name> failed: …'). */
  name: string;
  logger?: Logger | undefined;
}

export function startIntervalJob<Report>(options: IntervalJobOptions<Report>): IntervalJob<Report> {
  const controller = new AbortController();
  let running: Promise<Report | undefined> | undefined;
  const runOnce = (): Promise<Report | undefined> => {
    running ??= options
      .run(controller.signal)
      .then((report) => {
        const line = options.summary(report);
        if (line) options.logger?.info(line);
        return report;
      })
      .catch((error: unknown) => {
        options.logger?.error(`${options.name} failed: ${errorMessage(error)}`);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!controller.signal.aborted) void runOnce();
  }, options.intervalMs);
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
