/**
 * GET  /api/admin/blog?status=all|published|draft&search=&page= → { posts, total, page, pageSize, counts }: drafts
 *      and published posts, newest first, a page at a time.
 * POST /api/admin/blog { title, slug?, excerpt?, imageUrl?, category?, content?, published } → 201 with the stored
 *      post (content sanitized). 409 when the slug is taken; a rebuild is requested when the post is published.
 * Admin only: 401 without a session, 403 for other roles; 403 cross-site, 415 not JSON, 400 not parseable,
 * 413 too large, 422 with the first broken rule.
 */
import { POST_BODY_MAX_BYTES, blogAdminTexts, blogListQueryFrom, blogPostInputSchema } from '../../src/domain/admin/blog.ts';
import { answerPostWrite } from '../../src/server/admin/blog-answers.ts';
import { createPost, listAdminPosts } from '../../src/server/admin/blog.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/blog' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'POST'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') return json(await listAdminPosts(getDatabase(), blogListQueryFrom(new URL(request.url).searchParams)));

  const input = await readJson(request, blogPostInputSchema, { title: blogAdminTexts.saveFailed, maxBytes: POST_BODY_MAX_BYTES });
  if (input instanceof Response) return input;
  const result = await createPost(getDatabase(), admin.actor, input);
  if (result.ok && result.publicChange) await afterAdminWrite(context, 'blog post published');
  return answerPostWrite(result, blogAdminTexts.saveFailed, 201);
};
