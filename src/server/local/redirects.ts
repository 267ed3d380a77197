/**
 * The build's `_redirects` file, read the way Netlify reads it, so that a URL behaves alike on
 * the local server and in production. Only the kinds of rule this project uses are honoured:
 *
 * - status 404 (`/blog/*  /blog/not-found.html  404`): a section's not-found page, served with
 *   status 404 for a path under the section that has no file;
 * - status 200 rewrites (`/products  category=fitness  /products/category/fitness.html  200!`): the
 *   target's content with status 200 and the address unchanged, with query conditions (a literal
 *   value or a `:placeholder`), path placeholders and a trailing splat.
 *
 * Everything else (301/302 redirects, proxies to another host, domain-level rules, Country/
 * Language/Role/Cookie conditions) is reported as ignored rather than half-done.
 *
 * Matching follows Netlify: rules are tried top to bottom and the first match wins; a rule
 * without `!` only applies when no file exists at the requested path (shadowing), a forced one
 * always; a trailing slash makes no difference to a path; a rule's query conditions must all be
 * present in the request, which may carry more parameters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A query condition: `key=value` (that exact value) or `key=:name` (any non-empty value, captured). */
export type QueryCondition = { key: string; value: string } | { key: string; placeholder: string };

export interface RedirectRule {
  /** 1-based line in the file, for messages. */
  line: number;
  /** The path pattern's segments: literal text or `:name`; a splat (`/*`) is `splat`. */
  segments: string[];
  splat: boolean;
  query: QueryCondition[];
  /** The target path, with `:name` and `:splat` still to be filled in. */
  to: string;
  status: 200 | 404;
  /** `!`: applies even when a file exists at the requested path. */
  force: boolean;
}

export interface IgnoredLine {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedRedirects {
  rules: RedirectRule[];
  ignored: IgnoredLine[];
}

export interface RedirectMatch {
  rule: RedirectRule;
  status: 200 | 404;
  /** The site path to serve, percent-encoded: captured values are encoded, so they stay one segment each. */
  path: string;
}

const STATUS = /^(\d{3})(!?)$/;
const PLACEHOLDER = /^:([A-Za-z_]\w*)$/;
/** Netlify's "conditions" (after the status), which only its edge can evaluate. */
const CONDITION = /^[A-Z][A-Za-z]*=/;

const isTarget = (token: string) => token.startsWith('/') || /^https?:\/\//i.test(token);

/** Parses a `_redirects` file: the rules the local server honours, and the lines it leaves to Netlify. */
export function parseRedirects(text: string): ParsedRedirects {
  const rules: RedirectRule[] = [];
  const ignored: IgnoredLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    // A comment starts a line or follows whitespace (a `#` inside a URL is not one).
    const content = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!content) return;
    const result = parseLine(content.split(/\s+/), index + 1);
    if ('reason' in result) ignored.push({ line: index + 1, text: content, reason: result.reason });
    else rules.push(result);
  });
  return { rules, ignored };
}

function parseLine(tokens: string[], line: number): RedirectRule | { reason: string } {
  const [from, ...rest] = tokens;
  if (!from?.startsWith('/')) return { reason: 'domain-level rules are not supported locally' };
  const toIndex = rest.findIndex(isTarget);
  if (toIndex < 0) return { reason: 'no target path' };
  const to = rest[toIndex]!;
  if (!to.startsWith('/')) return { reason: 'proxying to another host is not supported locally' };

  const query: QueryCondition[] = [];
  for (const pair of rest.slice(0, toIndex)) {
    const equals = pair.indexOf('=');
    if (equals <= 0) return { reason: `query condition "${pair}" has no value` };
    const key = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const placeholder = PLACEHOLDER.exec(value)?.[1];
    if (placeholder) query.push({ key, placeholder });
    else {
      const decoded = safeDecode(value);
      if (decoded === undefined) return { reason: `query condition "${pair}" is not valid percent-encoding` };
      query.push({ key, value: decoded });
    }
  }

  const after = rest.slice(toIndex + 1);
  const status = after[0] && STATUS.exec(after[0]);
  // Netlify's default status is 301: a redirect, which the local server does not perform.
  const code = status ? Number(status[1]) : 301;
  if (code !== 200 && code !== 404) return { reason: `status ${code} is not supported locally (only 200 rewrites and 404 pages)` };
  const conditions = after.slice(status ? 1 : 0);
  if (conditions.length > 0) {
    const unknown = conditions.find((token) => !CONDITION.test(token)) ?? conditions[0];
    return { reason: `conditions such as "${unknown}" are not supported locally` };
  }

  const splat = from.endsWith('/*');
  const path = splat ? from.slice(0, -1) : from;
  return { line, segments: pathSegments(path), splat, query, to, status: code, force: status?.[2] === '!' };
}

export interface RedirectRequest {
  /** The request's path, percent-encoded as it arrived (`URL.pathname`). */
  pathname: string;
  /** The request's query string, with or without `?`. */
  search: string;
}

/**
 * The first rule that applies to a request, and the path it leads to. `fileExists` says whether
 * the request already names a file of the site: then only forced rules apply.
 */
export function matchRedirect(rules: readonly RedirectRule[], request: RedirectRequest, fileExists: boolean): RedirectMatch | undefined {
  const path = pathSegments(request.pathname);
  const params = new URLSearchParams(request.search);
  for (const rule of rules) {
    if (fileExists && !rule.force) continue;
    const captured = matchPath(rule, path);
    if (!captured) continue;
    if (!matchQuery(rule.query, params, captured)) continue;
    return { rule, status: rule.status, path: fillTarget(rule.to, captured) };
  }
  return undefined;
}

interface Captured {
  /** Decoded values of `:name` placeholders (path segments and query values). */
  names: Map<string, string>;
  /** The rest of the path a splat matched, still percent-encoded. */
  splat: string;
}

function matchPath(rule: RedirectRule, path: readonly string[]): Captured | undefined {
  if (rule.splat ? path.length < rule.segments.length : path.length !== rule.segments.length) return undefined;
  const names = new Map<string, string>();
  for (const [index, pattern] of rule.segments.entries()) {
    const actual = safeDecode(path[index]!);
    if (actual === undefined) return undefined;
    const placeholder = PLACEHOLDER.exec(pattern)?.[1];
    if (placeholder) names.set(placeholder, actual);
    else if (safeDecode(pattern) !== actual) return undefined;
  }
  return { names, splat: path.slice(rule.segments.length).join('/') };
}

function matchQuery(conditions: readonly QueryCondition[], params: URLSearchParams, captured: Captured): boolean {
  for (const condition of conditions) {
    // URLSearchParams decodes (`+` too) and keeps the first of repeated keys, as the site's own parsing does.
    const actual = params.get(condition.key);
    if (actual === null) return false;
    if ('value' in condition) {
      if (actual !== condition.value) return false;
    } else {
      if (actual === '') return false;
      captured.names.set(condition.placeholder, actual);
    }
  }
  return true;
}

/**
 * Fills `:name` and `:splat` into the target. A captured value is encoded as one segment, so a
 * value with `/` or a `..` cannot add or climb path levels, and the static file resolver, which
 * refuses such segments once decoded, never leaves the site folder. The splat is passed on as it
 * arrived (already encoded).
 */
function fillTarget(to: string, captured: Captured): string {
  const path = to.split('?')[0]!;
  return path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => {
    if (name === 'splat') return captured.splat;
    const value = captured.names.get(name);
    return value === undefined ? whole : encodeSegment(value);
  });
}

/** One path segment: encodeURIComponent leaves dots alone, so `.` and `..` are spelled out too. */
function encodeSegment(value: string): string {
  return value === '.' || value === '..' ? value.replaceAll('.', '%2E') : encodeURIComponent(value);
}

/** A path's segments with empty ones (leading, doubled or trailing slashes) dropped: `/a/b/` and `/a/b` are one path. */
function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export interface SiteRedirects extends ParsedRedirects {
  /** The build folder the rules belong to. */
  root: string;
}

/** The rules of a build folder, read once per folder (a rebuild is a new folder); a few recent folders are kept. */
const cache = new Map<string, SiteRedirects>();
const CACHED_FOLDERS = 8;

export function redirectsFor(root: string, onIgnored?: (ignored: IgnoredLine) => void): SiteRedirects {
  const cached = cache.get(root);
  if (cached) return cached;
  let text = '';
  try {
    text = readFileSync(join(root, '_redirects'), 'utf8');
  } catch {
    // No file: no rules.
  }
  const parsed: SiteRedirects = { root, ...parseRedirects(text) };
  parsed.ignored.forEach((line) => onIgnored?.(line));
  cache.set(root, parsed);
  if (cache.size > CACHED_FOLDERS) cache.delete(cache.keys().next().value!);
  return parsed;
}
