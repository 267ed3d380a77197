/**
 * How the product form maps onto a stored product row and back (spec section 3: products columns, attributes keys,
 * section 9 defaults). The form edits some attributes keys; every other key a row carries (review_1,
 * product_num_ratings, imported markers …) is kept as it is, so an edit in the form never loses imported data.
 */
import { z } from 'zod';
import { NEEDS_REVIEW_ATTRIBUTE } from './needs-review.ts';
import { DEFAULT_CTA } from '../product.ts';
import { readFlag, readText, readTextList } from '../product-display/attributes.ts';
import { reviewFormFromReview, reviewSchema, storedReview } from '../editorial/review.ts';
import type { EditorialReview } from '../editorial/types.ts';
import { affiliateNetworks, type AffiliateNetwork, type DetectedPlatform } from './affiliate-platform.ts';
import { productStatuses, specificationsFromText, specificationsToText, type ProductFormValues, type ProductInput, type ProductStatus } from './product-form.ts';

/** Spec section 9. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_UNIT_COUNT = 1;
/** products.affiliate_source when the URL names no retailer the site knows (spec section 9: amazon is the column default). */
export const UNKNOWN_AFFILIATE_SOURCE = 'generic';

/** The attributes keys the form sets; an empty field removes its key. */
export const FORM_ATTRIBUTE_KEYS = ['sku', 'asin', 'status', 'cta', 'gallery_image_urls', 'tags', 'affiliate_network', 'brand', 'is_featured'] as const;

/** The product columns the form writes (the description still to be sanitized by the server). */
export interface ProductColumns {
  name: string;
  description: string;
  price: number;
  salePrice: number | null;
  imageUrl: string | null;
  rating: number | null;
  availability: boolean;
  inStock: boolean;
  affiliateUrl: string;
  affiliateSource: string;
  commissionRate: number | null;
  specifications: Record<string, unknown>;
  attributes: Record<string, unknown>;
}

/** 'YYYY-MM-DD', as attributes.date_added is written by the seed and the CSV import. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The attributes of a product after the form is saved: what it had (none for a new product) with the form's keys
 * set or removed. A new product also gets the spec's defaults: currency USD, unit_count 1, date_added today.
 */
export function productAttributes(
  input: ProductInput,
  detected: DetectedPlatform,
  existing: Record<string, unknown> | null,
  now: Date,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = existing ? { ...existing } : { currency: DEFAULT_CURRENCY, unit_count: DEFAULT_UNIT_COUNT, date_added: isoDay(now) };
  const asin = input.asin ?? (detected.platform === 'amazon' ? detected.productCode : null);
  const set = (key: (typeof FORM_ATTRIBUTE_KEYS)[number], value: unknown) => {
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) delete attributes[key];
    else attributes[key] = value;
  };
  set('sku', input.sku);
  set('asin', asin);
  set('status', input.status);
  set('cta', input.cta);
  set('gallery_image_urls', input.galleryImageUrls);
  set('tags', input.tags);
  // Blank keeps a network an import stored (one the form does not list), else follows the URL.
  set('affiliate_network', input.affiliateNetwork ?? (existing ? readText(existing, 'affiliate_network') : null) ?? detected.network);
  set('brand', input.brand);
  // The Amazon store the link names, for the Creators API (an ASIN is one marketplace's); a form without one keeps it.
  if (detected.platform === 'amazon' && detected.marketplace) attributes.marketplace = detected.marketplace;
  attributes.is_featured = input.featured;
  // An admin who saved the product from the form has reviewed it.
  delete attributes[NEEDS_REVIEW_ATTRIBUTE];
  return attributes;
}

/** The columns a create or an update writes, except slug and category (the server resolves those). */
export function productColumns(input: ProductInput, detected: DetectedPlatform, existing: Record<string, unknown> | null, now: Date): ProductColumns {
  return {
    name: input.name,
    description: input.description,
    price: input.price ?? 0,
    salePrice: input.salePrice,
    imageUrl: input.imageUrl,
    rating: input.rating,
    availability: input.availability,
    inStock: input.inStock,
    affiliateUrl: input.affiliateUrl,
    affiliateSource: detected.retailer ?? UNKNOWN_AFFILIATE_SOURCE,
    commissionRate: input.commissionRate,
    specifications: specificationsFromText(input.specifications),
    attributes: productAttributes(input, detected, existing, now),
  };
}

// Reading a stored product back for the editor.

/** GET, POST and PUT answer a product as the editor needs it. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  affiliateUrl: z.string(),
  description: z.string(),
  price: z.number(),
  salePrice: z.number().nullable(),
  imageUrl: z.string().nullable(),
  galleryImageUrls: z.array(z.string()),
  rating: z.number().nullable(),
  categoryId: z.number().int().nullable(),
  availability: z.boolean(),
  inStock: z.boolean(),
  specifications: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
  cta: z.string(),
  /** Null when the stored value is none of the spec's networks (an import may carry another). */
  affiliateNetwork: z.enum(affiliateNetworks).nullable(),
  commissionRate: z.number().nullable(),
  sku: z.string().nullable(),
  asin: z.string().nullable(),
  brand: z.string().nullable(),
  status: z.enum(productStatuses),
  featured: z.boolean(),
  review: reviewSchema,
  updatedAt: z.iso.datetime(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductAnswerSchema = z.object({ product: adminProductSchema });

/** The stored row's fields the editor reads (the database's Product has these, among others). */
export interface StoredProduct {
  id: number;
  slug: string;
  name: string;
  affiliateUrl: string;
  description: string;
  price: number;
  salePrice: number | null;
  imageUrl: string | null;
  rating: number | null;
  categoryId: number | null;
  availability: boolean;
  inStock: boolean;
  commissionRate: number | null;
  specifications: Record<string, unknown>;
  attributes: Record<string, unknown>;
  status: ProductStatus | null;
  /** The editorial review column (JSON); read through the review rules. */
  review?: EditorialReview | null;
  updatedAt: Date;
}

function textOrNumber(attributes: Record<string, unknown>, key: string): string | null {
  const value = attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : readText(attributes, key);
}

export function adminProductFromRow(row: StoredProduct): AdminProduct {
  const attributes = row.attributes;
  const network = readText(attributes, 'affiliate_network')?.toLowerCase() ?? null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    affiliateUrl: row.affiliateUrl,
    description: row.description,
    price: row.price,
    salePrice: row.salePrice,
    imageUrl: row.imageUrl,
    galleryImageUrls: readTextList(attributes, 'gallery_image_urls'),
    rating: row.rating,
    categoryId: row.categoryId,
    availability: row.availability,
    inStock: row.inStock,
    specifications: row.specifications,
    tags: readTextList(attributes, 'tags'),
    cta: readText(attributes, 'cta') ?? DEFAULT_CTA,
    affiliateNetwork: (affiliateNetworks as readonly string[]).includes(network ?? '') ? (network as AffiliateNetwork) : null,
    commissionRate: row.commissionRate,
    sku: textOrNumber(attributes, 'sku'),
    asin: readText(attributes, 'asin'),
    brand: readText(attributes, 'brand'),
    status: row.status ?? 'active',
    featured: readFlag(attributes, 'is_featured'),
    review: storedReview(row.review),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const numberText = (value: number | null) => (value === null ? '' : String(value));

/** The form's values for editing a stored product; the gallery shows one empty input when it has no image. */
export function productFormFromProduct(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    affiliateUrl: product.affiliateUrl,
    description: product.description,
    price: numberText(product.price),
    salePrice: numberText(product.salePrice),
    imageUrl: product.imageUrl ?? '',
    galleryImageUrls: product.galleryImageUrls.length > 0 ? product.galleryImageUrls : [''],
    rating: numberText(product.rating),
    categoryId: product.categoryId === null ? '' : String(product.categoryId),
    availability: product.availability,
    inStock: product.inStock,
    specifications: specificationsToText(product.specifications),
    tags: product.tags,
    cta: product.cta,
    affiliateNetwork: product.affiliateNetwork ?? '',
    commissionRate: numberText(product.commissionRate),
    sku: product.sku ?? '',
    asin: product.asin ?? '',
    brand: product.brand ?? '',
    status: product.status,
    featured: product.featured,
    review: reviewFormFromReview(product.review),
  };
}
