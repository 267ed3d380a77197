/**
 * Tracking writes happen after the answer (issue 14, point 6: p95 under 20 ms at 50 concurrent connections).
 *
 * A beacon's sender never reads the answer (navigator.sendBeacon), so /api/track answers as soon as the event is
 * valid and hands the write to `context.waitUntil`, which keeps a Netlify invocation alive until it settles. Writing
 * first cost two write transactions per beacon (about 3 ms of one core each here, 300 beacons a second, p95 240 ms
 * with 50 in flight) and, on Netlify, several round trips to the remote database before the answer.
 *
 * In one process (the local server) the events queue here and are written in batches, one transaction each, in
 * arrival order, so a burst costs one commit per batch instead of two per event. The queue is bounded: past
 * MAX_PENDING events, new ones are dropped (and logged), so a flood cannot exhaust memory. The per-address rate limit
 * and the repeat window apply inside the batch, exactly as before; what the client no longer learns is whether its
 * event was counted (a 429 or 404 told a script what to change, and no page ever read them).
 */
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../domain/rate-limit.ts';
import { recordTrackEvents, type TrackInput, type TrackOutcome } from './tracking.ts';

export type QueuedOutcome = TrackOutcome | 'dropped' | 'failed';

export const MAX_PENDING = 20_000;
const BATCH_SIZE = 200;
const FLUSH_DELAY_MS = 5;

interface Pending {
  input: TrackInput;
  resolve: (outcome: QueuedOutcome) => void;
}

class TrackWriter {
  readonly #database: Database;
  #pending: Pending[] = [];
  #draining = false;
  #droppedSinceLog = 0;

  constructor(database: Database) {
    this.#database = database;
  }

  enqueue(input: TrackInput): Promise<QueuedOutcome> {
    if (this.#pending.length >= MAX_PENDING) {
      if (this.#droppedSinceLog++ === 0) console.error(`Tracking queue full (${MAX_PENDING} events): new events are dropped until it drains.`);
      return Promise.resolve('dropped');
    }
    const outcome = new Promise<QueuedOutcome>((resolve) => this.#pending.push({ input, resolve }));
    if (!this.#draining) void this.#drain();
    return outcome;
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#pending.length > 0) {
        // Let the requests that arrived meanwhile join this batch (and be answered) before it is written.
        await new Promise<void>((resolve) => setTimeout(resolve, FLUSH_DELAY_MS));
        const batch = this.#pending.splice(0, BATCH_SIZE);
        try {
          const outcomes = await recordTrackEvents(
            this.#database,
            batch.map((item) => item.input),
            { rateLimit: rateLimits.track },
          );
          batch.forEach((item, index) => item.resolve(outcomes[index]!));
        } catch (error) {
          // Tracking never breaks anything (spec section 8): the batch is lost, said in the log, and the queue goes on.
          console.error(`Tracking failed for ${batch.length} events:`, error);
          for (const item of batch) item.resolve('failed');
        }
        if (this.#droppedSinceLog > 0 && this.#pending.length < MAX_PENDING / 2) {
          console.error(`Tracking queue drained: ${this.#droppedSinceLog} events were dropped.`);
          this.#droppedSinceLog = 0;
        }
      }
    } finally {
      this.#draining = false;
    }
  }
}

const writers = new WeakMap<Database, TrackWriter>();

/** Queues one event for `database`; the promise settles once it is written (or dropped), never rejects. */
export function enqueueTrackEvent(database: Database, input: TrackInput): Promise<QueuedOutcome> {
  let writer = writers.get(database);
  if (!writer) {
    writer = new TrackWriter(database);
    writers.set(database, writer);
  }
  return writer.enqueue(input);
}
