// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { inlineScriptHashes } from './src/integrations/inline-script-hashes.ts';
import { disclosureCheck } from './src/integrations/disclosure-check.ts';
import { headScript } from './src/integrations/head-script.ts';
import { adminIsolation } from './src/integrations/admin-isolation.ts';
import { INTERACTION_DIRECTIVE, interactionDirective } from './src/integrations/interaction-directive.ts';
import { earlyClicksScript } from './src/components/early-clicks-script.ts';
import { clickTrackingScript } from './src/components/click-tracking-script.ts';
import { priceAgeScript } from './src/components/price-age/price-age-script.ts';
import { chunkRecoveryScript } from './src/components/chunk-recovery-script.ts';
import { backLinkScript } from './src/components/product/back-link-script.ts';
import { accountBarFillScript, cookieBannerRevealScript, signInMarkScript } from './src/components/before-paint-scripts.ts';
import { renderOnly } from './src/integrations/render-only.ts';
import { siteFileIntegrations, siteUrl } from './src/integrations/site-files.ts';

const site = siteUrl();

/**
 * An entry's file name: a component script's module id (Page.astro_astro_type_script_index_0_lang) without Astro's
 * suffix (a component's second script keeps its number: Page-1).
 * @param {string} name
 */
function scriptFileName(name) {
  return name
    .replace(/\.astro_astro_type_script_index_0_lang$/, '')
    .replace(/\.astro_astro_type_script_index_(\d+)_lang$/, '-$1')
    .replace(/[^\w.-]/g, '_');
}

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
  integrations: [
    // Partial builds render only the pages an edit touches (src/server/publishing/partial-build.ts).
    renderOnly(),
    react(),
    // client:interaction: islands hydrated on first interaction, so a page loads React only when it is needed.
    interactionDirective(),
    // The sitemap, the catalogue rewrites and renamed products' old addresses, from every page (site-files.ts).
    ...siteFileIntegrations(site),
    // Content-Security-Policy in a <meta> first in every page's head (ContentSecurityPolicy.astro), decided here once:
    // scripts from this site's own files ('self') and the hash of every inline script the site writes (the project's
    // is:inline scripts, the scripts below written out at build time, Astro's island loader), so no 'unsafe-inline'
    // for scripts. Styles keep 'unsafe-inline': the pages carry style attributes (React style props, Shiki code
    // blocks, toasts), which hashes cannot allow. Astro's own security.csp is off: it hashed scripts again for every
    // page. See public/_headers for the header that goes with it.
    inlineScriptHashes({
      directives: [
        "default-src 'self'",
        // Product and hero images may be any https address an admin pastes or imports.
        "img-src 'self' data: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptSources: ["'self'"],
      styleSources: ["'self'", "'unsafe-inline'"],
      // By name: the components that write them import these very texts (virtual:repwell/trusted-scripts).
      trustedScripts: { chunkRecoveryScript, accountBarFillScript, cookieBannerRevealScript },
      clientDirectives: [INTERACTION_DIRECTIVE],
    }),
    // The sign-in mark, chunk-recovery, early-click, click-tracking, price-age and Back link scripts, in every public
    // page's <head>, as one cached file (EarlyClicks.astro).
    headScript([signInMarkScript, chunkRecoveryScript, earlyClicksScript, clickTrackingScript, priceAgeScript, backLinkScript]),
    // Every page's affiliate links are checked for disclosure while the build renders it; a violation fails the build.
    disclosureCheck(),
  ],
  vite: {
    // adminIsolation: the admin app never changes how the public pages' JavaScript is split (see the module).
    plugins: [tailwindcss(), adminIsolation()],
    // Schemas in the browser parse without eval, which the CSP refuses (see the module).
    resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)) }] },
    // A component's <script> is always its own file (under script-src 'self'), never inlined into the page: the
    // policy is decided at config time (inline-script-hashes.ts), before Vite has bundled any script.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    // A component's script file is named after its component alone (MegaMenu.<hash>.js), not Astro's module id
    // (MegaMenu.astro_astro_type_script_index_0_lang.<hash>.js): every page names several of them, and a product page's
    // HTML is at most 30 KB (ARCHITECTURE section 9).
    environments: { client: { build: { rolldownOptions: { output: { entryFileNames: (chunk) => `_astro/${scriptFileName(chunk.name)}.[hash].js` } } } } },
  },
  devToolbar: { enabled: false },
});
