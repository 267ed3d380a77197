/**
 * Loaded with `node --import` into the processes that build and serve the site (package.json's build and start, and
 * every worker builder.ts starts): resolves drizzle-orm's own relative imports without asking Node what format each
 * file has. Node's ES module loader answers that from the package's package.json, whose whole `exports` map its reader
 * parses again at every lookup (lib/internal/modules/package_json_reader.js: the lazy getter runs when the config is
 * spread; Node 24.21 and 26.10 alike). drizzle-orm's map is 130 KB and a process loads about 110 of its modules, so
 * importing it took 520 to 700 ms against 110 to 135 ms with this hook, in every build process and rebuild worker.
 * The deployed functions have drizzle-orm bundled instead (netlify/plugins/functions-bundle).
 *
 * Only relative imports of `.js` files from inside drizzle-orm, which is a `"type": "module"` package: they are its ES
 * modules, and their URL is the specifier against the importer's. Everything else resolves as Node resolves it.
 */
import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.includes(DRIZZLE) && (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
