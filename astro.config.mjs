// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { noJsPageOf } from './src/domain/catalogue/no-js.ts';
import { canonicalForPrerenderedPath } from './src/domain/catalogue/view.ts';
import { catalogueRewrites } from './src/integrations/catalogue-rewrites.ts';
import { isIndexablePath } from './src/domain/indexing.ts';

const site = process.env.SITE_URL || 'http://localhost:8888';

export default defineConfig({
  site,
  output: 'static',
  // The local server (scripts/server.ts) builds into a fresh folder and swaps it in.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Pages are files (about.html), served at /about with no redirect by Netlify and the local
  // server, so the spec's URLs (/product/{slug}) are the canonical ones. As folders
  // (about/index.html), every internal link without a slash cost a 301 on Netlify.
  trailingSlash: 'never',
  // Four pages in flight: rendering one while others are written out. At 10,000 products the build
  // otherwise waited on file writes for about 15 s (measured with --cpu-prof).
  build: { format: 'file', concurrency: 4 },
  // sitemap-index.xml lists public content only: per-user, admin and not-found pages stay out.
  // Pre-rendered catalogue views (/products/category/x) are listed under their canonical URL.
  integrations: [
    react(),
    sitemap({
      // The catalogue's copies for readers without JavaScript are noindex: they stand for /products?search=… and the like.
      filter: (page) => isIndexablePath(page) && !noJsPageOf(new URL(page).pathname),
      serialize(item) {
        const canonical = canonicalForPrerenderedPath(new URL(item.url).pathname);
        return canonical ? { ...item, url: new URL(canonical, site).href } : item;
      },
    }),
    // /products?category=x serves the page built for x, for readers and crawlers without JavaScript.
    catalogueRewrites(),
  ],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
