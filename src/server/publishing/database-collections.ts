/**
 * The content collections read from the database (ARCHITECTURE section 1): for each, the query that lists its rows,
 * the key of an entry and the schema Astro parses it with. Astro's loaders (src/content.config.ts) and the kept
 * renderer of partial builds (kept-render.ts) both make the collections from here, so a page rendered either way
 * reads the same entries.
 */
import { z } from 'astro/zod';
import type { Database } from '../../../db/client.ts';
import { defaultViewCounts } from '../../domain/catalogue/counts.ts';
import { listAuthorsForBuild } from '../queries/authors.ts';
import { listCategoriesForBuild } from '../queries/categories.ts';
import { listPublishedPostsForBuild } from '../queries/posts.ts';
import { listProductsForBuild, type ProductRecord } from '../queries/products.ts';
import { listSettingsForBuild } from '../queries/settings.ts';

const jsonObject = z.record(z.string(), z.unknown());

export const productSchema = z.object({
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
  /** The site's editorial review (src/domain/editorial/review.ts), already checked by its rules. */
  review: z
    .object({
      verdict: z.string(),
      pros: z.array(z.string()),
      cons: z.array(z.string()),
      bestFor: z.string(),
      skipIf: z.string(),
      score: z.number().nullable(),
      award: z.string(),
      reviewerId: z.number().int().nullable(),
      testedOn: z.string().nullable(),
      updatedOn: z.string().nullable(),
    })
    .nullable(),
  reviewer: z.object({ name: z.string(), slug: z.string() }).nullable(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  showInNavigation: z.boolean(),
  navigationOrder: z.number().int().nullable(),
  productCount: z.number().int().nonnegative(),
});

export const postSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  publishedAt: z.date(),
  updatedAt: z.date(),
  bylineAuthorId: z.number().int().nullable(),
  roundup: z
    .object({
      thing: z.string(),
      year: z.number().int(),
      picks: z.array(z.object({ productId: z.number().int(), award: z.string(), paragraph: z.string() })),
      howWeChose: z.string(),
      competition: z.string(),
    })
    .nullable(),
});

export const authorSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  role: z.string(),
  /** Plain text. */
  bio: z.string(),
  photoUrl: z.string().nullable(),
  areas: z.array(z.string()),
  updatedAt: z.date(),
});

/** Free-form JSON per setting; each is interpreted by its own domain rule (src/domain/hero.ts). */
export const settingSchema = z.object({ id: z.string(), value: z.unknown() });

/**
 * Categories with the count a shopper sees after following a category link with the default filters
 * (src/domain/catalogue/counts.ts: listed and in stock), for the home grid and the catalogue alike.
 */
export async function listCategoriesWithCounts(products: Promise<ProductRecord[]>, database?: Database) {
  const [categories, rows] = await Promise.all([listCategoriesForBuild(database), products]);
  const counts = defaultViewCounts(rows);
  return categories.map((category) => ({ ...category, productCount: counts.byCategory.get(category.slug) ?? 0 }));
}

/**
 * The five collections, reading through `database` (the process's own by default). The products and the
 * categories' counts read the same rows: Astro runs the loaders side by side, so a read still in flight is shared;
 * once it settles the next sync (the dev server's) reads afresh.
 */
export function databaseCollections(database?: Database) {
  let inFlight: Promise<ProductRecord[]> | undefined;
  const readProducts = () => {
    if (!inFlight) {
      const read = listProductsForBuild(database);
      inFlight = read;
      const forget = () => {
        if (inFlight === read) inFlight = undefined;
      };
      read.then(forget, forget);
    }
    return inFlight;
  };
  const bySlug = (row: { slug: string }) => row.slug;
  return {
    products: { list: readProducts, idOf: bySlug, schema: productSchema },
    categories: { list: () => listCategoriesWithCounts(readProducts(), database), idOf: bySlug, schema: categorySchema },
    posts: { list: () => listPublishedPostsForBuild(database), idOf: bySlug, schema: postSchema },
    settings: { list: () => listSettingsForBuild(database), idOf: (row: { id: string }) => row.id, schema: settingSchema },
    authors: { list: () => listAuthorsForBuild(database), idOf: bySlug, schema: authorSchema },
  };
}
