/**
 * The Creators API's rate limit, kept by one pacer per credential in this process: requests start at least
 * 1/requestsPerSecond apart, and a 429 holds every caller until its Retry-After has passed. Amazon starts an account
 * at one request a second (ten ASINs in one GetItems count as one) and raises it with the account's shipped revenue
 * (https://webservices.amazon.com/paapi5/documentation/troubleshooting/api-rates.html, the rule the Creators API
 * starts from: https://affiliate-program.amazon.com/creatorsapi/docs/en-us/introduction).
 *
 * Each Netlify Function instance has its own pacer; one instance serves one request at a time, and the scheduled
 * refresh runs in a single background function, so the shared limit holds in practice; a 429 is still backed off.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export class RequestPacer {
  readonly intervalMs: number;
  readonly #now: () => number;
  readonly #sleep: Sleep;
  /** When the next reserved request may start. */
  #next = 0;
  /** No request starts before this (set by a 429). */
  #heldUntil = 0;
  /** When the last request was let go: a caller woken late (a busy machine) keeps the next one a whole interval away. */
  #lastStart = -Infinity;

  constructor(requestsPerSecond: number, options: { now?: () => number; sleep?: Sleep } = {}) {
    this.intervalMs = Math.ceil(1000 / requestsPerSecond);
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? sleep;
  }

  /** Resolves when this caller may send its request. */
  async take(signal?: AbortSignal): Promise<void> {
    const at = Math.max(this.#now(), this.#next, this.#heldUntil);
    this.#next = at + this.intervalMs;
    // A 429 that arrived while this caller waited holds it too, and so does a caller before it that started late.
    const startAt = () => Math.max(this.#heldUntil, at, this.#lastStart + this.intervalMs);
    for (let wait = startAt() - this.#now(); wait > 0; wait = startAt() - this.#now()) await this.#sleep(wait, signal);
    this.#lastStart = this.#now();
    this.#next = Math.max(this.#next, this.#lastStart + this.intervalMs);
  }

  /** Amazon asked every caller to wait (429 Retry-After). */
  hold(ms: number): void {
    this.#heldUntil = Math.max(this.#heldUntil, this.#now() + ms);
    this.#next = Math.max(this.#next, this.#heldUntil);
  }
}

const pacers = new Map<string, RequestPacer>();

/** The process's pacer for one credential (its limit is the account's, whatever marketplace a request asks). */
export function sharedPacer(key: string, requestsPerSecond: number): RequestPacer {
  let pacer = pacers.get(key);
  if (!pacer || pacer.intervalMs !== Math.ceil(1000 / requestsPerSecond)) {
    pacer = new RequestPacer(requestsPerSecond);
    pacers.set(key, pacer);
  }
  return pacer;
}
