/** POST /api/auth/sign-out → 204; deletes the session on the server and clears the cookie. */
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { guardStateChange, methodNotAllowed, noContent } from '../../src/server/http.ts';
import { getRequestSession } from '../../src/server/request-user.ts';
import { blankSessionCookie, invalidateSession } from '../../src/server/session.ts';

export const config = { path: '/api/auth/sign-out' };

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL });
  if (refused) return refused;
  const session = await getRequestSession(request);
  if (session) await invalidateSession(getDatabase(), session.sessionId);
  return noContent({ headers: { 'set-cookie': blankSessionCookie(request.url) } });
};
