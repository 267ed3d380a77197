/**
 * Builds the static site (astro build + pagefind index) into a folder by running
 * build-worker.ts in a child process. Used by `npm run build` and by the local
 * server's rebuild queue.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { removeBuildRecord } from './build-record.ts';
import type { Logger } from './logger.ts';
import { consoleLogger } from './logger.ts';

const here = dirname(fileURLToPath(import.meta.url));
const workerPath = resolve(here, 'build-worker.ts');
const keptRenderPath = resolve(here, '../publishing/kept-render-worker.ts');
/** Node's option that loads the hook resolving drizzle-orm's modules quickly (drizzle-resolve-hook.ts says why). */
export const DRIZZLE_RESOLVE_HOOK = ['--import', pathToFileURL(resolve(here, 'drizzle-resolve-hook.ts')).href];
export const projectRoot = resolve(here, '../../..');

export interface BuildSiteOptions {
  /** The folder to build into; Astro empties it first. */
  outDir: string;
  /** The Astro project; defaults to this repository. */
  root?: string;
  /** The database the content layer reads; defaults to the inherited DATABASE_URL. */
  databaseUrl?: string;
  /** Astro's cache folder; tests give each build its own so they never share a data store. */
  cacheDir?: string;
  /** Only warnings and errors from Astro (the server's background rebuilds). */
  quiet?: boolean;
  /** Stops the build (the child is killed). */
  signal?: AbortSignal;
  logger?: Logger;
  /** Leaves the pagefind index out (a partial build indexes the merged site). */
  skipIndex?: boolean;
  /** Extra environment for the child. */
  env?: Record<string, string | undefined>;
}

export interface BuildSummary {
  ms: number;
  astroMs?: number;
  /** The affiliate disclosure check of every built page. */
  checkMs?: number;
  checkedPages?: number;
  indexMs?: number;
  pages?: number;
  /** Pages a partial render kept from the last build, their inputs unchanged (page-inputs.ts). */
  unchangedPages?: number;
  /** A kept renderer's stages (kept-render.ts): reading the data, listing the pages, rendering, the site files. */
  keptMs?: { data: number; paths: number; render: number; files: number };
}

export class BuildError extends Error {
  readonly output: string;
  /**
   * Why it did not publish: it failed (a crash, a lost file: building another way may succeed), the disclosure check
   * refused its pages (any build of the same data would), or it was stopped.
   */
  readonly outcome: 'failed' | 'refused' | 'stopped';
  constructor(message: string, output: string, outcome: BuildError['outcome'] = 'failed') {
    super(message);
    this.name = 'BuildError';
    this.output = output;
    this.outcome = outcome;
  }
}

const KEPT_LINES = 40;

/** Resolves when the build and its index are complete; rejects with a BuildError carrying the end of the output. */
export function buildSite(options: BuildSiteOptions): Promise<BuildSummary> {
  const args = ['--out', resolve(options.outDir), '--root', options.root ?? projectRoot];
  if (options.cacheDir) args.push('--cache-dir', options.cacheDir);
  if (options.quiet) args.push('--quiet');
  if (options.skipIndex) args.push('--skip-index');
  // Building into a folder that held a complete build (`npm run build` into a real dist): until this build is
  // complete and recorded, it is not one.
  removeBuildRecord(options.outDir);
  return runWorker(workerPath, args, { ...options, env: { ...options.env, ASTRO_OUT_DIR: resolve(options.outDir) } }, 'BUILD-SUMMARY ').then(
    ({ summary, ms }) => ({ ...(summary as Partial<BuildSummary>), ms }),
  );
}

export interface KeptRenderOptions extends Pick<BuildSiteOptions, 'root' | 'databaseUrl' | 'signal' | 'logger' | 'env'> {
  keptDir: string;
  outDir: string;
  selectionFile: string;
  listFile: string;
}

/** Renders the selected pages from a kept renderer (src/server/publishing/kept-render-worker.ts). */
export function renderFromKept(options: KeptRenderOptions): Promise<BuildSummary> {
  const args = ['--kept', options.keptDir, '--out', resolve(options.outDir), '--selection', options.selectionFile, '--list', options.listFile];
  return runWorker(keptRenderPath, args, options, 'KEPT-RENDER ').then(({ summary, ms }) => {
    const { rendered, unchanged, ms: keptMs } = summary as { rendered?: number; unchanged?: number; ms?: BuildSummary['keptMs'] };
    return { ms, pages: rendered, unchangedPages: unchanged, keptMs };
  });
}

/**
 * How long a worker may take to exit once it has printed its outcome (its summary, or the disclosure check's refusal).
 * Node can deadlock while a process exits: the main thread waits for V8's background threads, one of which, in the
 * middle of compiling, waits for a garbage collection only the main thread can run (nodejs/node#54918, still open in
 * Node 24). A partial build hung that way for good after it had written every file. The outcome was final when it was
 * printed, so a worker that has not exited by then is stopped, and the build goes on.
 */
export const EXIT_GRACE_MS = 10_000;

export interface WorkerRunOptions extends Pick<BuildSiteOptions, 'root' | 'databaseUrl' | 'signal' | 'logger' | 'env'> {
  /** EXIT_GRACE_MS unless a test says otherwise. */
  exitGraceMs?: number;
}

/** Runs a worker script in its own Node process; its `{prefix}{json}` line is its summary. Exported for its test. */
export function runWorker(script: string, args: string[], options: WorkerRunOptions, summaryPrefix: string): Promise<{ summary: unknown; ms: number }> {
  const logger = options.logger ?? consoleLogger;
  const started = performance.now();
  const child = spawn(process.execPath, [...DRIZZLE_RESOLVE_HOOK, script, ...args], {
    cwd: options.root ?? projectRoot,
    env: {
      ...process.env,
      ...options.env,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    signal: options.signal,
  });

  const tail: string[] = [];
  let summary: unknown = {};
  let refusal: string | undefined;
  let stoppedAfterReport = false;
  let exitWatch: NodeJS.Timeout | undefined;
  const graceMs = options.exitGraceMs ?? EXIT_GRACE_MS;
  const onReport = () => {
    exitWatch ??= setTimeout(() => {
      stoppedAfterReport = true;
      logger.warn(`[build] the worker had reported its outcome but had not exited after ${graceMs} ms (a Node shutdown deadlock): stopped it`);
      child.kill('SIGKILL');
    }, graceMs);
  };
  const onLine = (line: string, isError: boolean) => {
    if (line.startsWith(summaryPrefix)) {
      summary = JSON.parse(line.slice(summaryPrefix.length));
      onReport();
      return;
    }
    // The disclosure check's message names every failing page and link; it is the build's error, not a log line.
    if (line.startsWith('DISCLOSURE-CHECK ')) {
      refusal = (JSON.parse(line.slice('DISCLOSURE-CHECK '.length)) as { message: string }).message;
      onReport();
      return;
    }
    tail.push(line);
    if (tail.length > KEPT_LINES) tail.shift();
    if (isError) logger.warn(`[build] ${line}`);
    else logger.info(`[build] ${line}`);
  };
  forEachLine(child.stdout, (line) => onLine(line, false));
  forEachLine(child.stderr, (line) => onLine(line, true));

  return new Promise((resolvePromise, reject) => {
    child.on('error', (error) => {
      const stopped = error.name === 'AbortError';
      const message = stopped ? 'The build was stopped (the server shut down).' : `The build could not run: ${error.message}`;
      reject(new BuildError(message, tail.join('\n'), stopped ? 'stopped' : 'failed'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(exitWatch);
      if (code === 0 || (stoppedAfterReport && refusal === undefined)) {
        resolvePromise({ summary, ms: Math.round(performance.now() - started) });
        return;
      }
      const how = stoppedAfterReport ? 'failed' : signal ? `was stopped (${signal})` : `failed (exit code ${code})`;
      reject(new BuildError(`The build ${how}: ${refusal ?? lastMeaningfulLine(tail)}`, tail.join('\n'), refusal !== undefined ? 'refused' : 'failed'));
    });
  });
}

function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(stripAnsi(line.trimEnd()));
  });
  stream.on('end', () => {
    if (buffered.trim()) onLine(stripAnsi(buffered.trimEnd()));
  });
}

// eslint-disable-next-line no-control-regex -- the escape character is what we remove
const ANSI = /\u001b\[[0-9;]*m/g;
function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** The error line worth recording on a site_builds row (Node prints the stack after the message). */
function lastMeaningfulLine(lines: string[]): string {
  const error = [...lines].reverse().find((line) => /error/i.test(line) && !/^\s+at /.test(line));
  return (error ?? lines.at(-1) ?? 'no output').trim().slice(0, 500);
}
