/**
 * Content collections loaded from the database at build time (ARCHITECTURE section 1).
 *
 * Astro runs every collection's `load()` on each `astro build` and `astro sync`; the data store it
 * keeps in node_modules/.astro only carries entries between runs. Each loader clears its collection
 * before writing, so a rebuild after a deletion does not keep the deleted entry. (Entry digests
 * would only let Astro skip re-parsing unchanged entries; parsing 10,000 products takes a fraction
 * of a second, so a full reload is simpler and cannot go stale.)
 *
 * Entries are keyed by slug (or by setting id), so pages call getEntry('products', slug).
 */
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { databaseCollections } from './server/publishing/database-collections.ts';

/**
 * `astro check` and `astro sync` only need the collections' types, which come from the schemas below.
 * They also run the loaders, so on a clean clone (no database yet) `npm run check` would fail;
 * for those commands alone an unreachable database leaves the collections empty, with a warning.
 */
function isTypesOnlyRun(): boolean {
  const command = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  return command === 'check' || command === 'sync';
}

/** A loader that replaces a whole collection with the rows one query returns. */
function databaseLoader<Row extends Record<string, unknown>>(name: string, list: () => Promise<Row[]>, idOf: (row: Row) => string): Loader {
  return {
    name: `repwell-database-${name}`,
    async load({ store, parseData, logger }) {
      const started = performance.now();
      let rows: Row[];
      try {
        // Query first: if the database fails, a build fails rather than publishing an emptied collection.
        rows = await list();
      } catch (error) {
        if (!isTypesOnlyRun()) throw error;
        logger.warn(`database unavailable, ${name} left empty for type generation: ${error instanceof Error ? error.message : String(error)}`);
        rows = [];
      }
      store.clear();
      for (const row of rows) {
        const id = idOf(row);
        store.set({ id, data: await parseData({ id, data: row }) });
      }
      logger.info(`${rows.length} ${name} loaded in ${Math.round(performance.now() - started)} ms`);
    },
  };
}

const fromDatabase = databaseCollections();
const products = defineCollection({ loader: databaseLoader('products', fromDatabase.products.list, fromDatabase.products.idOf), schema: fromDatabase.products.schema });
const categories = defineCollection({ loader: databaseLoader('categories', fromDatabase.categories.list, fromDatabase.categories.idOf), schema: fromDatabase.categories.schema });
const posts = defineCollection({ loader: databaseLoader('posts', fromDatabase.posts.list, fromDatabase.posts.idOf), schema: fromDatabase.posts.schema });
const authors = defineCollection({ loader: databaseLoader('authors', fromDatabase.authors.list, fromDatabase.authors.idOf), schema: fromDatabase.authors.schema });
const settings = defineCollection({ loader: databaseLoader('settings', fromDatabase.settings.list, fromDatabase.settings.idOf), schema: fromDatabase.settings.schema });

/** The four guides (spec section 2): editorial Markdown kept in git under content/guides/, keyed by file name. */
const guides = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/guides' }),
  schema: z.object({
    /** The short name the menus use; also the page's h1. */
    title: z.string().min(1),
    /** The meta description: at most 160 characters so search results do not cut it. */
    description: z.string().min(50).max(160),
    /** The opening paragraph under the title. */
    lead: z.string().min(1),
    /** Position among the guides. */
    order: z.number().int(),
    updated: z.coerce.date(),
  }),
});

export const collections = { products, categories, posts, settings, authors, guides };
