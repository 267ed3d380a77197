/** Build-time read of the whole catalogue, for the `products` content collection. */
import { desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { authors, categories, products, type ProductAttributes, type ProductSpecifications } from '../../../db/schema.ts';
import { storedReview } from '../../domain/editorial/review.ts';
import type { EditorialReview } from '../../domain/editorial/types.ts';
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
  /** The site's editorial review; null when none. */
  review: EditorialReview | null;
  /** The review's reviewer as pages link them (/authors/{slug}); null when none is named or the author is gone. */
  reviewer: ReviewerRef | null;
};

export type ReviewerRef = { name: string; slug: string };

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
  const reviews = rows.map((row) => storedReview(row.review));
  const reviewerIds = [...new Set(reviews.flatMap((review) => (review?.reviewerId ? [review.reviewerId] : [])))];
  // The few authors reviews name, in one query (the authors table is small; a review names one by id).
  const reviewers = new Map<number, ReviewerRef>();
  if (reviewerIds.length > 0) {
    const found = await database.run((db) => db.select({ id: authors.id, name: authors.name, slug: authors.slug }).from(authors).where(inArray(authors.id, reviewerIds)));
    for (const author of found) reviewers.set(author.id, { name: author.name, slug: author.slug });
  }
  return rows.map(({ categoryName, categorySlug, attributes, specifications, review: _stored, ...row }, index) => ({
    ...row,
    review: reviews[index] ?? null,
    reviewer: reviewers.get(reviews[index]?.reviewerId ?? 0) ?? null,
    attributes: leanAttributes(attributes),
    specifications: specifications ?? {},
    category: categoryName !== null && categorySlug !== null ? { name: categoryName, slug: categorySlug } : null,
  }));
}
