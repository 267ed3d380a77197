/**
 * Classifies one recorded answer of a retailer (issue 13, point 1): pure, so every rule is tested on recorded
 * responses. The server makes the requests (HEAD, then GET when needed) and hands the answers here.
 */
import { asinOf, isAmazonHost } from '../../affiliate-url.ts';
import { AFFILIATE_PARAMETERS } from '../../disclosure/affiliate-link.ts';
import { extractProduct } from '../scrape/index.ts';
import type { LinkHealthClass } from './classes.ts';

export interface RecordedHop {
  url: string;
  status: number;
  location: string;
}

/** What the fetcher saw: the last hop's status and URL, the hops before it, headers (lower-case names) and the start of the body. */
export interface RecordedResponse {
  method: 'HEAD' | 'GET';
  requestedUrl: string;
  status: number;
  finalUrl: string;
  hops: readonly RecordedHop[];
  headers: Readonly<Record<string, string>>;
  /** '' for HEAD; the first bytes of the page for GET (the checker reads at most CHECK_BODY_BYTES). */
  body: string;
}

/** A request that got no HTTP answer: the fetcher's error code (timeout, network, blocked-address …) and message. */
export interface RecordedFailure {
  requestedUrl: string;
  code: string;
  message: string;
}

export interface Classification {
  class: LinkHealthClass;
  /** One line an admin reads, e.g. "Redirected to https://shop.example/search?q=roller (a search page)". */
  detail: string;
  statusCode: number | null;
  finalUrl: string | null;
  /** From Retry-After on a blocked answer, in ms from `now`. */
  retryAfterMs?: number;
}

/** The most of a page a GET reads: product pages put availability well into the page (Amazon's near 300 KB). */
export const CHECK_BODY_BYTES = 512 * 1024;

const NOT_FOUND = new Set([404, 410]);
/** 401 and 403 are how bot walls answer; 429 and 503 say "later"; 999 is LinkedIn's and some CDNs' robot answer. */
const BLOCKED = new Set([401, 403, 429, 503, 999]);

const CAPTCHA_URL = /\/errors\/validatecaptcha|\/captcha(?:[/?.]|$)|\/cdn-cgi\/challenge|\/sorry\/index|validate\.perfdrive\.com|geo\.captcha-delivery\.com/i;
const CAPTCHA_BODY =
  /Enter the characters you see below|Type the characters you see in this image|\/errors\/validateCaptcha|<title>\s*(?:Robot Check|Attention Required!|Just a moment\.\.\.|Are you a (?:robot|human)|Pardon Our Interruption|Access to this page has been denied)|captcha-delivery\.com|px-captcha|cf-chl-/i;
const SEARCH_PATH = /^\/(?:s|search|find|sch(?:\/.*)?|catalogsearch\/result|searchpage\.jsp|shop\/search|search\/.*)\/?$|\/search\/?$/i;
const SEARCH_PARAMS = ['k', 'q', 'query', 'keyword', 'keywords', 'searchterm', 'search', 'st', '_nkw', 'field-keywords'];
const HOME_PATH = /^\/(?:index\.html?|home|gp\/homepage\.html|ref=[^/]*)?\/?$/i;
const GONE_TITLE = /<title[^>]*>[^<]*(?:not found|404|no longer available|page unavailable|discontinued)[^<]*<\/title>/i;
const GONE_TEXT =
  /\b(?:(?:this|the) (?:item|product|page) (?:is|has been) (?:no longer available|discontinued|removed)|is no longer (?:available|sold)|we couldn['’]?t find (?:that|this|the) (?:page|product|item)|(?:page|product|item) (?:you (?:are|were) looking for )?(?:could not be|was not|cannot be|can(?:'|no)t be) found|product not found)\b/i;
const OUT_OF_STOCK_SCHEMA =
  /"availability"\s*:\s*"(?:https?:\/\/schema\.org\/)?(?:OutOfStock|SoldOut|Discontinued)"|itemprop=["']?availability["']?[^>]*?(?:href|content)=["'](?:https?:\/\/schema\.org\/)?(?:OutOfStock|SoldOut|Discontinued)|(?:href|content)=["'](?:https?:\/\/schema\.org\/)?(?:OutOfStock|SoldOut|Discontinued)["'][^>]*?itemprop=["']?availability/i;
const IN_STOCK_SCHEMA = /"availability"\s*:\s*"(?:https?:\/\/schema\.org\/)?(?:InStock|LimitedAvailability|PreOrder|BackOrder|OnlineOnly|InStoreOnly)"|itemprop=["']?availability["']?[^>]*?(?:href|content)=["'](?:https?:\/\/schema\.org\/)?(?:InStock|LimitedAvailability|PreOrder|BackOrder)/i;
const OUT_OF_STOCK_TEXT = /\b(?:currently unavailable|out of stock|sold out)\b/i;
const PARAMETER_SET = new Set(AFFILIATE_PARAMETERS);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function siteOf(host: string): string {
  const lower = host.toLowerCase().replace(/^www\./, '');
  return isAmazonHost(lower) ? 'amazon' : lower;
}

function isHomePage(url: URL): boolean {
  return HOME_PATH.test(url.pathname) && ![...url.searchParams.keys()].some((key) => SEARCH_PARAMS.includes(key.toLowerCase()));
}

function isSearchPage(requested: URL, final: URL): boolean {
  if (SEARCH_PATH.test(final.pathname)) return true;
  const hasQuery = [...final.searchParams.keys()].some((key) => SEARCH_PARAMS.includes(key.toLowerCase()));
  return hasQuery && final.pathname !== requested.pathname && !asinOf(final);
}

/** The affiliate parameter the final URL lost or changed, when it is still on the same retailer. */
function lostParameter(requested: URL, final: URL): string | null {
  if (siteOf(requested.hostname) !== siteOf(final.hostname)) return null;
  for (const [name, value] of requested.searchParams) {
    if (!PARAMETER_SET.has(name.toLowerCase())) continue;
    const kept = [...final.searchParams].find(([other]) => other.toLowerCase() === name.toLowerCase());
    if (!kept || kept[1] !== value) return `${name}=${value}`;
  }
  return null;
}

/** A redirect worth telling an admin about: another site or another page, not http→https, www or a trailing slash. */
function movedElsewhere(requested: URL, final: URL): boolean {
  if (siteOf(requested.hostname) !== siteOf(final.hostname)) return true;
  const asin = asinOf(requested);
  if (asin) return asinOf(final) !== asin;
  return requested.pathname.replace(/\/+$/, '') !== final.pathname.replace(/\/+$/, '');
}

/** Retry-After in ms from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The page's visible text, roughly: scripts, styles and tags removed. Enough for wording, cheap on 512 KB. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ');
}

function result(kind: LinkHealthClass, detail: string, recorded: RecordedResponse, extra: Partial<Classification> = {}): Classification {
  return { class: kind, detail, statusCode: recorded.status, finalUrl: recorded.finalUrl, ...extra };
}

/** What the final URL alone says (both HEAD and GET): a robot wall, a dead Amazon product, a home or search page, a lost tag. */
function classifyByUrl(recorded: RecordedResponse): Classification | null {
  const requested = parse(recorded.requestedUrl);
  const final = parse(recorded.finalUrl);
  if (!requested || !final) return null;
  if (CAPTCHA_URL.test(final.pathname + final.search) || CAPTCHA_URL.test(final.hostname + final.pathname)) {
    return result('blocked', `Could not check: the retailer sent the checker to a robot check (${final.href}).`, recorded);
  }
  const wasHome = isHomePage(requested);
  if (!wasHome && isHomePage(final) && recorded.hops.length > 0) {
    if (isAmazonHost(final.hostname) && asinOf(requested)) {
      return result('not-found', `Amazon redirected the product to its home page (${final.href}): the product is discontinued.`, recorded);
    }
    return result('soft-not-found', `Redirected to the home page (${final.href}).`, recorded);
  }
  if (recorded.hops.length > 0 && isSearchPage(requested, final)) {
    return result('soft-not-found', `Redirected to a search page (${final.href}).`, recorded);
  }
  const lost = lostParameter(requested, final);
  if (lost) return result('tag-lost', `The final URL no longer carries ${lost} (${final.href}).`, recorded);
  return null;
}

/** Availability from the page: the scrape reader's (JSON-LD, microdata, Amazon, meta), then the raw markup for a cut page. */
function availabilityOf(recorded: RecordedResponse): boolean | null {
  const scraped = extractProduct(recorded.body, recorded.finalUrl);
  if (scraped.ok && scraped.product.availability !== null) return scraped.product.availability;
  if (OUT_OF_STOCK_SCHEMA.test(recorded.body)) return false;
  if (IN_STOCK_SCHEMA.test(recorded.body)) return true;
  return null;
}

function classifyPage(recorded: RecordedResponse): Classification {
  const byUrl = classifyByUrl(recorded);
  if (byUrl) return byUrl;
  if (GONE_TITLE.test(recorded.body)) return result('soft-not-found', 'The page answers 200 but its title says the product is gone.', recorded);
  const text = visibleText(recorded.body);
  const gone = GONE_TEXT.exec(text);
  const availability = availabilityOf(recorded);
  if (availability === false) return result('out-of-stock', 'The page marks the product out of stock (schema.org availability).', recorded);
  if (gone) return result('soft-not-found', `The page answers 200 but says '${gone[0]}'.`, recorded);
  if (availability === null) {
    const wording = OUT_OF_STOCK_TEXT.exec(text);
    if (wording) return result('out-of-stock', `The page says '${wording[0]}'.`, recorded);
  }
  const requested = parse(recorded.requestedUrl);
  const final = parse(recorded.finalUrl);
  if (requested && final && recorded.hops.length > 0 && movedElsewhere(requested, final)) {
    return result('redirected', `Redirected to ${final.href}.`, recorded);
  }
  return result('ok', availability === true ? 'In stock.' : 'The page answers.', recorded);
}

/**
 * One answer's class. A HEAD answer that cannot settle the link returns null: the checker then GETs the page
 * (HEAD refused with 403/405/501 or another 4xx/5xx, or a 200 that says nothing about stock).
 */
export function classifyResponse(recorded: RecordedResponse, now: Date): Classification | null {
  const { status } = recorded;
  const isHead = recorded.method === 'HEAD';
  if (NOT_FOUND.has(status)) return result('not-found', `The retailer answered ${status} (${status === 410 ? 'gone' : 'not found'}).`, recorded);
  // 429 and 503 to a HEAD mean "slow down": a GET right after would be rude and answered the same.
  if (status === 429 || status === 503 || (BLOCKED.has(status) && !isHead)) {
    const wait = retryAfterMs(recorded.headers['retry-after'], now);
    return result('blocked', `Could not check: the retailer answered ${status}${wait === undefined ? '' : ` (Retry-After ${Math.round(wait / 1000)} s)`}.`, recorded, {
      retryAfterMs: wait,
    });
  }
  if (isHead) {
    if (status >= 200 && status < 300) return classifyByUrl(recorded);
    return null;
  }
  if (status >= 200 && status < 300) {
    if (CAPTCHA_BODY.test(recorded.body)) return result('blocked', 'Could not check: the retailer answered with a robot check (captcha) page.', recorded);
    return classifyPage(recorded);
  }
  return result('error', `The retailer answered ${status}.`, recorded);
}

/** A request with no HTTP answer: DNS, TLS, refused connection, timeout, or refused by the fetcher's own rules. */
export function classifyFailure(failure: RecordedFailure): Classification {
  const why: Record<string, string> = {
    timeout: 'Timed out',
    network: 'Network error',
    'blocked-address': 'Refused by the fetcher (private address)',
    'bad-port': 'Refused by the fetcher (port)',
    'bad-scheme': 'Refused by the fetcher (not http or https)',
    'bad-url': 'Not a valid URL',
    'too-many-redirects': 'Too many redirects',
    'redirect-loop': 'Redirect loop',
  };
  return { class: 'error', detail: `${why[failure.code] ?? 'Error'}: ${failure.message}`, statusCode: null, finalUrl: null };
}
