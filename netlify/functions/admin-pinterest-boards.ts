/**
 * GET /api/admin/pinterest/boards → BoardsAnswer: the account's boards (GET /v5/boards, kept a minute). Without a
 * token, or with a refused one, 200 with the state and an empty list: the screen explains, never an error page.
 */
import { authorizeAdmin, type AdminContext } from '../../src/server/admin/endpoint.ts';
import { getDatabase } from '../../src/server/db.ts';
import { json } from '../../src/server/http.ts';
import { getBoards } from '../../src/server/pinterest/boards.ts';

export const config = { path: '/api/admin/pinterest/boards', method: ['GET'] };

export default async (request: Request, _context?: AdminContext): Promise<Response> => {
  const admin = await authorizeAdmin(request, { methods: ['GET'] });
  if ('response' in admin) return admin.response;
  return json(await getBoards(getDatabase()));
};
