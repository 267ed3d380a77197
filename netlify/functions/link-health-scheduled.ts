/**
 * Netlify Scheduled Function (issue 13, point 2): every hour, hands the link checker's work to the Background
 * Function (Netlify stops a scheduled function after 30 s, so it checks no link itself), then mails each admin the
 * day's new broken and out-of-stock links when SMTP is configured (at most once a day each: link-health-digest.ts).
 * https://docs.netlify.com/functions/scheduled-functions/
 */
import { getDatabase } from '../../src/server/db.ts';
import { noContent } from '../../src/server/http.ts';
import { sendLinkHealthDigests } from '../../src/server/jobs/link-health-digest.ts';
import { continueLinkChecks } from '../../src/server/jobs/link-health-handoff.ts';

export const config = { schedule: '@hourly' };

export default async (): Promise<Response> => {
  const database = getDatabase();
  // Independent jobs: a failed hand-off must not keep the day's e-mail back. It fails the run after the mail is out.
  const handoff = await continueLinkChecks(database, undefined).then(
    () => null,
    (error: unknown) => error,
  );
  const digest = await sendLinkHealthDigests(database);
  for (const failure of digest.failed) console.error(`Link health digest to ${failure.email} failed: ${failure.error}`);
  if (handoff !== null) throw handoff;
  return noContent();
};
