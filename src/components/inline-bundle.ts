/**
 * One module of the project bundled, with what it imports, into a minified classic script for a page's <head>, once
 * per build. esbuild (Astro's own bundler dependency) bundles synchronously, so the text is ready when
 * astro.config.mjs hands it to inlineScriptHashes and when a page renders. The entry is found from the project root,
 * where every build runs (a path from import.meta.url would point into Astro's build output once this module is
 * bundled).
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

/** `entry` is a path from the project root; `statement` runs once the imported names are bound, e.g. `install();`. */
export function bundleInlineScript(entry: string, imports: string[], statement: string): string {
  const path = JSON.stringify(resolve(process.cwd(), entry));
  const result = buildSync({
    stdin: { contents: `import { ${imports.join(', ')} } from ${path};\n${statement}\n`, loader: 'ts', resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text.trim();
}
