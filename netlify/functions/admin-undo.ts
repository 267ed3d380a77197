/**
 * POST /api/admin/undo/:id → { jobId, restored, title, description }: undoes one bulk action or delete in one
 * transaction, then requests the rebuild as every product write does.
 * The body is an empty JSON object. Admin only: 401, 403; 403 cross-site, 415 not JSON, 400 not parseable. 404 no such change; 409 already undone, or a later edit touched
 * the same field (nothing is changed); 410 a delete past its day.
 */
import { undoRequestSchema, undoTexts } from '../../src/domain/admin/undo.ts';
import { afterAdminWrite, authorizeAdmin, idParam, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { UndoRefused, undoJob } from '../../src/server/admin/undo.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError, readJson } from '../../src/server/http.ts';

export const config = { path: '/api/admin/undo/:id', method: ['POST'] };

export default async (request: Request, context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['POST'] });
  if ('response' in admin) return admin.response;
  const input = await readJson(request, undoRequestSchema, { title: undoTexts.failed });
  if (input instanceof Response) return input;
  const id = idParam(context);
  if (id === undefined) return jsonError(404, undoTexts.failed, undoTexts.notFound);
  try {
    const result = await undoJob(getDatabase(), admin.actor, id);
    await afterAdminWrite(context, 'undo');
    return json(result);
  } catch (error) {
    if (error instanceof UndoRefused) return jsonError(error.status, undoTexts.failed, error.message);
    throw error;
  }
};
