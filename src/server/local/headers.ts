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

/** The file in the repository that the build copies to dist/_headers. */
export const projectHeadersFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/_headers');

export type HeaderRules = readonly Header[];

/** Parsed files, keyed by path and modification time (build folders never change; public/_headers may). */
const cache = new Map<string, { mtimeMs: number; rules: Promise<HeaderRules> }>();
const CACHED_FILES = 8;

/** The header rules of a build folder, or the project's own file when there is no build (or it has none). */
export function headerRulesFor(root: string | undefined, logger?: Logger): Promise<HeaderRules> {
  const inBuild = root === undefined ? undefined : join(root, '_headers');
  const inBuildModified = inBuild === undefined ? undefined : modified(inBuild);
  // One stat a request when the build has its own file (this runs on every request).
  const file = inBuildModified !== undefined ? inBuild! : projectHeadersFile;
  const mtimeMs = inBuildModified ?? modified(file);
  if (mtimeMs === undefined) return Promise.resolve([]);
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.rules;
  const rules = parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false }).then(({ headers, errors }) => {
    for (const error of errors) logger?.warn(`_headers: ${error.message}`);
    return headers as Header[];
  });
  cache.set(file, { mtimeMs, rules });
  if (cache.size > CACHED_FILES) cache.delete(cache.keys().next().value!);
  return rules;
}

function modified(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The headers for a request path: all rules whose `for` matches, later ones winning. `secure`
 * says whether the connection is TLS; without it Strict-Transport-Security is left out.
 */
export function headersForPath(rules: HeaderRules, pathname: string, { secure }: { secure: boolean }): Record<string, string> {
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
