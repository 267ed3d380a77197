/**
 * The local server's background builder. requestRebuild() inserts a queued
 * site_builds row and calls notify(); the queue waits until requests have been
 * quiet for `debounceMs` (or `maxWaitMs` have passed since the first one, so a
 * steady stream of edits still gets built), claims every queued local row, and
 * runs one build for all of them. Requests that arrive during a build are
 * claimed together by one more build after it, so 20 admins editing for ten
 * seconds cost one or two builds, not two hundred. A finished build is published through
 * SiteFolders (one-step swap); a failed one is discarded and the old site stays.
 */
import type { Database } from '../../../db/client.ts';
import { claimQueuedBuilds, finishBuilds, type LocalBuilder } from '../rebuild.ts';
import type { BuildSummary } from './builder.ts';
import { writeBuildRecord, type BuildStamp } from './build-record.ts';
import { errorMessage, silentLogger, type Logger } from './logger.ts';
import type { SiteFolders } from './site-folders.ts';

export interface RebuildQueueOptions {
  database: Database;
  folders: SiteFolders;
  /** Builds the site into outDir (buildSite in production, a stub in some tests). */
  build: (outDir: string, signal: AbortSignal) => Promise<BuildSummary | void>;
  /** The inputs' fingerprint (fingerprint.ts), taken before each build and recorded in it once it is complete. */
  fingerprint: () => Promise<BuildStamp>;
  /** Build once no request has arrived for this long, so a burst shares one build. */
  debounceMs?: number;
  /** ...but never wait longer than this after the first request of a burst. */
  maxWaitMs?: number;
  logger?: Logger;
}

export interface BuildOutcome {
  ids: number[];
  ok: boolean;
  ms: number;
  error?: string;
  /** Not built because close() stopped it: the server was shutting down, not the build failing. */
  stopped?: true;
}

export class LocalRebuildQueue implements LocalBuilder {
  #options: RebuildQueueOptions;
  #logger: Logger;
  #dirty = false;
  /** performance.now() of the first unbuilt request of the current burst, and of the latest one. */
  #firstRequestAt = 0;
  #lastRequestAt = 0;
  #running: Promise<void> | undefined;
  #abort = new AbortController();
  #closed = false;
  /** Every build this queue ran, oldest first. */
  readonly outcomes: BuildOutcome[] = [];

  constructor(options: RebuildQueueOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
  }

  notify(): void {
    if (this.#closed) return;
    const now = performance.now();
    if (!this.#dirty) this.#firstRequestAt = now;
    this.#lastRequestAt = now;
    this.#dirty = true;
    this.#running ??= this.#drain().finally(() => {
      this.#running = undefined;
    });
  }

  /** Resolves once no build is running or waiting. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops a running build (its rows are marked failed) and accepts no more work. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#abort.abort();
    await this.idle();
  }

  async #drain(): Promise<void> {
    // notify() during a build sets #dirty again; checking it before leaving means no request is left behind.
    while (this.#dirty && !this.#closed) {
      await this.#settle();
      if (this.#closed) break;
      this.#dirty = false;
      try {
        await this.#buildOnce();
      } catch (error) {
        // Only a database failure gets here; the rows stay as they were and the next request retries.
        this.#logger.error(`Rebuild queue error: ${errorMessage(error)}`, error);
      }
    }
  }

  async #buildOnce(): Promise<void> {
    const { database, folders, build, fingerprint } = this.#options;
    const claimed = await claimQueuedBuilds(database, 'local');
    if (claimed.length === 0) return;
    const ids = claimed.map((row) => row.id);
    const started = performance.now();
    const folder = folders.newFolder();
    this.#logger.info(`Building the site (${describe(claimed.map((row) => row.reason))})...`);
    try {
      const stamp = await fingerprint();
      await build(folder, this.#abort.signal);
      writeBuildRecord(folder, stamp);
      folders.publish(folder);
      const ms = Math.round(performance.now() - started);
      await finishBuilds(database, ids, 'succeeded');
      this.outcomes.push({ ids, ok: true, ms });
      this.#logger.info(`Site built in ${(ms / 1000).toFixed(1)} s and published`);
    } catch (error) {
      folders.discard(folder);
      const ms = Math.round(performance.now() - started);
      const message = errorMessage(error);
      await finishBuilds(database, ids, 'failed', message, outputOf(error));
      // close() aborts the build it finds running: that one was stopped, not broken, and the log says so.
      if (this.#closed) {
        this.outcomes.push({ ids, ok: false, ms, error: message, stopped: true });
        this.#logger.info(`Build stopped after ${(ms / 1000).toFixed(1)} s as the server shut down; the previous build stays published.`);
        return;
      }
      this.outcomes.push({ ids, ok: false, ms, error: message });
      this.#logger.error(`Build failed after ${(ms / 1000).toFixed(1)} s; the previous build stays published. ${message}`);
    }
  }

  /** Resolves once requests have paused for debounceMs, or maxWaitMs after the burst began. */
  async #settle(): Promise<void> {
    const quietMs = this.#options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
    const maxWaitMs = this.#options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    for (;;) {
      const due = Math.min(this.#lastRequestAt + quietMs, this.#firstRequestAt + maxWaitMs);
      const wait = due - performance.now();
      if (wait <= 0 || this.#closed) return;
      await sleep(wait);
    }
  }
}

const DEFAULT_DEBOUNCE_MS = 1000;
const DEFAULT_MAX_WAIT_MS = 15_000;

/** The end of the build's output, which BuildError carries, for the overview's failure report. */
function outputOf(error: unknown): string | undefined {
  const output = (error as { output?: unknown } | null)?.output;
  return typeof output === 'string' && output.trim() ? output : undefined;
}

function describe(reasons: (string | null)[]): string {
  const distinct = [...new Set(reasons.filter((reason): reason is string => Boolean(reason)))];
  if (distinct.length === 0) return 'requested';
  return distinct.length > 3 ? `${distinct.slice(0, 3).join(', ')} and ${distinct.length - 3} more` : distinct.join(', ');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
