/** 'Rebuild now' on the overview: an admin asks for a build without changing anything (e.g. after a failed one). */
import type { Database } from '../../../db/client.ts';
import { appendAudit, type AuditActor } from './audit.ts';

export const MANUAL_REBUILD_REASON = 'rebuild requested by an admin';

export async function recordManualRebuild(database: Database, actor: AuditActor): Promise<void> {
  await database.run((db) => appendAudit(db, actor, { action: 'build.request', entityType: 'build', summary: 'Asked for a rebuild of the site' }));
}
