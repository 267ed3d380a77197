/** Who is making a request, from its session cookie; and the guards built on that. */
import type { AppUser } from '../domain/user.ts';
import { getDatabase } from './db.ts';
import { jsonError } from './http.ts';
import { readSessionToken, sessionCookie, validateSessionToken, type SessionValidation } from './session.ts';

export async function getRequestSession(request: Request): Promise<SessionValidation | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  return validateSessionToken(getDatabase(), token);
}

/** Headers that re-send the cookie when the session's expiry moved. */
export function refreshedCookieHeaders(request: Request, session: SessionValidation | null): HeadersInit {
  if (!session?.refreshed) return {};
  const token = readSessionToken(request)!;
  return { 'set-cookie': sessionCookie(token, session.expiresAt, request.url) };
}

export type Authorised = { user: AppUser; session: SessionValidation } | { response: Response };

const signInRequired = { title: 'Authentication required', description: 'Please sign in to continue.' };

/** 401 (with the given message) without a valid session. */
export async function requireUser(request: Request, refusal: { title: string; description: string } = signInRequired): Promise<Authorised> {
  const session = await getRequestSession(request);
  if (!session) return { response: jsonError(401, refusal.title, refusal.description) };
  return { user: session.user, session };
}

/** 401 without a session, 403 for any role but admin. Every admin function starts here. */
export async function requireAdmin(request: Request): Promise<Authorised> {
  const result = await requireUser(request);
  if ('response' in result) return result;
  if (result.user.role !== 'admin') {
    return { response: jsonError(403, 'Access Denied', "You don't have permission to access this page.") };
  }
  return result;
}
