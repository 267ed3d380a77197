/**
 * The clean-up of deleted products: once a day has passed, a delete can no longer be undone and what it kept is
 * purged. Netlify runs it hourly (netlify/functions/product-trash-purge-scheduled.ts); `npm start` runs the same
 * service on a timer. Undo refuses a delete past its day whether or not the purge has run yet.
 */
import type { Database } from '../../../db/client.ts';
import type { Logger } from '../local/logger.ts';
import { purgeTrash } from '../admin/product-trash.ts';
import { startIntervalJob, type IntervalJob } from './interval-job.ts';

export const TRASH_PURGE_INTERVAL_MS = 60 * 60_000;

export function startTrashPurgeTimer(database: Database, options: { intervalMs?: number; logger?: Logger } = {}): IntervalJob<number> {
  return startIntervalJob({
    name: 'Trash purge',
    intervalMs: options.intervalMs ?? TRASH_PURGE_INTERVAL_MS,
    logger: options.logger,
    run: () => purgeTrash(database),
    summary: (purged) => (purged > 0 ? `Trash purge: ${purged} deleted ${purged === 1 ? 'product' : 'products'} purged` : undefined),
  });
}
