/**
 * The head's early scripts as one small file (/_head/early.{hash}.js) instead of inline in every page: the early-click
 * and click-tracking scripts weighed 11 KB of each page's HTML (ARCHITECTURE section 9: a product page at most 30 KB
 * outside the header), written 10,000 times a build and downloaded with every page.
 *
 * The page loads it with a classic <script src> first in <head> (EarlyClicks.astro), which the parser runs before it
 * reads any further, so the listeners are still in place before any control or buy link is on the page. The name
 * carries the content's hash, so it is cached for good (public/_headers), and it stays out of /_astro/, whose
 * scripts an e2e spec holds back to test clicks made before the islands load.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const VIRTUAL_ID = 'virtual:repwell/head-script';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The file's site path for the given scripts (in order, each run as written). */
export function headScriptFile(scripts: readonly string[]): { path: string; text: string } {
  const text = scripts.map((script) => script.trim()).join('\n');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  return { path: `/_head/early.${hash}.js`, text };
}

export function headScript(scripts: readonly string[]): AstroIntegration {
  const file = headScriptFile(scripts);
  return {
    name: 'repwell:head-script',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'repwell:head-script',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: (id: string) => (id === RESOLVED_ID ? `export const headScriptPath = ${JSON.stringify(file.path)};` : undefined),
                // The dev server serves it as the build writes it.
                configureServer(server) {
                  server.middlewares.use((request, response, next) => {
                    if (request.url !== file.path) return next();
                    response.setHeader('content-type', 'text/javascript; charset=utf-8');
                    response.end(file.text);
                  });
                },
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir }) => {
        const target = new URL(`.${file.path}`, dir);
        mkdirSync(new URL('./', target), { recursive: true });
        writeFileSync(fileURLToPath(target), file.text);
      },
    },
  };
}
