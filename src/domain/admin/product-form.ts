/**
 * The product form's fields and rules (issue 10, point 4; spec section 5, Manual form), as one zod schema shared by
 * the Manual Form, the product editor, Multi-Product and the functions that create and update products. The schema
 * takes what a form holds (numbers as typed text, blank inputs) as well as JSON numbers, and gives the clean input
 * the server stores, so a value the form accepted is a value the server accepts.
 */
import { z } from 'zod';
import { DEFAULT_CTA } from '../product.ts';
import { affiliateNetworks } from './affiliate-platform.ts';
import { reviewFormFromReview, reviewSchema } from '../editorial/review.ts';

export const productTexts = {
  missingTitle: 'Missing required fields',
  missingDescription: 'Please fill in at least the product name and affiliate URL.',
  multiMissingDescription: 'Each product must have at least a name and affiliate URL.',
  created: 'Product created successfully',
  createFailed: 'Error creating product',
  updated: 'Product updated',
  updateFailed: 'Error updating product',
  notFound: 'Product not found',
  notFoundDescription: 'The product does not exist or has been deleted.',
  nameTooLong: 'The product name must be at most 200 characters.',
  urlInvalid: 'The affiliate URL must be a web address starting with http:// or https://.',
  imageInvalid: 'The image URL must start with http://, https:// or / (a page of this site).',
  galleryInvalid: 'Each gallery image URL must start with http://, https:// or / (a page of this site).',
  galleryTooMany: 'Add at most 8 gallery images.',
  price: 'Price must be a number from 0 to 1,000,000 in steps of 0.01.',
  salePrice: 'Sale price must be a number from 0 to 1,000,000 in steps of 0.01.',
  rating: 'Rating must be between 1 and 5 in steps of 0.1, or empty.',
  commissionRate: 'Commission rate must be a percentage from 0 to 100 in steps of 0.01, or empty.',
  categoryInvalid: 'Choose a category from the list.',
  categoryMissing: 'The chosen category no longer exists. Choose another one.',
  tagTooLong: 'A tag can be at most 40 characters.',
  tagsTooMany: 'Add at most 20 tags.',
  skuTooLong: 'The SKU must be at most 64 characters.',
  asinInvalid: 'The ASIN must be 10 letters or digits, such as B08N5WRWNW.',
  brandTooLong: 'The brand must be at most 100 characters.',
  ctaTooLong: 'The button text (CTA) must be at most 40 characters.',
  descriptionTooLong: 'The description must be at most 100,000 characters.',
  specificationsTooLong: 'The specifications must be at most 20,000 characters.',
  statusInvalid: 'Choose draft, active or published.',
  networkInvalid: 'Choose an affiliate network from the list.',
  notAnObject: 'Send the product as a JSON object.',
  specificationsHint: 'JSON such as {"weight": "2 kg"}. Text that is not valid JSON is stored as the description of the specifications.',
} as const;

export const MAX_GALLERY_IMAGES = 8;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_PRICE = 1_000_000;
/** The longest product name; a scraped or URL-guessed name is cut to it so the product stays editable in this form. */
export const MAX_NAME_LENGTH = 200;

export const productStatuses = ['draft', 'active', 'published'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const productStatusLabels: Record<ProductStatus, string> = { draft: 'Draft', active: 'Active', published: 'Published' };

// The rules, as plain functions.

/**
 * The specifications textarea as stored (spec section 5): a JSON object as it is; anything else that is not blank
 * (text, or JSON that is not an object, such as a list) as `{ description: text }`; blank as `{}`.
 */
export function specificationsFromText(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Not JSON: stored as a description, as the spec says.
  }
  return { description: trimmed };
}

/** Stored specifications as the textarea shows them for editing; `{}` is an empty field. */
export function specificationsToText(specifications: Record<string, unknown>): string {
  return Object.keys(specifications).length === 0 ? '' : JSON.stringify(specifications, null, 2);
}

/** Tags trimmed, inner spaces collapsed, blanks dropped, and unique ignoring case (the first spelling is kept). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** The tag list after adding one: unchanged when the tag is blank or already there (ignoring case). */
export function addTag(tags: readonly string[], tag: string): string[] {
  return normalizeTags([...tags, tag]);
}

/** Gallery image URLs trimmed with blank inputs dropped (spec section 5), duplicates once. */
export function galleryUrls(urls: readonly string[]): string[] {
  return [...new Set(urls.map((url) => url.trim()).filter((url) => url !== ''))];
}

/** Whether a price-like number sits on a step (0.01 for money, 0.1 for ratings), tolerating binary fractions. */
export function isOnStep(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An image the public pages render: http(s), or a path on this site (one leading '/', not protocol-relative '//'). */
export function isImageUrl(text: string): boolean {
  if (text.startsWith('/')) return !text.startsWith('//');
  return isHttpUrl(text);
}

// The schema.

const blankToNull = (value: string) => (value === '' ? null : value);

function decimalsOf(step: number): number {
  return Math.max(0, Math.round(-Math.log10(step)));
}

/** A number typed into a form (text) or sent as JSON; blank is null. */
function decimal(message: string, { min, max, step }: { min: number; max: number; step: number }) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx): number | null => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === undefined || text === null || text === '') return null;
      const number = typeof text === 'number' ? text : Number(text);
      if (!Number.isFinite(number) || number < min || number > max || !isOnStep(number, step)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      // 19.990000000000002 from arithmetic elsewhere is stored as 19.99.
      return Number(number.toFixed(decimalsOf(step)));
    });
}

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => value ?? '');

const optionalText = (max: number, message: string) => text(max, message).transform(blankToNull);

function flag(defaultValue: boolean) {
  return z.boolean().optional().transform((value) => value ?? defaultValue);
}

/** The category: an id from the picker, sent as a number or as the select's text; blank means uncategorized. */
const categoryId = z
  .union([z.number(), z.string(), z.null()], { error: productTexts.categoryInvalid })
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === '') return null;
    const id = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(id) || id < 1) {
      ctx.addIssue({ code: 'custom', message: productTexts.categoryInvalid });
      return z.NEVER;
    }
    return id;
  });

/**
 * Every field of the form, with the required message given: the Manual Form's and the product editor's
 * (productTexts.missingDescription) or Multi-Product's (productTexts.multiMissingDescription).
 */
export function productInputSchemaWith(requiredMessage: string) {
  return z.object(
    {
      name: z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(MAX_NAME_LENGTH, productTexts.nameTooLong),
      affiliateUrl: z
        .string({ error: requiredMessage })
        .trim()
        .min(1, requiredMessage)
        .max(2048, productTexts.urlInvalid)
        .refine(isHttpUrl, productTexts.urlInvalid),
      /** HTML; the server sanitizes it before it is stored. */
      description: text(100_000, productTexts.descriptionTooLong),
      price: decimal(productTexts.price, { min: 0, max: MAX_PRICE, step: 0.01 }),
      salePrice: decimal(productTexts.salePrice, { min: 0, max: MAX_PRICE, step: 0.01 }),
      imageUrl: optionalText(2048, productTexts.imageInvalid).refine((url) => url === null || isImageUrl(url), productTexts.imageInvalid),
      galleryImageUrls: z
        .array(z.string({ error: productTexts.galleryInvalid }).max(2048, productTexts.galleryInvalid), { error: productTexts.galleryInvalid })
        .max(50, productTexts.galleryTooMany)
        .optional()
        .transform((urls) => galleryUrls(urls ?? []))
        .refine((urls) => urls.every(isImageUrl), productTexts.galleryInvalid)
        .refine((urls) => urls.length <= MAX_GALLERY_IMAGES, productTexts.galleryTooMany),
      rating: decimal(productTexts.rating, { min: 1, max: 5, step: 0.1 }),
      categoryId,
      availability: flag(true),
      inStock: flag(true),
      /** The textarea's text; specificationsFromText turns it into the stored map. */
      specifications: text(20_000, productTexts.specificationsTooLong),
      tags: z
        .array(z.string({ error: productTexts.tagTooLong }).max(200, productTexts.tagTooLong), { error: productTexts.tagsTooMany })
        .max(100, productTexts.tagsTooMany)
        .optional()
        .transform((tags) => normalizeTags(tags ?? []))
        .refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), productTexts.tagTooLong)
        .refine((tags) => tags.length <= MAX_TAGS, productTexts.tagsTooMany),
      /** Blank is the spec's default, 'Buy Now'. */
      cta: text(40, productTexts.ctaTooLong).transform((cta) => cta || DEFAULT_CTA),
      /** Blank means "from the affiliate URL" (detectAffiliatePlatform), which is 'generic' for an unknown shop. */
      affiliateNetwork: z
        .union([z.enum(affiliateNetworks), z.literal(''), z.null()], { error: productTexts.networkInvalid })
        .optional()
        .transform((network) => network || null),
      commissionRate: decimal(productTexts.commissionRate, { min: 0, max: 100, step: 0.01 }),
      sku: optionalText(64, productTexts.skuTooLong),
      asin: optionalText(10, productTexts.asinInvalid)
        .refine((asin) => asin === null || /^[A-Za-z0-9]{10}$/.test(asin), productTexts.asinInvalid)
        .transform((asin) => asin?.toUpperCase() ?? null),
      brand: optionalText(100, productTexts.brandTooLong),
      status: z
        .enum(productStatuses, { error: productTexts.statusInvalid })
        .optional()
        .transform((status) => status ?? 'active'),
      featured: flag(false),
      /**
       * The editorial review (src/domain/editorial/review.ts): null or an empty review removes it; left out, a create
       * stores none and an update keeps the stored one (clients that do not edit reviews cannot erase them).
       */
      review: reviewSchema.optional(),
    },
    { error: productTexts.notAnObject },
  );
}

/** POST /api/admin/products, and the Manual Form and product editor. */
export const productInputSchema = productInputSchemaWith(productTexts.missingDescription);
export type ProductFormValues = z.input<typeof productInputSchema>;
export type ProductInput = z.output<typeof productInputSchema>;

/**
 * PUT /api/admin/products/:id. The address stays as it is unless the admin asks for one that follows the (new) name
 * (renameSlug): links already shared, bookmarked or indexed keep working by default.
 */
export const productUpdateSchema = productInputSchema.extend({ renameSlug: z.boolean().optional().transform((value) => value ?? false) });
export type ProductUpdateValues = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** Whether a failed check is the spec's "name and affiliate URL" rule, which has a toast title of its own. */
export function isMissingRequired(message: string | undefined): boolean {
  return message === productTexts.missingDescription || message === productTexts.multiMissingDescription;
}

/** The form's starting values for a new product. */
export function blankProductForm(): ProductFormValues {
  return {
    name: '',
    affiliateUrl: '',
    description: '',
    price: '',
    salePrice: '',
    imageUrl: '',
    galleryImageUrls: [''],
    rating: '',
    categoryId: '',
    availability: true,
    inStock: true,
    specifications: '',
    tags: [],
    cta: DEFAULT_CTA,
    affiliateNetwork: '',
    commissionRate: '',
    sku: '',
    asin: '',
    brand: '',
    status: 'active',
    featured: false,
    review: reviewFormFromReview(null),
  };
}
