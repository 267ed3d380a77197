/**
 * PATCH /api/admin/authors/:id { name, role?, bio?, photoUrl?, areas? } → the saved author (the page address stays).
 * DELETE /api/admin/authors/:id → { deleted, unbylinedPosts }: their posts stay, without a byline.
 * Each write requests a rebuild. Admin only, with the write guards of every admin function; 404 for an unknown id,
 * 409 for a name whose page address another author has, 422 for bad input (with its field).
 */
import { authorTexts } from '../../src/domain/editorial/author.ts';
import { authorError, readAuthorInput } from '../../src/server/admin/author-request.ts';
import { AuthorRefusal, deleteAuthor, updateAuthor } from '../../src/server/admin/authors.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';

export const config = { path: '/api/admin/authors/:id' };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['PATCH', 'DELETE'] });
  if ('response' in admin) return admin.response;
  const title = request.method === 'PATCH' ? authorTexts.updateFailed : authorTexts.deleteFailed;
  const id = idParam(context);
  if (id === undefined) return authorError(404, title, authorTexts.notFound);

  try {
    if (request.method === 'DELETE') {
      const deleted = await deleteAuthor(getDatabase(), admin.actor, id);
      await afterAdminWrite(context, 'author deleted');
      return json(deleted);
    }
    const input = await readAuthorInput(request, title);
    if (input instanceof Response) return input;
    const { author, changed } = await updateAuthor(getDatabase(), admin.actor, id, input);
    if (changed) await afterAdminWrite(context, 'author updated');
    return json(author);
  } catch (error) {
    if (error instanceof AuthorRefusal) return authorError(error.status, title, error.description, error.field);
    throw error;
  }
};
