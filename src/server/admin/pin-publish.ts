/**
 * 'Publish now' (issue 12, point 3): the chosen pins become due at once and the publisher runs for them alone, within
 * the hourly cap but without the scheduler's spacing. Without a token nothing changes and the answer says so.
 */
import type { Database } from '../../../db/client.ts';
import type { PublishReport } from '../../domain/admin/pinterest/api.ts';
import { pinTexts } from '../../domain/admin/pinterest/texts.ts';
import { runPinterestPublisher, type PublisherOptions } from '../jobs/pinterest-publisher.ts';
import { pinterestConnection } from '../pinterest/state.ts';
import type { AuditActor } from './audit.ts';
import { makeDueNow } from './pin-writes.ts';

/** A function has 60 s; leave room for the answer. */
const PUBLISH_NOW_BUDGET_MS = 20_000;

export async function publishNow(database: Database, actor: AuditActor, ids: readonly number[], options: PublisherOptions = {}): Promise<PublishReport> {
  const connection = options.connection ?? pinterestConnection();
  if (!connection.configured) return { published: 0, failed: 0, left: 0, reconciled: 0, stoppedBecause: 'not-configured', message: pinTexts.notConfigured, results: [] };
  const due = await makeDueNow(database, actor, ids, options.now?.());
  if (due.length === 0) return { published: 0, failed: 0, left: 0, reconciled: 0, stoppedBecause: 'done', message: 'None of these pins can be published now: each needs a board and must not be published already.', results: [] };
  return runPinterestPublisher(database, { budgetMs: PUBLISH_NOW_BUDGET_MS, ...options, connection, ids: due });
}
