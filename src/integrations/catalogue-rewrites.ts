/**
 * Serves the spec's catalogue URLs from their pre-rendered pages, so a reader or crawler without
 * JavaScript gets the right HTML: /products?category=fitness is the page built at
 * /products/category/fitness, /products?featured=true the one at /products/top-picks, and so on
 * (view.ts: prerenderedCataloguePath, canonicalForPrerenderedPath). A static host ignores the query
 * string, so after the build this appends one Netlify rewrite per such page to `_redirects`:
 *
 *   /products  category=fitness  featured=true  /products/top-picks/fitness.html  200!
 *
 * `200` keeps the address and answers 200; `!` applies it although /products has a file of its
 * own. Netlify takes the first rule that matches and a request may carry more parameters (sort,
 * search, rating…), so the rules with more conditions come first.
 *
 * One rule per page that exists, rather than `category=:category` placeholders: Netlify stops at
 * the first matching rule even when its target is missing and answers with the site's 404 page,
 * so a placeholder rule would turn /products?category=no-such-thing into a 404. With rules for
 * known pages only, an unknown category gets the default /products page with status 200, where
 * the catalogue shows its empty state, and the canonical link there points at /products.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { canonicalForPrerenderedPath } from '../domain/catalogue/view.ts';

/** Query values written into `_redirects` as they are: nothing to encode, no whitespace, no placeholder syntax. */
const PLAIN_VALUE = /^[A-Za-z0-9._~-]+$/;

export interface RewriteRule {
  /** The spec URL's path (/products). */
  from: string;
  /** Its query parameters, all required. */
  query: [string, string][];
  /** The pre-rendered page's file (pages are built as files: /products/category/fitness.html). */
  to: string;
}

/**
 * The rewrites for the pages a build produced (paths as Astro reports them, with or without
 * slashes), most specific first. Pages without a spec URL of their own are skipped, and so is a
 * page whose query value could not be written plainly (it keeps working through the island).
 */
export function catalogueRewriteRules(pagePaths: Iterable<string>): RewriteRule[] {
  const rules: RewriteRule[] = [];
  for (const pagePath of pagePaths) {
    const page = `/${pagePath.replace(/^\/+|\/+$/g, '')}`;
    const canonical = canonicalForPrerenderedPath(page);
    if (!canonical) continue;
    const url = new URL(canonical, 'http://site');
    const query = [...url.searchParams];
    if (query.length === 0 || !query.every(([key, value]) => PLAIN_VALUE.test(key) && PLAIN_VALUE.test(value))) continue;
    rules.push({ from: url.pathname, query, to: `${page}.html` });
  }
  return rules.sort((a, b) => b.query.length - a.query.length || a.to.localeCompare(b.to));
}

export function formatRewriteRule(rule: RewriteRule): string {
  return [rule.from, ...rule.query.map(([key, value]) => `${key}=${value}`), rule.to, '200!'].join('  ');
}

const HEADER = '# Written at build time by src/integrations/catalogue-rewrites.ts: one rule per catalogue view built, most specific first.';

/** Appends the catalogue rewrites to the build's `_redirects` (Astro has copied public/_redirects by then). */
export function catalogueRewrites(): AstroIntegration {
  return {
    name: 'repwell:catalogue-rewrites',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const file = fileURLToPath(new URL('_redirects', dir));
        const existing = await readFile(file, 'utf8').catch(() => '');
        const rules = catalogueRewriteRules(pages.map((page) => page.pathname));
        const block = [HEADER, ...rules.map(formatRewriteRule)].join('\n');
        await writeFile(file, `${existing.trimEnd()}\n\n${block}\n`.trimStart());
        logger.info(`${rules.length} catalogue rewrites written to _redirects`);
      },
    },
  };
}
