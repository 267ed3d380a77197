/**
 * POST /api/admin/blog/:id/publish { published: boolean } → the stored post. The list's Publish and Unpublish:
 * the content stays as stored; published_at is set on the first publish only and kept after. Publishing a published
 * post changes nothing. 404 for an unknown id. Admin only, with the guards of every admin write.
 */
import { blogAdminTexts, blogPublishInputSchema } from '../../src/domain/admin/blog.ts';
import { answerPostWrite, postNotFound } from '../../src/server/admin/blog-answers.ts';
import { setPostPublished } from '../../src/server/admin/blog.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/blog/:id/publish' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context);
  if (id === undefined) return postNotFound();

  const input = await readJson(request, blogPublishInputSchema, { title: blogAdminTexts.publishFailed });
  if (input instanceof Response) return input;
  const result = await setPostPublished(getDatabase(), admin.actor, id, input.published);
  if (result.ok && result.publicChange) await afterAdminWrite(context, input.published ? 'blog post published' : 'blog post unpublished');
  return answerPostWrite(result, blogAdminTexts.publishFailed);
};
