/**
 * GET /api/admin/authors → { authors }: every author by name, with the number of posts that name them.
 * POST the same path { name, role?, bio?, photoUrl?, areas? } → 201 with the new author, then a rebuild is requested.
 * Admin only: 401 without a session, 403 for other roles; 403 cross-site, 415 not JSON, 400 not parseable, 422 with
 * the first broken rule and its field, 409 when the name's page address is taken.
 */
import { authorTexts } from '../../src/domain/editorial/author.ts';
import { authorError, readAuthorInput } from '../../src/server/admin/author-request.ts';
import { AuthorRefusal, createAuthor, listAdminAuthors } from '../../src/server/admin/authors.ts';
import { afterAdminWrite, authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { path: '/api/admin/authors' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET', 'POST'] });
  if ('response' in admin) return admin.response;
  if (request.method === 'GET') return json({ authors: await listAdminAuthors(getDatabase()) });

  const input = await readAuthorInput(request, authorTexts.createFailed);
  if (input instanceof Response) return input;
  try {
    const created = await createAuthor(getDatabase(), admin.actor, input);
    await afterAdminWrite(context, 'author added');
    return json(created, { status: 201 });
  } catch (error) {
    if (error instanceof AuthorRefusal) return authorError(error.status, authorTexts.createFailed, error.description, error.field);
    throw error;
  }
};
