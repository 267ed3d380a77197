/**
 * Who may write, the way sqld's connection manager decides it (libsql-server src/connection/connection_manager.rs):
 * one holder at a time, the others queued first come first served; the lock is handed to the next in line when the
 * holder's transaction ends; and once someone is waiting, a holder that has had the lock for longer than the
 * transaction timeout (5 s) is rolled back and loses it. So a second writer waits instead of failing with
 * SQLITE_BUSY, and never waits forever for a client that went quiet mid-transaction.
 *
 * SQLite's own lock is still the truth: this only decides when a statement that may write is allowed to try.
 */

export interface LockHolder {
  /** Rolls the holder's transaction back; called when it loses the lock to a waiter. */
  forceRollback(): void;
}

interface Waiter {
  holder: LockHolder;
  grant(): void;
  refuse(error: Error): void;
}

export interface WriteLockOptions {
  transactionTimeoutMs: number;
  now: () => number;
}

export class WriteLock {
  readonly #options: WriteLockOptions;
  #holder: LockHolder | undefined;
  #since = 0;
  #queue: Waiter[] = [];
  #stealTimer: NodeJS.Timeout | undefined;

  constructor(options: WriteLockOptions) {
    this.#options = options;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /** Resolves when `holder` has the lock (at once if it already does or nobody has it). */
  acquire(holder: LockHolder): Promise<void> {
    if (this.#holder === holder) return Promise.resolve();
    if (this.#holder === undefined) {
      this.#grant(holder);
      return Promise.resolve();
    }
    return new Promise((grant, refuse) => {
      this.#queue.push({ holder, grant, refuse });
      this.#armStealTimer();
    });
  }

  /** Gives the lock up unless `holder` still holds SQLite's write lock (an open transaction that has written). */
  settle(holder: LockHolder, stillWriting: boolean): void {
    if (this.#holder === holder && !stillWriting) this.#handOver();
  }

  /** Refuses everyone waiting; for shutting down. */
  refuseAll(error: Error): void {
    clearTimeout(this.#stealTimer);
    for (const waiter of this.#queue.splice(0)) waiter.refuse(error);
  }

  #grant(holder: LockHolder): void {
    this.#holder = holder;
    this.#since = this.#options.now();
    this.#armStealTimer();
  }

  #handOver(): void {
    this.#holder = undefined;
    clearTimeout(this.#stealTimer);
    const next = this.#queue.shift();
    if (!next) return;
    this.#grant(next.holder);
    next.grant();
  }

  #armStealTimer(): void {
    clearTimeout(this.#stealTimer);
    if (this.#holder === undefined || this.#queue.length === 0) return;
    const remaining = this.#since + this.#options.transactionTimeoutMs - this.#options.now();
    this.#stealTimer = setTimeout(() => this.#steal(), Math.max(0, remaining));
    this.#stealTimer.unref();
  }

  #steal(): void {
    const holder = this.#holder;
    if (holder === undefined || this.#queue.length === 0) return;
    holder.forceRollback();
    if (this.#holder === holder) this.#handOver();
  }
}
