/**
 * Netlify Background Function (the -background name makes it one: answered 202 at once, then up to 15 minutes):
 * POST { runId? } with the job key header resumes that run, or the open runs, or starts a scheduled one when links are
 * due; near the limit it stops after its current links, and hands the rest to a fresh invocation of itself.
 * https://docs.netlify.com/functions/background-functions/
 */
import { z } from 'zod';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';
import { runLinkChecks } from '../../src/server/jobs/link-checker.ts';
import { continueLinkChecks, isJobKey, JOB_KEY_HEADER } from '../../src/server/jobs/link-health-handoff.ts';

export const config = { path: '/api/jobs/link-health' };

const bodySchema = z.object({ runId: z.number().int().positive().nullable().optional() });

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return jsonError(405, 'Method not allowed', 'Use POST.');
  const database = getDatabase();
  if (!(await isJobKey(database, request.headers.get(JOB_KEY_HEADER)))) return jsonError(403, 'Access Denied', 'This function is started by the link checker only.');
  const input = await readJson(request, bodySchema);
  if (input instanceof Response) return input;
  const report = await runLinkChecks(database, { runId: input.runId ?? undefined });
  if (report.stoppedBecause === 'budget') await continueLinkChecks(database, undefined, input.runId ?? undefined);
  return json(report);
};
