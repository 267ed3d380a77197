/**
 * The thread that writes tracking batches to an embedded database (started by track-writer.ts).
 *
 * An embedded libSQL client runs every statement synchronously on the thread that calls it, so batches written on
 * the server's own thread stopped every request for as long as they took: a quarter of the local server's time under
 * a burst of beacons. Here they run on their own connection, beside the server, one batch at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Database } from '../../db/client.ts';
import { rateLimits } from '../domain/rate-limit.ts';
import { recordTrackEvents, type TrackInput, type TrackOutcome } from './tracking.ts';

export interface ThreadOptions {
  url: string;
}

export interface WriteOrder {
  id: number;
  inputs: TrackInput[];
}

export type WriteReply = { id: number; outcomes: TrackOutcome[] } | { id: number; error: string };

if (parentPort) {
  const port = parentPort;
  const database = new Database({ url: (workerData as ThreadOptions).url });
  // One batch at a time, in the order sent: the next may arrive while one is written (the writer keeps two out, so
  // that this thread never waits for the server's busy thread to send more).
  let previous: Promise<unknown> = Promise.resolve();
  port.on('message', (order: WriteOrder) => {
    previous = previous.then(() =>
      recordTrackEvents(database, order.inputs, { rateLimit: rateLimits.track }).then(
        (outcomes) => port.postMessage({ id: order.id, outcomes } satisfies WriteReply),
        (error: unknown) => port.postMessage({ id: order.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WriteReply),
      ),
    );
  });
}
