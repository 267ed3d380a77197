/**
 * POST /api/admin/products/from-link { url } → 201 { product, affiliateLink, scraped, needsReview, failure }: add by
 * link (issue 11, point 2). The link row is stored, the page fetched through the safe fetcher and read, and the
 * product created (the fallback draft, with a warning, when the page could not be read). A link already in the catalogue
 * is answered 409 { error, existing } with the product that has it, and nothing is stored. Admin only, with every admin write's guards;
 * 422 'Please enter an affiliate link' / 'Please enter a valid URL' for a bad link, 422 'Error processing affiliate
 * link' when the fetcher refuses the target (only the link row stays), 500 with the spec's texts when the database fails.
 * An Amazon link is never scraped (src/server/admin/from-amazon.ts): the Creators API fills it, or it is a draft with a
 * message naming the API; Amazon's refusals are 422 (429 with Retry-After when it throttles), nothing stored.
 */
import { z } from 'zod';
import { existingProductTexts, fromLinkTexts, linkProblem, MAX_FROM_LINK_BODY_BYTES } from '../../src/domain/admin/from-link.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { addProductFromLink, DuplicateLinkError, FromLinkError } from '../../src/server/admin/from-link.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/products/from-link', method: ['POST'] };

const bodySchema = z.object({ url: z.unknown() }, { error: fromLinkTexts.empty }).catch({ url: undefined });

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const body = await readJson(request, bodySchema, { title: fromLinkTexts.failedTitle, maxBytes: MAX_FROM_LINK_BODY_BYTES });
  if (body instanceof Response) return body;
  const problem = linkProblem(body.url);
  if (problem) return jsonError(422, problem.title, problem.description);

  try {
    const answer = await addProductFromLink(getDatabase(), admin.actor, String(body.url).trim());
    await afterAdminWrite(context, 'product added from a link');
    return json(answer, { status: 201 });
  } catch (error) {
    if (error instanceof DuplicateLinkError) {
      const { existing } = error;
      return json({ error: { title: existingProductTexts.title, description: existingProductTexts.description(existing.name) }, existing }, { status: 409 });
    }
    if (error instanceof FromLinkError) {
      const retryAfter = error.retryAfterMs === null ? undefined : { 'retry-after': String(Math.ceil(error.retryAfterMs / 1000)) };
      return jsonError(error.status, error.title, error.description, { headers: retryAfter });
    }
    throw error;
  }
};
