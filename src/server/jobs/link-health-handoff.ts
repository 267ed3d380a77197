/**
 * Where a link check run continues after the call that started it (issue 13, point 2). On Netlify a function stops
 * after 30 s (scheduled) or its answer (on demand), so the run is handed to the Background Function, which may run
 * 15 minutes and hands itself the rest. Anywhere else (npm start, tests) the process lives on and runs it itself.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { env } from '../env.ts';
import { consoleLogger, errorMessage } from '../local/logger.ts';
import { serverKey } from '../secrets.ts';
import { runLinkChecks, type LinkCheckerOptions, type LinkCheckReport } from './link-checker.ts';

/** link-health-background's path (a -background function answers 202 on any path it is given). */
export const BACKGROUND_FUNCTION_PATH = '/api/jobs/link-health';
/** The background function is reachable from the internet: only callers that know this key start work with it. */
export const JOB_KEY_HEADER = 'x-repwell-job-key';

export async function jobKey(database: Database): Promise<string> {
  return (await serverKey(database, 'link-health-job')).toString('hex');
}

export async function isJobKey(database: Database, given: string | null): Promise<boolean> {
  const expected = Buffer.from(await jobKey(database));
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The Netlify Functions runtime defines the `Netlify` global; the local server and tests do not. */
export function onNetlify(): boolean {
  return typeof (globalThis as { Netlify?: unknown }).Netlify === 'object';
}

export interface HandOffContext {
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Continues `runId` (or the open runs) elsewhere: in the Background Function on Netlify, in this process otherwise. */
export async function continueLinkChecks(database: Database, context: HandOffContext | undefined, runId?: number, options: LinkCheckerOptions = {}): Promise<void> {
  if (onNetlify()) {
    const response = await fetch(new URL(BACKGROUND_FUNCTION_PATH, env().SITE_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [JOB_KEY_HEADER]: await jobKey(database) },
      body: JSON.stringify({ runId: runId ?? null }),
    });
    if (response.status !== 202 && !response.ok) throw new Error(`The link check background function answered ${response.status}.`);
    return;
  }
  const work: Promise<LinkCheckReport | undefined> = runUntilDone(database, { ...options, runId }).catch((error: unknown) => {
    consoleLogger.error(`Link check failed: ${errorMessage(error)}`);
    return undefined;
  });
  if (context?.waitUntil) context.waitUntil(work);
}

/** In a long-lived process: runs budget after budget until the run is finished, aborted or held by another invocation. */
export async function runUntilDone(database: Database, options: LinkCheckerOptions): Promise<LinkCheckReport> {
  for (;;) {
    const report = await runLinkChecks(database, options);
    if (report.stoppedBecause !== 'budget' || options.signal?.aborted) return report;
  }
}
