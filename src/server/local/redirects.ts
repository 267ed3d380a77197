/**
 * The build's `_redirects` file, matched by Netlify's own engine: `@netlify/redirects` (the
 * TypeScript redirect handler of Netlify's dev tooling) runs `netlify-redirector`, Netlify's rule
 * matcher compiled to WebAssembly, over the rules `@netlify/redirect-parser` reads. Both work
 * offline, without a Netlify account. So rule order, `!` (force), query conditions (literal values
 * and `:placeholders`, extra parameters allowed, the last of repeated parameters counting),
 * splats, placeholders and trailing slashes behave here as they do on Netlify.
 *
 * What stays ours, because the packages do not reach it (their `handle()` serves no status of its
 * own and proxies with fetch):
 * - turning a match into an answer: status 200/404 rewrites serve the target's file with the
 *   rule's status (static-files.ts), 3xx rules answer with a Location, a rule that applies to a
 *   path that has a file only when forced (shadowing);
 * - a filled-in target whose path has `.` or `..` segments (`/shelf?item=..`) is refused rather
 *   than resolved: a captured value must not move the target to another page;
 * - `@netlify/redirects` throws on a forced 404 (Role conditions without Netlify Identity) and on
 *   a path that is not valid percent-encoding: both answer the site's 404 here;
 * - proxies to another host and Role/signed rules are reported at start-up and not performed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { RedirectsHandler } from '@netlify/redirects';
import type { Logger } from './logger.ts';
import { remember } from './remember.ts';

/** What a matching rule asks for. `force`: it applies even when the requested path has a file of its own. */
export type RedirectMatch =
  /** Serve the file at `path` (site-relative, percent-encoded) with `status`, keeping the address. */
  | { kind: 'rewrite'; status: number; force: boolean; path: string }
  /** Send the browser to `location` (a site path, or an absolute URL for another host). */
  | { kind: 'redirect'; status: number; force: boolean; location: string }
  /** The site's 404 page: a forced 404, or a rule whose target cannot be used. */
  | { kind: 'not-found'; force: boolean; reason: string }
  /** A proxy to another host, which only Netlify performs. */
  | { kind: 'proxy'; force: boolean; target: string };

export interface RedirectRequest {
  /** The request's path, percent-encoded as it arrived (`URL.pathname`). */
  pathname: string;
  /** The request's query string, with or without `?`. */
  search: string;
  /** Headers the engine reads for Language and Country conditions (accept-language, cookie). */
  headers?: HeadersInit;
}

export interface SiteRedirects {
  /** The build folder the rules belong to. */
  root: string;
  /** The first rule that matches the request, as Netlify's engine finds it. */
  match(request: RedirectRequest): Promise<RedirectMatch | undefined>;
}

/** Requests are matched on a fixed origin: rules here are site-relative, and the Host header is the client's to choose. */
const ORIGIN = 'http://site.invalid';

export function createSiteRedirects(root: string, logger?: Logger): SiteRedirects {
  const handler = new RedirectsHandler({
    projectDir: root,
    publicDir: root,
    configRedirects: [],
    // No Netlify Identity locally: Role rules never match a signed-in role.
    jwtSecret: '',
    jwtRoleClaim: 'app_metadata.authorization.roles',
  });
  if (logger) void reportLocalLimits(root, logger);

  return {
    root,
    async match({ pathname, search, headers }) {
      const query = search && !search.startsWith('?') ? `?${search}` : search;
      let found: Awaited<ReturnType<RedirectsHandler['match']>>;
      try {
        found = await handler.match(new Request(`${ORIGIN}${pathname}${query}`, { headers }));
      } catch (error) {
        // A forced 404 makes the package build `new URL('')`; a malformed path fails its decodeURIComponent.
        return { kind: 'not-found', force: true, reason: error instanceof Error ? error.message : String(error) };
      }
      if (!found) return undefined;
      if (found.error) logger?.warn(`_redirects: ${found.error.message}`);
      const { force, statusCode: status } = found;
      if (found.external) {
        return found.redirect ? { kind: 'redirect', status, force, location: found.target.href } : { kind: 'proxy', force, target: found.target.href };
      }
      if (found.redirect) {
        // Same site: a path, never a host name; `//x` would be one.
        const location = `${found.target.pathname.replace(/^\/{2,}/, '/')}${found.target.search}`;
        return { kind: 'redirect', status, force, location };
      }
      // The filled-in target as the engine wrote it, before URL parsing resolves `..` away.
      const path = found.targetRelative.split(/[?#]/)[0]!;
      if (hasDotSegment(path)) return { kind: 'not-found', force, reason: `target ${path} has a dot segment` };
      return { kind: 'rewrite', status, force, path };
    },
  };
}

function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return decoded === '.' || decoded === '..';
  });
}

/** Syntax errors and the rules only Netlify performs, said once per build folder. */
async function reportLocalLimits(root: string, logger: Logger): Promise<void> {
  const file = join(root, '_redirects');
  if (!existsSync(file)) return;
  const { redirects, errors } = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: true });
  for (const error of errors) logger.warn(`_redirects: ${error instanceof Error ? error.message : String(error)}`);
  for (const rule of redirects as { from: string; to?: string; status?: number; conditions?: Record<string, unknown>; signed?: string }[]) {
    const proxy = /^https?:\/\//i.test(rule.to ?? '') && (rule.status ?? 301) === 200;
    const role = rule.conditions && 'Role' in rule.conditions;
    const reason = proxy ? 'a proxy to another host' : role ? 'a Role condition (Netlify Identity)' : rule.signed ? 'a signed proxy' : undefined;
    if (reason) logger.warn(`_redirects rule ${rule.from} → ${rule.to ?? ''} is Netlify's only (${reason})`);
  }
}

/** The rules of a build folder, read once per folder (a rebuild is a new folder); a few recent folders are kept. */
const cache = new Map<string, SiteRedirects>();
const CACHED_FOLDERS = 8;

export function redirectsFor(root: string, logger?: Logger): SiteRedirects {
  const cached = cache.get(root);
  if (cached) return cached;
  return remember(cache, root, createSiteRedirects(root, logger), CACHED_FOLDERS);
}
