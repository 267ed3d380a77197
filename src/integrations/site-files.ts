/**
 * The integrations that write site files from the list of every page when Astro is done (the sitemap, the catalogue
 * rewrites and the old product addresses in _redirects), in the order they run. astro.config.mjs builds with them;
 * the kept renderer of partial builds (src/server/publishing/kept-render.ts) runs the same ones over every page
 * without loading the whole config (its Vite plugins alone took seconds to load).
 */
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { noJsPageOf } from '../domain/catalogue/no-js.ts';
import { canonicalForPrerenderedPath } from '../domain/catalogue/view.ts';
import { isIndexablePath } from '../domain/indexing.ts';
import { sitemapLastmod, type LastmodOf } from '../domain/publishing/sitemap-lastmod.ts';
import { listSitemapDates } from '../server/queries/sitemap-dates.ts';
import { catalogueRewrites } from './catalogue-rewrites.ts';
import { productRedirects } from './product-redirects.ts';
import { withWholeSitePages } from './render-only.ts';

/** The site's address: SITE_URL, or the local server's. */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  return env.SITE_URL || `http://localhost:${env.PORT || 8888}`;
}

export function siteFileIntegrations(site: string): AstroIntegration[] {
  // Read once per build, when the sitemap is written: every URL's lastmod comes from the data (sitemap-lastmod.ts).
  let lastmod: Promise<LastmodOf> | undefined;
  const lastmodOf = () => (lastmod ??= listSitemapDates().then(sitemapLastmod));
  return [
    // sitemap-index.xml lists public content only: per-user, admin and not-found pages stay out. Pre-rendered
    // catalogue views (/products/category/x) are listed under their canonical URL.
    withWholeSitePages(
      inSitemapOrder(
        sitemap({
          // The catalogue's copies for readers without JavaScript are noindex: they stand for /products?search=… and the like.
          filter: (page) => isIndexablePath(page) && !noJsPageOf(new URL(page).pathname),
          async serialize(item) {
            const canonical = canonicalForPrerenderedPath(new URL(item.url).pathname);
            const url = canonical ? new URL(canonical, site).href : item.url;
            const lastmod = (await lastmodOf())(new URL(url).pathname);
            return { ...item, url, ...(lastmod ? { lastmod } : {}) };
          },
        }),
      ),
    ),
    // /products?category=x serves the page built for x, for readers and crawlers without JavaScript.
    catalogueRewrites(),
    // /product/{old slug} answers 301 with the renamed product's page.
    productRedirects(),
  ];
}

/** The order the sitemap lists its URLs in: its own sort's, `a.localeCompare(b, 'en', { numeric: true })`. */
const sitemapCollator = new Intl.Collator('en', { numeric: true });

/**
 * Hands the sitemap its pages in the order it sorts them into. Its sort calls localeCompare with options, which makes a
 * collator for every comparison: 0.7 s of a partial build at 50,000 products. Already in order (one collator, here),
 * its sort compares each URL once. The pages share the site's address, so ordering their paths orders the URLs.
 */
export function inSitemapOrder(integration: AstroIntegration): AstroIntegration {
  const done = integration.hooks['astro:build:done'];
  if (!done) return integration;
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:build:done': (params) => done({ ...params, pages: inOrder(params.pages) }),
    },
  };
}

/** The pages sorted by path, each path made once (not at every comparison). */
function inOrder<Page extends { pathname: string }>(pages: readonly Page[]): Page[] {
  return pages
    .map((page) => ({ page, path: page.pathname.replace(/^\/+/, '') }))
    .sort((a, b) => sitemapCollator.compare(a.path, b.path))
    .map(({ page }) => page);
}
