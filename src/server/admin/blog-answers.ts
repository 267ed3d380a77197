/** How the blog functions answer a service result: the spec's error shape, with the texts of src/domain/admin/blog.ts. */
import { blogAdminTexts } from '../../domain/admin/blog.ts';
import { authorTexts } from '../../domain/editorial/author.ts';
import { roundupTexts } from '../../domain/editorial/roundup.ts';
import { json, jsonError } from '../http.ts';
import type { BlogWriteResult } from './blog.ts';

export function postNotFound(): Response {
  return jsonError(404, blogAdminTexts.notFound.title, blogAdminTexts.notFound.description);
}

/**
 * 200 (or `status`) with the stored post; 404 for an unknown id; 409 naming the slug when another post has it; 422
 * when the byline names an author, or a roundup pick a product, that does not exist (deleted meanwhile).
 */
export function answerPostWrite(result: BlogWriteResult, errorTitle: string, status = 200): Response {
  if (result.ok) return json(result.post, { status });
  if (result.reason === 'not-found') return postNotFound();
  if (result.reason === 'byline-unknown') return jsonError(422, errorTitle, authorTexts.bylineUnknown);
  if (result.reason === 'pick-unknown') return jsonError(422, errorTitle, roundupTexts.pickUnknown);
  if (result.reason === 'roundup-invalid') return jsonError(422, errorTitle, result.message);
  return jsonError(409, errorTitle, blogAdminTexts.slugTaken(result.slug));
}
