/**
 * Netlify Scheduled Function (issue 13, point 2): every hour, hands the link checker's work to the Background
 * Function. Netlify stops a scheduled function after 30 s, so it checks no link itself.
 * https://docs.netlify.com/functions/scheduled-functions/
 */
import { getDatabase } from '../../src/server/db.ts';
import { noContent } from '../../src/server/http.ts';
import { continueLinkChecks } from '../../src/server/jobs/link-health-handoff.ts';

export const config = { schedule: '@hourly' };

export default async (): Promise<Response> => {
  await continueLinkChecks(getDatabase(), undefined);
  return noContent();
};
