/**
 * GET /api/auth/session → { "user": { id, email, displayName, role } | null }
 *
 * Islands ask this on load to know who is signed in. An unknown, expired or
 * forged token is simply no user; a session past half its idle window gets its
 * cookie sent again with the extended expiry.
 */
import { json, methodNotAllowed } from '../../src/server/http.ts';
import { getRequestSession, refreshedCookieHeaders } from '../../src/server/request-user.ts';

export const config = { path: '/api/auth/session' };

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET']);
  const session = await getRequestSession(request);
  return json({ user: session?.user ?? null }, { headers: refreshedCookieHeaders(request, session) });
};
