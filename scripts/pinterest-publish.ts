/**
 * One run of the Pinterest publisher, as the scheduled function does it: `npm run pinterest:publish`. For operators
 * (publish what is due without waiting for the timer) and for the crash test, which stops this process mid-request.
 */
import { applyMigrations } from '../db/migrate.ts';
import { getDatabase } from '../src/server/db.ts';
import { runPinterestPublisher } from '../src/server/jobs/pinterest-publisher.ts';

const database = getDatabase();
await applyMigrations(database);
const report = await runPinterestPublisher(database);
console.log(JSON.stringify({ published: report.published, failed: report.failed, left: report.left, reconciled: report.reconciled, stoppedBecause: report.stoppedBecause, message: report.message }));
database.close();
