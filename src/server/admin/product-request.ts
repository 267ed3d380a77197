/** Reading and answering product write requests, shared by the product functions (issue 10, points 4 and 8). */
import { z } from 'zod';
import { isMissingRequired, productTexts } from '../../domain/admin/product-form.ts';
import { jsonError, readJson } from '../http.ts';
import { ProductWriteError } from './product-writes.ts';

/** A product with a long HTML description fits; anything larger is not a product form. */
export const MAX_PRODUCT_BODY_BYTES = 256 * 1024;

/**
 * The validated body, or the answer to send: 413 and 400 as readJson gives them; 422 with the first broken rule,
 * titled 'Missing required fields' for the spec's name-and-URL rule and `title` otherwise.
 */
export async function readProductInput<S extends z.ZodType>(request: Request, schema: S, title: string, maxBytes = MAX_PRODUCT_BODY_BYTES): Promise<z.output<S> | Response> {
  const raw = await readJson(request, z.unknown(), { title, maxBytes });
  if (raw instanceof Response) return raw;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'The request body is not valid.';
  return jsonError(422, isMissingRequired(message) ? productTexts.missingTitle : title, message);
}

/** A refused write as its answer; anything else is rethrown (an unexpected failure, logged by the server). */
export function productWriteErrorResponse(error: unknown): Response {
  if (error instanceof ProductWriteError) return jsonError(error.status, error.title, error.description);
  throw error;
}
