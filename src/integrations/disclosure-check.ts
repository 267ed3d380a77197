/**
 * The affiliate disclosure check of every page, run while Astro renders them (src/server/disclosure/render-check.ts,
 * fed by src/middleware.ts): started when the build starts, collected when it is done. A violation fails the build
 * with a message naming each page and link.
 */
import { availableParallelism } from 'node:os';
import type { AstroIntegration } from 'astro';
import { disclosureFailureMessage } from '../server/disclosure/site-check.ts';
import { finishRenderCheck, startRenderCheck } from '../server/disclosure/render-check.ts';

export function disclosureCheck(): AstroIntegration {
  let root: URL | undefined;
  let siteOrigin: string | undefined;
  return {
    name: 'repwell:disclosure-check',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
        siteOrigin = config.site ? new URL(config.site).origin : undefined;
      },
      'astro:build:start': () => {
        // Astro renders on one thread: the other cores check (one at least, at most two).
        const threads = Math.max(1, Math.min(2, availableParallelism() - 1));
        startRenderCheck(new URL('src/server/disclosure/render-check-worker.ts', root), threads, siteOrigin);
      },
      'astro:build:done': async ({ logger }) => {
        const result = await finishRenderCheck();
        if (!result) return;
        logger.info(`disclosure check: ${result.pages} pages, ${result.affiliateLinks} affiliate links (waited ${result.waitMs} ms after the last page)`);
        if (result.violations.length > 0) throw new Error(disclosureFailureMessage(result.violations));
      },
    },
  };
}
