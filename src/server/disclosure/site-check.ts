/**
 * The disclosure check of a built site (issue 13, point 4): every HTML page under the output folder goes through
 * checkPageHtml (src/domain/disclosure/page-check.ts). The build worker runs it after `astro build` and fails the
 * build on any violation, so neither `npm run build` nor the local rebuild publishes an undisclosed affiliate link.
 *
 * Parsing is CPU-bound (a streaming tokenizer, about 1.5 ms for a 48 KB product page), so a large site is split
 * over worker threads, one per core; a small one is checked in this thread, where starting workers would cost more.
 */
import { availableParallelism } from 'node:os';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { REASON_TEXT } from '../../domain/disclosure/page-check.ts';
import { checkFiles, type FilesCheck, type PageViolation } from './check-files.ts';

export type { PageViolation } from './check-files.ts';

export interface SiteCheck extends FilesCheck {
  pages: number;
  ms: number;
  threads: number;
}

export interface SiteCheckOptions {
  /** SITE_URL's origin: absolute links to the site itself are internal. */
  siteOrigin?: string;
  /** Worker threads (1: this thread); defaults to the machine's cores (at most 4), and 1 below WORKER_THRESHOLD pages. */
  threads?: number;
}

/** Below this many pages one thread is faster than starting workers. */
const WORKER_THRESHOLD = 400;
const workerPath = new URL('./check-worker.ts', import.meta.url);

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function inWorker(dir: string, files: string[], siteOrigin: string | undefined): Promise<FilesCheck> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerPath, { workerData: { dir, files, siteOrigin } });
    worker.once('message', (result: FilesCheck) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The disclosure check worker stopped with exit code ${code}`));
    });
  });
}

/** Checks every .html file under `dir`. */
export async function checkBuiltSite(dir: string, options: SiteCheckOptions = {}): Promise<SiteCheck> {
  const started = performance.now();
  const files = await htmlFiles(dir);
  const threads = Math.max(1, options.threads ?? (files.length < WORKER_THRESHOLD ? 1 : Math.min(4, availableParallelism())));
  let parts: FilesCheck[];
  if (threads === 1) {
    parts = [await checkFiles(dir, files, options.siteOrigin)];
  } else {
    // Every n-th file to each worker: product pages, the bulk of the work, are spread evenly.
    const shares = Array.from({ length: threads }, (_, share) => files.filter((_file, index) => index % threads === share));
    parts = await Promise.all(shares.map((share) => inWorker(dir, share, options.siteOrigin)));
  }
  const violations = parts.flatMap((part) => part.violations).sort((a, b) => a.page.localeCompare(b.page) || a.href.localeCompare(b.href));
  const affiliateLinks = parts.reduce((sum, part) => sum + part.affiliateLinks, 0);
  return { pages: files.length, affiliateLinks, violations, threads, ms: Math.round(performance.now() - started) };
}

/** One line per violation: page, link and reason. */
export function describeViolation(violation: PageViolation): string {
  return `${violation.page}: ${violation.href} (${REASON_TEXT[violation.reason]})`;
}

/**
 * The build's error message: every failing page and link, as many as fit in `maxLength` (a failed build's row keeps
 * 2000 characters, which the overview shows), then how many more there are.
 */
export function disclosureFailureMessage(violations: readonly PageViolation[], maxLength = 1800): string {
  const pages = new Set(violations.map((violation) => violation.page)).size;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  let message = `The affiliate disclosure check refused ${plural(violations.length, 'link')} on ${plural(pages, 'page')}:`;
  for (const [index, violation] of violations.entries()) {
    const line = ` ${describeViolation(violation)};`;
    if (message.length + line.length > maxLength - 20) return `${message} and ${violations.length - index} more.`;
    message += line;
  }
  return message.replace(/;$/, '.');
}
