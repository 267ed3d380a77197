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
 *
 * A list's later pages get a rule each (`/products  category=fitness  page=2  …/page/2.html`); a
 * page past the end falls through to the view's first page, where the island shows the last one.
 *
 * Queries a static page cannot answer (search, filters, sort) are matched by parameter name with a
 * `:placeholder` value and rewritten to the view's copy that says so without JavaScript (no-js.ts):
 *
 *   /products  category=fitness  search=:search  /products/category/fitness/no-js/search.html  200!
 *
 * Netlify applies a rule only when every parameter it names is present, and the request may carry
 * more; the first matching rule wins. So rules naming more parameters come first, and among rules
 * naming as many: Top Picks (which ignores search and filters), then the no-JS copies (search
 * before filters before sort), then a list's later pages, then the views themselves.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { NO_JS_KINDS, NO_JS_PARAMS, noJsPageOf } from '../domain/catalogue/no-js.ts';
import { CATALOGUE_PATH } from '../domain/catalogue/query.ts';
import { canonicalForPrerenderedPath } from '../domain/catalogue/view.ts';
import { pagesOfWholeSite } from './render-only.ts';

/** Query values written into `_redirects` as they are: nothing to encode, no whitespace, no placeholder syntax. */
const PLAIN_VALUE = /^[A-Za-z0-9._~-]+$/;

export interface RewriteRule {
  /** The spec URL's path (/products). */
  from: string;
  /** Its query parameters, all required; a value `:name` is a placeholder that matches any value. */
  query: [string, string][];
  /** The pre-rendered page's file (pages are built as files: /products/category/fitness.html). */
  to: string;
}

/**
 * The rewrites for the pages a build produced (paths as Astro reports them, with or without
 * slashes), in the order Netlify must try them. Pages without a spec URL of their own are skipped,
 * and so is a page whose query value could not be written plainly (it keeps working through the
 * island).
 */
export function catalogueRewriteRules(pagePaths: Iterable<string>): RewriteRule[] {
  const rules: (RewriteRule & { rank: number })[] = [];
  for (const pagePath of pagePaths) {
    const page = `/${pagePath.replace(/^\/+|\/+$/g, '')}`;
    const to = `${page}.html`;
    const noJs = noJsPageOf(page);
    if (noJs) {
      if (noJs.category !== null && !PLAIN_VALUE.test(noJs.category)) continue;
      const scope: [string, string][] = noJs.category ? [['category', noJs.category]] : [];
      const rank = 1 + NO_JS_KINDS.indexOf(noJs.kind) / 10;
      for (const param of NO_JS_PARAMS[noJs.kind]) rules.push({ from: CATALOGUE_PATH, query: [...scope, [param, `:${placeholderName(param)}`]], to, rank });
      continue;
    }
    const canonical = canonicalForPrerenderedPath(page);
    if (!canonical) continue;
    const url = new URL(canonical, 'http://site');
    const query = [...url.searchParams];
    if (query.length === 0 || !query.every(([key, value]) => PLAIN_VALUE.test(key) && PLAIN_VALUE.test(value))) continue;
    const rank = url.searchParams.has('featured') ? 0 : url.searchParams.has('page') ? 2 : 3;
    rules.push({ from: url.pathname, query, to, rank });
  }
  return rules
    .sort((a, b) => b.query.length - a.query.length || a.rank - b.rank || a.to.localeCompare(b.to) || a.query.join().localeCompare(b.query.join()))
    .map(({ rank: _rank, ...rule }) => rule);
}

/** Netlify placeholders are `:word`: min_price becomes :min_price, which is already one. */
function placeholderName(param: string): string {
  return param.replace(/[^A-Za-z0-9_]/g, '_');
}

export function formatRewriteRule(rule: RewriteRule): string {
  return [rule.from, ...rule.query.map(([key, value]) => `${key}=${value}`), rule.to, '200!'].join('  ');
}

const HEADER = '# Written at build time by src/integrations/catalogue-rewrites.ts: catalogue views, their later pages and their no-JavaScript copies, most specific first.';

/** Appends the catalogue rewrites to the build's `_redirects` (Astro has copied public/_redirects by then). */
export function catalogueRewrites(): AstroIntegration {
  return {
    name: 'repwell:catalogue-rewrites',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const file = fileURLToPath(new URL('_redirects', dir));
        const existing = await readFile(file, 'utf8').catch(() => '');
        // A partial build renders a few pages; the rules are for every page the site has.
        const rules = catalogueRewriteRules((pagesOfWholeSite() ?? pages).map((page) => page.pathname));
        const block = [HEADER, ...rules.map(formatRewriteRule)].join('\n');
        await writeFile(file, `${existing.trimEnd()}\n\n${block}\n`.trimStart());
        logger.info(`${rules.length} catalogue rewrites written to _redirects`);
      },
    },
  };
}
