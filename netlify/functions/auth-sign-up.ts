/** POST /api/auth/sign-up { email, password, displayName? } → 201 { user } and a session cookie; 409 when taken. */
import { authMessages, signUpSchema } from '../../src/domain/auth.ts';
import { signUp } from '../../src/server/accounts.ts';
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { guardStateChange, json, jsonError, methodNotAllowed, readJson, requireJson } from '../../src/server/http.ts';
import { sessionCookie } from '../../src/server/session.ts';

export const config = { path: '/api/auth/sign-up' };

const TITLE = 'Sign up failed';

export default async (request: Request): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL }) ?? requireJson(request);
  if (refused) return refused;
  const input = await readJson(request, signUpSchema, { title: TITLE });
  if (input instanceof Response) return input;

  const outcome = await signUp(getDatabase(), input);
  if (!outcome.ok) return jsonError(409, TITLE, authMessages.emailTaken);
  return json(
    { user: outcome.user },
    { status: 201, headers: { 'set-cookie': sessionCookie(outcome.token, outcome.expiresAt, request.url) } },
  );
};
