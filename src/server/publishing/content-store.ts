/**
 * The content store inside a kept renderer (src/integrations/kept-renderer.ts). Astro bundles its store as one
 * module (`chunks/_astro_data-layer-content_*.mjs`: the whole store serialized with devalue, 30 MB at 10,000
 * products). Parsing it, replacing the database's collections and writing it again cost a partial build seconds, so
 * when the renderer is kept the module is replaced by one that exports the store the kept renderer puts on
 * globalThis before it loads the bundle: made in memory from the database, with the collections read from files
 * (the guides) kept from the build, which only a full build changes.
 *
 * Astro's runtime takes a Map as the store as it is (ImmutableDataStore.fromModule), in the order it is in: Astro
 * writes it sorted, collections by name and entries by key (sortCollections in astro/dist/content/data-store-writer.js),
 * which is the order getCollection() lists entries in; the store made here is sorted the same way.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as devalue from 'devalue';

/** The collections src/content.config.ts loads from the database (database-collections.ts); the others are files. */
export const DATABASE_COLLECTION_NAMES = ['authors', 'categories', 'posts', 'products', 'settings'];

const FILE_COLLECTIONS = 'file-collections.devalue';
const STORE_KEY = 'repwell.content-store';

type Store = Map<string, Map<string, unknown>>;

/**
 * At keep time: saves the collections read from files beside the bundle and replaces the store's module with one
 * that reads the store provided at render time.
 */
export async function detachContentStore(keptDir: string): Promise<void> {
  const path = storeModule(keptDir);
  const bundled = (await import(pathToFileURL(path).href)) as { default: unknown };
  const store = (Array.isArray(bundled.default) ? devalue.unflatten(bundled.default) : bundled.default) as Store;
  if (!(store instanceof Map)) throw new Error('the bundled content store has an unknown shape');
  const fromFiles = new Map([...store].filter(([name]) => !DATABASE_COLLECTION_NAMES.includes(name)));
  writeFileSync(join(keptDir, FILE_COLLECTIONS), devalue.stringify(fromFiles));
  writeFileSync(
    path,
    [
      '// The kept renderer provides the store (src/server/publishing/content-store.ts).',
      `const store = globalThis[Symbol.for(${JSON.stringify(STORE_KEY)})];`,
      "if (!(store instanceof Map)) throw new Error('No content store was provided to the kept renderer');",
      'export default store;',
      '',
    ].join('\n'),
  );
}

/** At render time, before the bundle loads: the database's collections now with the kept file collections. */
export function provideContentStore(keptDir: string, databaseCollections: Map<string, Map<string, unknown>>): void {
  const fromFiles = devalue.parse(readFileSync(join(keptDir, FILE_COLLECTIONS), 'utf8')) as Store;
  const collections = [...fromFiles, ...databaseCollections].sort(([a], [b]) => a.localeCompare(b));
  const store: Store = new Map(collections.map(([name, entries]) => [name, new Map([...entries].sort(([a], [b]) => a.localeCompare(b)))]));
  (globalThis as Record<symbol, unknown>)[Symbol.for(STORE_KEY)] = store;
}

function storeModule(keptDir: string): string {
  const chunks = join(keptDir, 'chunks');
  const chunk = readdirSync(chunks).find((file) => file.startsWith('_astro_data-layer-content_'));
  if (!chunk) throw new Error('the kept renderer has no content store module');
  return join(chunks, chunk);
}
