/**
 * GET    /api/admin/blog/:id → the stored post.
 * PUT    /api/admin/blog/:id { title, slug?, excerpt?, imageUrl?, category?, content?, published } → the stored post;
 *        published_at is set on the first publish only. 409 when another post has the slug.
 * DELETE /api/admin/blog/:id → 204; readers' bookmarks of the post go with it.
 * 404 for an unknown id. A rebuild is requested when the public site changes (the post was or is published).
 * Admin only, with the guards of every admin write (see admin-blog.ts).
 */
import { POST_BODY_MAX_BYTES, blogAdminTexts, blogPostInputSchema } from '../../src/domain/admin/blog.ts';
import { answerPostWrite, postNotFound } from '../../src/server/admin/blog-answers.ts';
import { deletePost, getAdminPost, updatePost } from '../../src/server/admin/blog.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, noContent, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/blog/:id' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'PUT', 'DELETE'] });
  if ('response' in admin) return admin.response;
  const id = idParam(context);
  if (id === undefined) return postNotFound();

  if (request.method === 'GET') {
    const post = await getAdminPost(getDatabase(), id);
    return post ? json(post) : postNotFound();
  }
  if (request.method === 'DELETE') {
    const result = await deletePost(getDatabase(), admin.actor, id);
    if (!result.ok) return postNotFound();
    if (result.publicChange) await afterAdminWrite(context, 'blog post deleted');
    return noContent();
  }

  const input = await readJson(request, blogPostInputSchema, { title: blogAdminTexts.saveFailed, maxBytes: POST_BODY_MAX_BYTES });
  if (input instanceof Response) return input;
  const result = await updatePost(getDatabase(), admin.actor, id, input);
  if (result.ok && result.publicChange) await afterAdminWrite(context, 'blog post updated');
  return answerPostWrite(result, blogAdminTexts.saveFailed);
};
