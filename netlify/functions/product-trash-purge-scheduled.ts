/**
 * Netlify Scheduled Function: every hour, purges the products deleted more than a day ago (kept until then so a
 * delete can be undone; src/server/admin/product-trash.ts). Not reachable by URL; locally `npm start` runs the same
 * service on a timer (src/server/jobs/trash-purge.ts).
 * https://docs.netlify.com/functions/scheduled-functions/
 */
import { purgeTrash } from '../../src/server/admin/product-trash.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { schedule: '@hourly' };

export default async (): Promise<Response> => json({ purged: await purgeTrash(getDatabase()) });
