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
 *
 * An embedded database's batches are written on a thread of their own (track-write-thread.ts): its client runs
 * synchronously, so on the server's thread every batch held up every request in flight.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isEmbedded, type Database } from '../../db/client.ts';
import { rateLimits } from '../domain/rate-limit.ts';
import type { ThreadOptions, WriteOrder, WriteReply } from './track-write-thread.ts';
import { recordTrackEvents, type TrackInput, type TrackOutcome } from './tracking.ts';

export type QueuedOutcome = TrackOutcome | 'dropped' | 'failed';

export const MAX_PENDING = 20_000;
const BATCH_SIZE = 200;
/**
 * How long a short queue waits for more events before it is written. On this thread a batch holds up every request
 * while it runs, so batches stay small and frequent; on the writer thread nothing waits for one, and fewer, larger
 * batches cost that thread less. A full batch is written at once either way.
 */
const FLUSH_DELAY_MS = { here: 5, thread: 20 } as const;

interface Pending {
  input: TrackInput;
  resolve: (outcome: QueuedOutcome) => void;
}

/** Writes one batch and says what became of each event, in order. */
type BatchWrite = (inputs: TrackInput[]) => Promise<TrackOutcome[]>;

const THREAD_MODULE = new URL('./track-write-thread.ts', import.meta.url);

const writeHere = (database: Database): BatchWrite => (inputs) => recordTrackEvents(database, inputs, { rateLimit: rateLimits.track });

/**
 * Batches written on a worker thread with its own connection to the same file. The thread is kept referenced only
 * while a batch is out, so an idle writer never holds the process open, and a queued batch always lands before exit.
 * If the thread cannot start at all (its module missing from a bundle, say), the batch and every later one are written
 * on this thread instead; if it fails later, that batch is lost as any failed batch is, and the next starts a new one.
 */
export class ThreadBatchWriter {
  readonly #options: ThreadOptions;
  readonly #module: URL;
  readonly #fallback: BatchWrite;
  #worker: Worker | undefined;
  #replied = false;
  #broken = false;
  #nextId = 0;
  readonly #waiting = new Map<number, { resolve: (outcomes: TrackOutcome[]) => void; reject: (error: Error) => void }>();

  constructor(database: Database, module = THREAD_MODULE) {
    this.#options = { url: database.url };
    this.#module = module;
    this.#fallback = writeHere(database);
  }

  readonly write: BatchWrite = async (inputs) => {
    if (this.#broken) return this.#fallback(inputs);
    try {
      return await this.#send(inputs);
    } catch (error) {
      if (this.#replied) throw error;
      // Never answered: it did not start, so nothing of the batch was written.
      console.error('The tracking writer thread could not start; tracking is written on the server thread instead:', error);
      this.#broken = true;
      return this.#fallback(inputs);
    }
  };

  #send(inputs: TrackInput[]): Promise<TrackOutcome[]> {
    const worker = (this.#worker ??= this.#start());
    worker.ref();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, inputs } satisfies WriteOrder);
    });
  }

  #start(): Worker {
    const worker = new Worker(this.#module, { workerData: this.#options });
    worker.on('message', (reply: WriteReply) => {
      this.#replied = true;
      const waiting = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      if (this.#waiting.size === 0) worker.unref();
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.outcomes);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the tracking writer thread exited (code ${code})`)));
    return worker;
  }
}

class TrackWriter {
  readonly #write: BatchWrite;
  readonly #flushDelayMs: number;
  readonly #batchesOut: number;
  #pending: Pending[] = [];
  #draining = false;
  #droppedSinceLog = 0;

  /** `batchesOut`: how many batches may be handed to `write` before the first is done (they are written in order). */
  constructor(write: BatchWrite, { flushDelayMs, batchesOut }: { flushDelayMs: number; batchesOut: number }) {
    this.#write = write;
    this.#flushDelayMs = flushDelayMs;
    this.#batchesOut = batchesOut;
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
    const out = new Set<Promise<void>>();
    try {
      while (this.#pending.length > 0 || out.size > 0) {
        if (this.#pending.length === 0) {
          await Promise.race(out);
          continue;
        }
        // Let the requests that arrived meanwhile join this batch (and be answered) before it is written.
        // Behind a backlog there is nothing to wait for: waiting capped the writer at a batch per delay, and under a
        // burst the queue grew until it dropped events.
        if (this.#pending.length < BATCH_SIZE) await new Promise<void>((resolve) => setTimeout(resolve, this.#flushDelayMs));
        const written = this.#writeBatch(this.#pending.splice(0, BATCH_SIZE)).finally(() => out.delete(written));
        out.add(written);
        if (out.size >= this.#batchesOut) await Promise.race(out);
      }
    } finally {
      this.#draining = false;
    }
  }

  async #writeBatch(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await this.#write(batch.map((item) => item.input));
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
}

const writers = new WeakMap<Database, TrackWriter>();

/**
 * Where the batches are written: on a thread only for an embedded database whose thread module is there to start. A
 * remote database's client waits on the network, not the CPU, so a thread would buy nothing; and a Netlify Function's
 * bundle carries no thread module (nor an embedded database), so it is never tried there.
 */
export function writesOnThread(databaseUrl: string, threadModule: URL = THREAD_MODULE): boolean {
  return isEmbedded(databaseUrl) && threadModule.protocol === 'file:' && existsSync(fileURLToPath(threadModule));
}

/** Queues one event for `database`; the promise settles once it is written (or dropped), never rejects. */
export function enqueueTrackEvent(database: Database, input: TrackInput): Promise<QueuedOutcome> {
  let writer = writers.get(database);
  if (!writer) {
    writer = writesOnThread(database.url)
      ? new TrackWriter(new ThreadBatchWriter(database).write, { flushDelayMs: FLUSH_DELAY_MS.thread, batchesOut: 2 })
      : new TrackWriter(writeHere(database), { flushDelayMs: FLUSH_DELAY_MS.here, batchesOut: 1 });
    writers.set(database, writer);
  }
  return writer.enqueue(input);
}
