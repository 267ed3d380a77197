/**
 * The product form's "Fill from Amazon": POST /api/admin/amazon/item { url } → { asin, marketplace, canonicalUrl,
 * fields }. The link's ASIN and marketplace (a short link followed by its redirects), and the fields the Creators API
 * gives, in the form's own terms; nothing is stored. Refusals are `{ error: { title, description } }`: 422 a link that
 * names no Amazon product, the API not configured, an ASIN Amazon does not serve or a refusal of the API; 429 when
 * Amazon throttles the site. Shared by the island and the function.
 */
import { z } from 'zod';
import { MAX_LINK_LENGTH } from './from-link.ts';

export const amazonLookupTexts = {
  button: 'Fill from Amazon',
  busy: 'Asking Amazon…',
  failedTitle: 'Amazon data unavailable',
  filledTitle: 'Filled from Amazon',
  filled: (asin: string) => `The name, brand, images, price, sale price, availability, rating and features of ${asin} were filled in from Amazon's Creators API. Check them, then save.`,
  detected: (asin: string, marketplace: string) => `Amazon ASIN ${asin} on ${marketplace}`,
} as const;

export const amazonLookupRequestSchema = z.object({ url: z.string().trim().min(1).max(MAX_LINK_LENGTH) });

export const amazonLookupAnswerSchema = z.object({
  asin: z.string(),
  marketplace: z.string(),
  canonicalUrl: z.string(),
  fields: z.object({
    name: z.string().nullable(),
    brand: z.string().nullable(),
    imageUrl: z.string().nullable(),
    galleryImageUrls: z.array(z.string()),
    price: z.number().nullable(),
    salePrice: z.number().nullable(),
    inStock: z.boolean(),
    rating: z.number().nullable(),
    /** The features as an HTML list (sanitized by the server). */
    description: z.string(),
  }),
});
export type AmazonLookupAnswer = z.infer<typeof amazonLookupAnswerSchema>;
