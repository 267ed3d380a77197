/**
 * The affiliate disclosure check while the pages are rendered (ARCHITECTURE section 9: no pass that reads every page
 * again after Astro). The middleware (src/middleware.ts) hands each pre-rendered page's HTML, still in memory, to
 * worker threads that run the same rule as before (checkPageHtml, src/domain/disclosure/page-check.ts), so the
 * check overlaps Astro's rendering on the main thread instead of following it. The integration
 * (src/integrations/disclosure-check.ts) starts the workers when the build starts and, when it is done, collects
 * every violation: one fails the build, naming each page and link (the build worker prints the message).
 *
 * The integration, the middleware and the build worker each load this module in their own module graph (the
 * config, the pre-render bundle, plain Node), so the running check is kept on globalThis.
 */
import { Worker } from 'node:worker_threads';
import type { PageViolation } from './check-files.ts';

export interface RenderedCheck {
  pages: number;
  affiliateLinks: number;
  violations: PageViolation[];
  /** Time the build waited for the workers after the last page, not the checking time (which overlaps rendering). */
  waitMs: number;
  threads: number;
}

export interface WorkerAnswer {
  pages: number;
  affiliateLinks: number;
  violations: PageViolation[];
}

/** A page as the build rendered it: its served address and its HTML as UTF-8 bytes (or text). */
export interface RenderedPage {
  page: string;
  html: Uint8Array | string;
}

export interface WorkerBatch {
  pages: RenderedPage[];
  siteOrigin?: string;
}

/** Pages sent to a worker at once: fewer messages, and little held in memory. */
const BATCH = 16;

class RenderCheck {
  readonly #workers: Worker[];
  readonly #siteOrigin: string | undefined;
  #batch: RenderedPage[] = [];
  #next = 0;
  #inFlight = 0;
  #idle: (() => void)[] = [];
  #failure: Error | undefined;
  readonly #result: WorkerAnswer = { pages: 0, affiliateLinks: 0, violations: [] };

  constructor(workerPath: URL, threads: number, siteOrigin: string | undefined) {
    this.#siteOrigin = siteOrigin;
    this.#workers = Array.from({ length: threads }, () => {
      const worker = new Worker(workerPath);
      worker.on('message', (answer: WorkerAnswer) => {
        this.#result.pages += answer.pages;
        this.#result.affiliateLinks += answer.affiliateLinks;
        this.#result.violations.push(...answer.violations);
        this.#settle();
      });
      worker.on('error', (error) => {
        this.#failure = error;
        this.#settle();
      });
      return worker;
    });
  }

  #settle(): void {
    this.#inFlight -= 1;
    if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  submit(page: string, html: Uint8Array | string): void {
    this.#batch.push({ page, html });
    if (this.#batch.length >= BATCH) this.#flush();
  }

  #flush(): void {
    if (this.#batch.length === 0) return;
    const message: WorkerBatch = { pages: this.#batch, siteOrigin: this.#siteOrigin };
    this.#batch = [];
    this.#inFlight += 1;
    this.#workers[this.#next++ % this.#workers.length]!.postMessage(message);
  }

  async finish(): Promise<RenderedCheck> {
    const started = performance.now();
    this.#flush();
    if (this.#inFlight > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
    if (this.#failure) throw this.#failure;
    const violations = this.#result.violations.sort((a, b) => a.page.localeCompare(b.page) || a.href.localeCompare(b.href));
    return { ...this.#result, violations, waitMs: Math.round(performance.now() - started), threads: this.#workers.length };
  }
}

const RUNNING = Symbol.for('repwell.disclosure.render-check');
const RESULT = Symbol.for('repwell.disclosure.render-check.result');
type Shared = { [RUNNING]?: RenderCheck; [RESULT]?: RenderedCheck };
const shared = globalThis as Shared;

/** Starts checking the pages rendered from now on (the integration, when the build starts). */
export function startRenderCheck(workerPath: URL, threads: number, siteOrigin: string | undefined): void {
  shared[RUNNING] = new RenderCheck(workerPath, threads, siteOrigin);
  delete shared[RESULT];
}

/** Hands a rendered page to the check; does nothing outside a build (the dev server). */
export function checkRenderedPage(page: string, html: Uint8Array | string): boolean {
  const check = shared[RUNNING];
  if (!check) return false;
  check.submit(page, html);
  return true;
}

/** Waits for every page handed in and keeps the result for the build worker (the integration, when the build is done). */
export async function finishRenderCheck(): Promise<RenderedCheck | undefined> {
  const check = shared[RUNNING];
  if (!check) return undefined;
  delete shared[RUNNING];
  const result = await check.finish();
  shared[RESULT] = result;
  return result;
}

/** The finished check of the build that ran in this process, if any. */
export function renderCheckResult(): RenderedCheck | undefined {
  return shared[RESULT];
}

/** Whether a build is checking the pages it renders. */
export function renderCheckRunning(): boolean {
  return shared[RUNNING] !== undefined;
}
