// drizzle-orm bundled into each function before Netlify's bundler runs (ARCHITECTURE section 13).
//
// For a v2 function, Netlify's bundler (zip-it-and-ship-it) joins only the function's own code into one file and
// copies the packages it imports as they are, so on Lambda Node loads and resolves each of their files at every cold
// start. For an ES module inside a package, Node looks up the package's package.json to tell the module's format, and
// its reader parses the package's whole `exports` map again at each lookup (lib/internal/modules/package_json_reader.js:
// the lazy `exports` getter runs when the config is spread, in Node 24.21 and 26.10 alike). drizzle-orm's map is 130 KB
// and a function loads about 110 of its modules: measured, a function's module took 520 to 720 ms to load in a fresh
// process with Lambda's options, two thirds of it in that reader.
//
// So the plugin (index.js) bundles every function of its `source` with esbuild into [functions] directory
// (FUNCTIONS_SRC), which netlify.toml points at the build's output: the function's own code and drizzle-orm in one
// file, every other import left as it was. Netlify's bundler then reads each file's config export as before and traces
// the other packages as before. Only drizzle-orm: every other package a function imports has an `exports` map under
// 3 KB, and bundling them all made Netlify's tracer analyse 72 files of 1 to 3 MB (50 s of bundling a deploy against
// 36 s) for cold starts only about 20 ms shorter. tests/unit/functions-bundle-plugin.test.ts holds functionEntries to
// the local server's list of functions (findFunctionFiles), which runs the sources themselves. Kept apart from
// index.js, which may export nothing but the plugin's event handlers.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { build } from 'esbuild';

/** The packages bundled into each function; Netlify's bundler traces the others. */
export const BUNDLED_PACKAGES = ['drizzle-orm'];

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Leaves every bare import (packages, and Node's own modules) but the bundled packages' as an import. */
const leaveOtherPackages = {
  name: 'leave-other-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.includes(packageName(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

const EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/** The function files of a folder as Netlify names them: a file, or a folder with an index (or same-named) file. */
export function functionEntries(source) {
  const entries = {};
  for (const entry of readdirSync(source).sort()) {
    const path = join(source, entry);
    if (statSync(path).isFile()) {
      if (EXTENSIONS.includes(extname(entry)) && !entry.endsWith('.d.ts')) entries[basename(entry, extname(entry))] = path;
      continue;
    }
    const main = EXTENSIONS.flatMap((ext) => [join(path, `${entry}${ext}`), join(path, `index${ext}`)]).find((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
    if (main) entries[entry] = main;
  }
  return entries;
}

/** Bundles every function of `source`, with the bundled packages, into `destination` (emptied first) as `{name}.mjs`. */
export async function bundleFunctionSources({ source, destination }) {
  const started = performance.now();
  const entryPoints = functionEntries(source);
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  if (Object.keys(entryPoints).length === 0) return { functions: 0, ms: performance.now() - started };
  await build({
    entryPoints,
    outdir: destination,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    plugins: [leaveOtherPackages],
    // Readable stack traces in the function logs: the names and lines stay as written.
    minify: false,
    logLevel: 'warning',
  });
  return { functions: Object.keys(entryPoints).length, ms: performance.now() - started };
}
