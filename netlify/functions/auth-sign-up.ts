/**
 * POST /api/auth/sign-up { email, password, displayName? } → 201 { user }, a session cookie and a device
 * cookie; 409 when taken; 422 for a weak, common or e-mail-like password; 429 with Retry-After when the
 * client's address has created too many accounts.
 */
import { authMessages, signUpSchema } from '../../src/domain/auth.ts';
import { rateLimits } from '../../src/domain/rate-limit.ts';
import { signUp } from '../../src/server/accounts.ts';
import { getDatabase } from '../../src/server/db.ts';
import { deviceCookie } from '../../src/server/device-cookie.ts';
import { env } from '../../src/server/env.ts';
import { clientAddress, guardStateChange, json, jsonError, methodNotAllowed, readJson, requireJson } from '../../src/server/http.ts';
import { isCommonPassword } from '../../src/server/password.ts';
import { hitRateLimit, tooManyRequests } from '../../src/server/rate-limit.ts';
import { sessionCookie } from '../../src/server/session.ts';

export const config = { path: '/api/auth/sign-up' };

const TITLE = 'Sign up failed';

export default async (request: Request, context?: { ip?: string }): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL }) ?? requireJson(request);
  if (refused) return refused;
  const database = getDatabase();
  const limit = await hitRateLimit(database, rateLimits.signUp, clientAddress(request, context));
  if (!limit.allowed) return tooManyRequests(TITLE, authMessages.tooManySignUps(limit.retryAfterSeconds), limit.retryAfterSeconds);
  const input = await readJson(request, signUpSchema, { title: TITLE });
  if (input instanceof Response) return input;
  if (await isCommonPassword(input.password)) return jsonError(422, TITLE, authMessages.commonPassword);

  const outcome = await signUp(database, input);
  if (!outcome.ok) return jsonError(409, TITLE, authMessages.emailTaken);
  const headers = new Headers();
  headers.append('set-cookie', sessionCookie(outcome.token, outcome.expiresAt, request.url));
  headers.append('set-cookie', deviceCookie(outcome.deviceToken, request.url));
  return json({ user: outcome.user }, { status: 201, headers });
};
