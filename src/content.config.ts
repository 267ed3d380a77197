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
import { listCategoriesForBuild } from './server/queries/categories.ts';
import { listPublishedPostsForBuild } from './server/queries/posts.ts';
import { defaultViewCounts } from './domain/catalogue/counts.ts';
import { listProductsForBuild, type ProductRecord } from './server/queries/products.ts';
import { listSettingsForBuild } from './server/queries/settings.ts';

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

const jsonObject = z.record(z.string(), z.unknown());

/**
 * The products collection and the categories' counts read the same rows. Astro runs the loaders
 * side by side, so a read still in flight is shared; once it settles the next sync reads afresh.
 */
let productsInFlight: Promise<ProductRecord[]> | undefined;
function readProducts(): Promise<ProductRecord[]> {
  if (!productsInFlight) {
    const read = listProductsForBuild();
    productsInFlight = read;
    const forget = () => {
      if (productsInFlight === read) productsInFlight = undefined;
    };
    read.then(forget, forget);
  }
  return productsInFlight;
}

/**
 * Categories with the count a shopper sees after following a category link with the default
 * filters (src/domain/catalogue/counts.ts: listed and in stock), for the home grid, the header's
 * drawer and the catalogue alike.
 */
async function listCategoriesWithCounts() {
  const [categories, products] = await Promise.all([listCategoriesForBuild(), readProducts()]);
  const counts = defaultViewCounts(products);
  return categories.map((category) => ({ ...category, productCount: counts.byCategory.get(category.slug) ?? 0 }));
}

const products = defineCollection({
  loader: databaseLoader('products', readProducts, (row) => row.slug),
  schema: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** Sanitized HTML. */
    description: z.string(),
    price: z.number(),
    salePrice: z.number().nullable(),
    imageUrl: z.string().nullable(),
    rating: z.number().nullable(),
    availability: z.boolean(),
    inStock: z.boolean(),
    affiliateUrl: z.string(),
    affiliateSource: z.string(),
    attributes: jsonObject,
    specifications: jsonObject,
    category: z.object({ name: z.string(), slug: z.string() }).nullable(),
    createdAt: z.date(),
    priceCheckedAt: z.date().nullable(),
  }),
});

const categories = defineCollection({
  loader: databaseLoader('categories', listCategoriesWithCounts, (row) => row.slug),
  schema: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    showInNavigation: z.boolean(),
    navigationOrder: z.number().int().nullable(),
    productCount: z.number().int().nonnegative(),
  }),
});

const posts = defineCollection({
  loader: databaseLoader('posts', () => listPublishedPostsForBuild(), (row) => row.slug),
  schema: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    /** Sanitized HTML. */
    content: z.string(),
    imageUrl: z.string().nullable(),
    category: z.string().nullable(),
    publishedAt: z.date(),
  }),
});

const settings = defineCollection({
  loader: databaseLoader('settings', () => listSettingsForBuild(), (row) => row.id),
  // Free-form JSON per setting; each is interpreted by its own domain rule (src/domain/hero.ts).
  schema: z.object({ id: z.string(), value: z.unknown() }),
});

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

export const collections = { products, categories, posts, settings, guides };
