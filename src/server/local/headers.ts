/**
 * The site's response headers come from one file, `public/_headers`, which Astro copies into the
 * build: Netlify applies it in production, and the local server reads the same file with Netlify's
 * parser (`@netlify/headers-parser`), so the security headers and cache rules are written once.
 *
 * Ours, where the package stops (it parses and gives each rule a `forRegExp`, nothing more):
 * - merging the rules that match a path: every matching rule applies, a later one overriding an
 *   earlier one for the same header, as Netlify's CLI does (`headersForPath` in netlify/cli);
 * - Strict-Transport-Security only on a TLS connection: Netlify answers on https only, and a
 *   browser ignores the header over plain http anyway (RFC 6797 8.1), so the local server omits it;
 * - before the first build there is no build folder: the project's public/_headers is read instead.
 */
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import type { Logger } from './logger.ts';
import { remember } from './remember.ts';

/** The file in the repository that the build copies to dist/_headers. */
export const projectHeadersFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/_headers');

export type HeaderRules = readonly Header[];

/** Parsed files, keyed by path and modification time (build folders never change; public/_headers may). */
const cache = new Map<string, { mtimeMs: number; rules: Promise<HeaderRules> }>();
const CACHED_FILES = 8;

/**
 * Which file gives a root its rules, and its modification time, as last looked up. This runs on every request, and
 * two stats a request were a tenth of the server's time under load, so a lookup is trusted for STAT_INTERVAL_MS: an
 * edit of public/_headers shows within a second, and a published build is a new root, looked up afresh.
 */
const located = new Map<string, { at: number; file: string; mtimeMs: number | undefined }>();
const STAT_INTERVAL_MS = 1000;

/** The header rules of a build folder, or the project's own file when there is no build (or it has none). */
export function headerRulesFor(root: string | undefined, logger?: Logger): Promise<HeaderRules> {
  const { file, mtimeMs } = locate(root);
  if (mtimeMs === undefined) return Promise.resolve([]);
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.rules;
  const rules = parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false }).then(({ headers, errors }) => {
    for (const error of errors) logger?.warn(`_headers: ${error.message}`);
    return headers as Header[];
  });
  remember(cache, file, { mtimeMs, rules }, CACHED_FILES);
  return rules;
}

function locate(root: string | undefined): { file: string; mtimeMs: number | undefined } {
  const key = root ?? '';
  const now = performance.now();
  const known = located.get(key);
  if (known && now - known.at < STAT_INTERVAL_MS) return known;
  const inBuild = root === undefined ? undefined : join(root, '_headers');
  const inBuildModified = inBuild === undefined ? undefined : modified(inBuild);
  const file = inBuildModified !== undefined ? inBuild! : projectHeadersFile;
  return remember(located, key, { at: now, file, mtimeMs: inBuildModified ?? modified(file) }, CACHED_FILES);
}

function modified(file: string): number | undefined {
  // throwIfNoEntry: false, because a missing file (a build without _headers) is the common case, and an exception per request is not cheap.
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
}

/** Per rules, the merged headers of recent paths (a site's paths repeat; its rules are a dozen regular expressions). */
const mergedByRules = new WeakMap<HeaderRules, Map<string, Readonly<Record<string, string>>>>();
const CACHED_PATHS = 2048;

/**
 * The headers for a request path: all rules whose `for` matches, later ones winning. `secure`
 * says whether the connection is TLS; without it Strict-Transport-Security is left out.
 */
export function headersForPath(rules: HeaderRules, pathname: string, { secure }: { secure: boolean }): Readonly<Record<string, string>> {
  let recent = mergedByRules.get(rules);
  if (!recent) {
    recent = new Map();
    mergedByRules.set(rules, recent);
  }
  const key = `${secure ? 's' : 'p'}${pathname}`;
  return recent.get(key) ?? remember(recent, key, Object.freeze(mergeRules(rules, pathname, secure)), CACHED_PATHS);
}

function mergeRules(rules: HeaderRules, pathname: string, secure: boolean): Record<string, string> {
  const path = safeDecode(pathname);
  const merged: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) merged[name.toLowerCase()] = value;
  }
  if (!secure) delete merged['strict-transport-security'];
  return merged;
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
