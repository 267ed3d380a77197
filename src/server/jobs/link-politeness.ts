/**
 * The link checker's politeness (issue 13, point 1): at most one request per interval to each host, one request at a
 * time per host, and at most `concurrency` requests in flight overall. One gate per process, so a scheduled run and
 * an on-demand run in the same server share the hosts' clocks.
 *
 * A host is URL.host (name and port): fixture retailers on 127.0.0.1 differ by port. Hops of a redirect chain take
 * their host's turn too (safeFetch's beforeRedirect), so a 301 to the same host is not a second request in the same second.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export const DEFAULT_HOST_INTERVAL_MS = 1000;
export const DEFAULT_CONCURRENCY = 8;

export class HostGate {
  readonly intervalMs: number;
  readonly concurrency: number;
  /** When each host may be asked next (ms since epoch). */
  readonly #nextAt = new Map<string, number>();
  /** The tail of each host's chain of requests: one at a time per host. */
  readonly #tails = new Map<string, Promise<unknown>>();
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  /** Told when each request or hop starts (the bench measures the per-host spacing at the source). */
  readonly onStart: ((host: string, at: number) => void) | undefined;

  constructor(options: { intervalMs?: number; concurrency?: number; onStart?: (host: string, at: number) => void } = {}) {
    this.intervalMs = options.intervalMs ?? DEFAULT_HOST_INTERVAL_MS;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.onStart = options.onStart;
  }

  /** Runs `request` when the host's turn comes and a slot is free; the host's clock starts when the request does. */
  run<T>(host: string, request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const previous = this.#tails.get(host) ?? Promise.resolve();
    const turn = previous.then(async () => {
      await this.#waitTurn(host, signal);
      await this.#acquire();
      try {
        // A redirect hop may have taken the host's turn while this request waited for a slot.
        await this.#waitTurn(host, signal);
        this.#started(host);
        return await request();
      } finally {
        this.#release();
      }
    });
    const tail = turn.catch(() => undefined);
    this.#tails.set(host, tail);
    void tail.then(() => {
      if (this.#tails.get(host) === tail) this.#tails.delete(host);
    });
    return turn;
  }

  /**
   * A redirect hop inside a request already running: waits for the hop's host's turn and takes it (the request holds
   * its slot, so no second slot is taken).
   */
  async hop(host: string, signal?: AbortSignal): Promise<void> {
    // The request's slot is lent out while it sleeps, so waiting hops do not hold the overall bound hostage.
    this.#release();
    try {
      await this.#waitTurn(host, signal);
    } finally {
      await this.#acquire();
    }
    this.#started(host);
  }

  #started(host: string): void {
    const now = Date.now();
    this.#nextAt.set(host, now + this.intervalMs);
    this.onStart?.(host, now);
  }

  async #waitTurn(host: string, signal: AbortSignal | undefined): Promise<void> {
    // Re-checked after each sleep: another request or hop may have taken the turn meanwhile.
    for (let wait = this.nextAt(host) - Date.now(); wait > 0; wait = this.nextAt(host) - Date.now()) await sleep(wait, undefined, { signal });
  }

  /** A host that answered 429/503 with Retry-After is left alone that long (capped by the caller). */
  rest(host: string, ms: number): void {
    this.#nextAt.set(host, Math.max(this.#nextAt.get(host) ?? 0, Date.now() + ms));
  }

  /** When the host may next be asked. */
  nextAt(host: string): number {
    return this.#nextAt.get(host) ?? 0;
  }

  async #acquire(): Promise<void> {
    if (this.#inFlight < this.concurrency) {
      this.#inFlight += 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#inFlight -= 1;
  }
}

let shared: HostGate | undefined;

/** The process's gate with the default limits. */
export function sharedHostGate(): HostGate {
  shared ??= new HostGate();
  return shared;
}
