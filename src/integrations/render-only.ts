/**
 * Partial builds (src/server/publishing/partial-build.ts): Astro renders only the pages an edit touches, and every
 * integration that lists the site's pages (the sitemap, the catalogue rewrites) still sees every page the full build
 * would make.
 *
 * Through Astro's prerenderer hook (`setPrerenderer` in astro:build:start, the adapter API): the default prerenderer
 * is kept, and its list of static paths is recorded whole (the page list the partial build merges with) and, when
 * REPWELL_RENDER_ONLY names a plan, cut to the pages the plan renders.
 *
 *   REPWELL_PAGE_LIST=<file>     write every page's pathname there (full and partial builds)
 *   REPWELL_RENDER_ONLY=<file>   a RenderSelection (JSON): render only those pages
 *   REPWELL_PAGE_INPUTS=<file>   write the input digests the rendered pages declared there (page-inputs.ts)
 *   REPWELL_KEEP_RENDERER=<dir>  keep the build's renderer there (src/integrations/kept-renderer.ts), named by
 *                                REPWELL_KEEP_RENDERER_ID
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { declaredPageInputs } from '../server/publishing/page-inputs.ts';
import { prerenderBundleDir, watchRenderer } from './kept-renderer.ts';
import type { AstroIntegration } from 'astro';

/** What a partial build renders: these product pages, and every other page or none; or every page. */
export interface RenderSelection {
  products: string[];
  everyOtherPage: boolean;
  everyPage?: boolean;
}

/** The route of the product pages, the only pages a partial build picks one by one. */
export const PRODUCT_PAGE_COMPONENT = 'src/pages/product/[slug].astro';
const PRODUCT_PATH = /^\/product\/([^/]+)$/;

let everyPage: string[] | undefined;

/** Every page of the site as Astro names them in astro:build:done (no leading slash), during a partial build. */
export function pagesOfWholeSite(): { pathname: string }[] | undefined {
  return everyPage?.map((pathname) => ({ pathname: pathname.replace(/^\//, '') }));
}

export function selects(selection: RenderSelection, pathname: string, component: string): boolean {
  if (selection.everyPage === true) return true;
  if (component !== PRODUCT_PAGE_COMPONENT) return selection.everyOtherPage;
  const slug = PRODUCT_PATH.exec(pathname)?.[1];
  return slug !== undefined && selection.products.includes(decodeURIComponent(slug));
}

export function renderOnly(): AstroIntegration {
  let outDir: string | undefined;
  return {
    name: 'repwell:render-only',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': () => {
        const inputsFile = process.env.REPWELL_PAGE_INPUTS;
        if (inputsFile) writeFileSync(inputsFile, JSON.stringify(declaredPageInputs()));
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const listFile = process.env.REPWELL_PAGE_LIST;
        const selectionFile = process.env.REPWELL_RENDER_ONLY;
        const keepRendererIn = process.env.REPWELL_KEEP_RENDERER;
        if (!listFile && !selectionFile && !keepRendererIn) return;
        // Astro deletes its pre-render bundle when it is done, but not one a stopped build left: the renderer kept
        // must be this build's bundle alone.
        if (keepRendererIn && outDir) rmSync(prerenderBundleDir(outDir), { recursive: true, force: true });
        const selection = selectionFile ? (JSON.parse(readFileSync(selectionFile, 'utf8')) as RenderSelection) : undefined;
        const products = selection ? { ...selection, products: selection.products } : undefined;
        setPrerenderer((base) => ({
          ...base,
          name: 'repwell:render-only',
          async setup() {
            const keep = keepRendererIn && outDir ? await watchRenderer(outDir, keepRendererIn, process.env.REPWELL_KEEP_RENDERER_ID ?? '') : undefined;
            await base.setup?.();
            await keep?.();
          },
          async getStaticPaths() {
            const all = await base.getStaticPaths();
            const pathnames = all.map(({ pathname }) => pathname);
            if (listFile) writeFileSync(listFile, JSON.stringify(pathnames));
            if (!products) return all;
            // As astro:build:done lists them: pages, not endpoints (data files, feeds).
            everyPage = all.filter(({ route }) => route.type === 'page').map(({ pathname }) => pathname);
            return all.filter(({ pathname, route }) => selects(products, pathname, route.component));
          },
        }));
      },
    },
  };
}

/** An integration whose astro:build:done reads `pages` (the sitemap) given every page during a partial build. */
export function withWholeSitePages(integration: AstroIntegration): AstroIntegration {
  const done = integration.hooks['astro:build:done'];
  if (!done) return integration;
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:build:done': (params) => done({ ...params, pages: pagesOfWholeSite() ?? params.pages }),
    },
  };
}
