/**
 * Multi-Product (issue 10, point 4; spec sections 5 and 8): several products in one request, each created on its own
 * (all or nothing per entry), and the toast that sums the outcome up.
 */
import { z } from 'zod';
import { productInputSchemaWith, productTexts } from './product-form.ts';

/** How many entries one request may carry: a screenful of entries, well under the function's body limit. */
export const MAX_BATCH_ENTRIES = 50;
/** Each entry is a few hundred bytes from the compact form; full entries with descriptions may be larger. */
export const MAX_BATCH_BODY_BYTES = 50 * 24 * 1024;

export const batchTexts = {
  completed: 'Batch creation completed',
  failed: 'Batch creation failed',
  empty: 'Add at least one product.',
  tooMany: `Send at most ${MAX_BATCH_ENTRIES} products at a time.`,
} as const;

/** One entry: every field of the product form; the name and affiliate URL carry Multi-Product's message. */
export const batchEntrySchema = productInputSchemaWith(productTexts.multiMissingDescription);
export type BatchEntryValues = z.input<typeof batchEntrySchema>;
export type BatchEntry = z.output<typeof batchEntrySchema>;

/** The compact entry Multi-Product shows: the fields an editor needs to list a product quickly. */
export const compactEntrySchema = batchEntrySchema.pick({ name: true, affiliateUrl: true, price: true, categoryId: true, imageUrl: true, status: true });

/** The Multi-Product form: its entries, each checked with the rules the server applies. */
export const multiProductFormSchema = z.object({
  entries: z.array(compactEntrySchema).min(1, batchTexts.empty).max(MAX_BATCH_ENTRIES, batchTexts.tooMany),
});
export type MultiProductValues = z.input<typeof multiProductFormSchema>;
export type MultiProductForm = z.output<typeof multiProductFormSchema>;

export function blankBatchEntry(): MultiProductValues['entries'][number] {
  return { name: '', affiliateUrl: '', price: '', categoryId: '', imageUrl: '', status: 'active' };
}

/** POST /api/admin/products/batch. Entries are checked one by one on the server, so one bad entry fails alone. */
export const batchRequestSchema = z.object({
  products: z.array(z.unknown(), { error: batchTexts.empty }).min(1, batchTexts.empty).max(MAX_BATCH_ENTRIES, batchTexts.tooMany),
});

export const createdProductSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type CreatedProduct = z.infer<typeof createdProductSchema>;

export const batchResultSchema = z.discriminatedUnion('ok', [
  z.object({ index: z.number().int(), ok: z.literal(true), product: createdProductSchema }),
  z.object({ index: z.number().int(), ok: z.literal(false), reason: z.string() }),
]);
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchAnswerSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  /** In the order of the request's entries. */
  results: z.array(batchResultSchema),
});
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;

export interface BatchToast {
  title: string;
  description: string;
  /** 'error' is the destructive toast the spec asks for when any entry failed. */
  variant: 'success' | 'error';
}

/** The toast after a batch (spec section 8): completed, destructive when any failed; failed when none was created. */
export function batchOutcomeToast(created: number, failed: number): BatchToast {
  if (created === 0) {
    return { title: batchTexts.failed, description: `${created} products created successfully, ${failed} failed`, variant: 'error' };
  }
  return { title: batchTexts.completed, description: `${created} products created successfully, ${failed} failed`, variant: failed > 0 ? 'error' : 'success' };
}

/** The toast when the request itself failed (network, session, server): nothing was created. */
export function batchRequestFailedToast(reason: string): BatchToast {
  return { title: batchTexts.failed, description: reason, variant: 'error' };
}
