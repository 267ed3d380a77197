/**
 * POST /api/auth/sign-in { email, password } → { user } and a session cookie.
 * 401 for a wrong password or an unknown e-mail alike; 429 while the account is throttled.
 */
import { authMessages, signInSchema } from '../../src/domain/auth.ts';
import { signIn } from '../../src/server/accounts.ts';
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { guardStateChange, json, jsonError, methodNotAllowed, readJson, requireJson } from '../../src/server/http.ts';
import { sessionCookie } from '../../src/server/session.ts';

export const config = { path: '/api/auth/sign-in' };

const TITLE = 'Authentication failed';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL }) ?? requireJson(request);
  if (refused) return refused;
  const input = await readJson(request, signInSchema, { title: TITLE });
  if (input instanceof Response) return input;

  const outcome = await signIn(getDatabase(), input);
  if (!outcome.ok && outcome.reason === 'throttled') {
    return jsonError(429, TITLE, authMessages.throttled(outcome.retryAfterSeconds), {
      headers: { 'retry-after': String(outcome.retryAfterSeconds) },
    });
  }
  if (!outcome.ok) return jsonError(401, TITLE, authMessages.invalidCredentials);
  return json({ user: outcome.user }, { headers: { 'set-cookie': sessionCookie(outcome.token, outcome.expiresAt, request.url) } });
};
