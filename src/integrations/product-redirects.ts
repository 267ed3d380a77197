/**
 * Appends a 301 for every renamed product's old address to the build's `_redirects` (src/domain/product-redirects.ts).
 * Without `!`, so a page at the address (another product that took the slug) is served instead, on Netlify and by the
 * local server alike. A partial build still writes every rule: it lists the whole site's pages (render-only.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { productRedirectRules } from '../domain/product-redirects.ts';
import { listProductRedirectsForBuild } from '../server/queries/product-redirects.ts';
import { pagesOfWholeSite } from './render-only.ts';

const HEADER = "# Written at build time by src/integrations/product-redirects.ts: renamed products' old addresses.";

export function productRedirects(): AstroIntegration {
  return {
    name: 'repwell:product-redirects',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const paths = new Set((pagesOfWholeSite() ?? pages).map((page) => `/${page.pathname.replace(/^\/+|\/+$/g, '')}`));
        const rules = productRedirectRules(await listProductRedirectsForBuild(), paths);
        if (rules.length === 0) return;
        const file = fileURLToPath(new URL('_redirects', dir));
        const existing = await readFile(file, 'utf8').catch(() => '');
        await writeFile(file, `${existing.trimEnd()}\n\n${[HEADER, ...rules].join('\n')}\n`.trimStart());
        logger.info(`${rules.length} product redirects written to _redirects`);
      },
    },
  };
}
