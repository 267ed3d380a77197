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
import { catalogueRewrites } from './catalogue-rewrites.ts';
import { productRedirects } from './product-redirects.ts';
import { withWholeSitePages } from './render-only.ts';

/** The site's address: SITE_URL, or the local server's. */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  return env.SITE_URL || `http://localhost:${env.PORT || 8888}`;
}

export function siteFileIntegrations(site: string): AstroIntegration[] {
  return [
    // sitemap-index.xml lists public content only: per-user, admin and not-found pages stay out. Pre-rendered
    // catalogue views (/products/category/x) are listed under their canonical URL.
    withWholeSitePages(
      sitemap({
        // The catalogue's copies for readers without JavaScript are noindex: they stand for /products?search=… and the like.
        filter: (page) => isIndexablePath(page) && !noJsPageOf(new URL(page).pathname),
        serialize(item) {
          const canonical = canonicalForPrerenderedPath(new URL(item.url).pathname);
          return canonical ? { ...item, url: new URL(canonical, site).href } : item;
        },
      }),
    ),
    // /products?category=x serves the page built for x, for readers and crawlers without JavaScript.
    catalogueRewrites(),
    // /product/{old slug} answers 301 with the renamed product's page.
    productRedirects(),
  ];
}
