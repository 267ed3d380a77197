/** Build-time read of the whole catalogue, for the `products` content collection. */
import { desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { categories, products, type ProductAttributes, type ProductSpecifications } from '../../../db/schema.ts';
import { getDatabase } from '../db.ts';

export type ProductCategoryRef = {
  name: string;
  slug: string;
};

/** One product as pages need it: its row minus counters, plus its category's name and slug. */
export type ProductRecord = {
  id: number;
  slug: string;
  name: string;
  /** Sanitized HTML. */
  description: string;
  price: number;
  salePrice: number | null;
  imageUrl: string | null;
  rating: number | null;
  availability: boolean;
  inStock: boolean;
  affiliateUrl: string;
  affiliateSource: string;
  attributes: ProductAttributes;
  specifications: ProductSpecifications;
  category: ProductCategoryRef | null;
  createdAt: Date;
  /** When the price was last checked (pages stamp the price with it); null: never. */
  priceCheckedAt: Date | null;
  /** The site's review, as stored (it may be null or partly filled: readers validate it). */
  review: unknown;
};

/**
 * Import bookkeeping that can be as large as the product itself and that no page shows;
 * dropping it keeps the data store (and every build) lean at 10,000 products.
 */
const BUILD_OMITTED_ATTRIBUTES = ['csvRow', 'originalCsvData'] as const;

function leanAttributes(attributes: ProductAttributes | null): ProductAttributes {
  if (!attributes || typeof attributes !== 'object') return {};
  if (!BUILD_OMITTED_ATTRIBUTES.some((key) => key in attributes)) return attributes;
  const copy = { ...attributes };
  for (const key of BUILD_OMITTED_ATTRIBUTES) delete copy[key];
  return copy;
}

/** Every product but drafts, with its category, newest first, in one query (one join, no per-row lookups). */
export async function listProductsForBuild(database: Database = getDatabase()): Promise<ProductRecord[]> {
  const rows = await database.run((db) =>
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        description: products.description,
        price: products.price,
        salePrice: products.salePrice,
        imageUrl: products.imageUrl,
        rating: products.rating,
        availability: products.availability,
        inStock: products.inStock,
        affiliateUrl: products.affiliateUrl,
        affiliateSource: products.affiliateSource,
        attributes: products.attributes,
        specifications: products.specifications,
        createdAt: products.createdAt,
        priceCheckedAt: products.priceCheckedAt,
        review: products.review,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(products)
      .leftJoin(categories, eq(products.categoryId, categories.id))
      // Drafts never reach a public page, the sitemap or the catalogue data (issue 10, point 8).
      .where(ne(products.status, 'draft'))
      .orderBy(desc(products.createdAt), desc(products.id)),
  );
  return rows.map(({ categoryName, categorySlug, attributes, specifications, review, ...row }) => ({
    ...row,
    review: review ?? null,
    attributes: leanAttributes(attributes),
    specifications: specifications ?? {},
    category: categoryName !== null && categorySlug !== null ? { name: categoryName, slug: categorySlug } : null,
  }));
}
