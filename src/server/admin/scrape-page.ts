/**
 * Fetching a retailer's page through the one safe fetcher and reading its product (issue 11): shared by add-by-link
 * and the scrapes after a CSV import. The outcome says whether the page was read, failed in an ordinary way (an error
 * status, a page that holds no product, an unreachable host), or was refused as a hostile target.
 */
import type { ScrapeFailureCode } from '../../domain/admin/from-link.ts';
import { extractProduct, type ScrapedProduct } from '../../domain/admin/scrape/index.ts';
import { OutboundError, safeFetch, type OutboundErrorCode, type Resolver } from '../outbound/index.ts';

export interface ScrapeOptions {
  /** host:port pairs exempt from the address rules; defaults to SCRAPE_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** DNS resolution; tests inject one. */
  resolve?: Resolver;
  deadlineMs?: number;
  signal?: AbortSignal;
}

export type PageRead =
  | { ok: true; product: ScrapedProduct; url: string }
  /** An ordinary failure: the product is still created, as a draft that needs review. */
  | { ok: false; refused: false; code: ScrapeFailureCode; message: string }
  /** The fetcher refused the target (address, redirects, size, time): nothing but the link row is stored. */
  | { ok: false; refused: true; code: OutboundErrorCode; message: string };

/**
 * Refusals that mark a hostile or broken target rather than a shop having a bad moment: every fetcher code except
 * 'network' (no answer at all: a typo in the host, a shop that is down), 'aborted' (the caller's own cancel) and
 * 'timeout' (a shop that stalls a bot: the draft then holds only what the link itself says, so nothing of the
 * target's choosing reaches the site).
 */
const ORDINARY_FETCH_FAILURES: ReadonlySet<OutboundErrorCode> = new Set(['network', 'aborted', 'timeout']);

/** A page served as something other than HTML (an image, a PDF, JSON) has no product to read. */
function isHtml(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml' || type === 'text/plain' || type === '';
}

export async function scrapePage(url: string, options: ScrapeOptions = {}): Promise<PageRead> {
  let page;
  try {
    page = await safeFetch(url, { allowedHosts: options.allowedHosts, resolve: options.resolve, deadlineMs: options.deadlineMs, signal: options.signal });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (ORDINARY_FETCH_FAILURES.has(error.code)) return { ok: false, refused: false, code: error.code === 'timeout' ? 'timeout' : 'network', message: error.message };
    return { ok: false, refused: true, code: error.code, message: error.message };
  }
  if (page.status < 200 || page.status > 299) {
    return { ok: false, refused: false, code: 'http-status', message: `The page answered with HTTP status ${page.status}.` };
  }
  if (!isHtml(page.headers.get('content-type'))) {
    return { ok: false, refused: false, code: 'not-html', message: `The page is not HTML (${page.headers.get('content-type')}).` };
  }
  const result = extractProduct(page.body, page.url);
  if (!result.ok) return { ok: false, refused: false, code: result.reason, message: result.message };
  return { ok: true, product: result.product, url: page.url };
}
