/**
 * Netlify's custom 404s for sections: a `_redirects` line such as
 * `/blog/*  /blog/not-found/  404` serves that page, with status 404, for any
 * missing path under /blog/. The local server honours the same file, so a
 * section's not-found page behaves alike here and on Netlify.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NotFoundRule {
  /** The path prefix the rule covers (`/blog/` for `/blog/*`), or an exact path. */
  from: string;
  splat: boolean;
  /** The page to serve, as a site path. */
  to: string;
}

/** Parses the 404 rules of a `_redirects` file; other rules are Netlify's business only. */
export function parseNotFoundRules(text: string): NotFoundRule[] {
  const rules: NotFoundRule[] = [];
  for (const line of text.split('\n')) {
    const [from, to, status] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!from || !to || status !== '404') continue;
    const splat = from.endsWith('/*');
    rules.push({ from: splat ? from.slice(0, -1) : from, splat, to });
  }
  return rules;
}

export function findNotFoundPage(rules: readonly NotFoundRule[], pathname: string): string | undefined {
  const rule = rules.find((candidate) =>
    candidate.splat ? pathname.startsWith(candidate.from) || `${pathname}/` === candidate.from : pathname === candidate.from,
  );
  return rule?.to;
}

/** The rules of a build folder, read once per folder (a rebuild is a new folder). */
const cache = new Map<string, NotFoundRule[]>();
export function notFoundRulesFor(root: string): NotFoundRule[] {
  let rules = cache.get(root);
  if (!rules) {
    try {
      rules = parseNotFoundRules(readFileSync(join(root, '_redirects'), 'utf8'));
    } catch {
      rules = [];
    }
    cache.set(root, rules);
  }
  return rules;
}

/** The file inside root for a site path: `/blog/not-found` is `blog/not-found.html`, `/x/` is `x/index.html`. */
export function pageFile(root: string, sitePath: string): string {
  const clean = sitePath.replace(/^\/+/, '');
  if (clean.endsWith('.html')) return join(root, clean);
  if (clean === '' || clean.endsWith('/')) return join(root, clean, 'index.html');
  return join(root, `${clean}.html`);
}
