/** GET /api/admin/messages?page=n → one page of contact messages, newest first. Admin only. */
import { messagesQuerySchema } from '../../src/domain/admin/overview.ts';
import { authorizeAdmin } from '../../src/server/admin/endpoint.ts';
import { listContactMessages } from '../../src/server/admin/overview.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json, jsonError } from '../../src/server/http.ts';

export const config = { path: '/api/admin/messages' };

export default async (request: Request): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  const query = messagesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return jsonError(422, 'Invalid request', query.error.issues[0]?.message ?? 'The query is not valid.');
  return json(await listContactMessages(getDatabase(), query.data.page));
};
